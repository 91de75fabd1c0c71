"""BLEU of a one-off call runs in plain Python (``ngram_core.bleu.plain``, no numpy, no
pyarrow); a larger or long-running one runs the array code or compiled. Every variant and
option must give the same result dictionary, bit for bit, either way; the rule that picks
the path is pinned in ``test_compiled_rule.py`` and what a fresh process imports in
``test_first_call.py``."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.data import read_lines, require_wmt
from helpers.tokens import EDGE_CASES

from ngram_core import compiled
from ngram_core.bleu import corpus_bleu
from ngram_core.ngrams import plain

# (options) over every variant, smoothing that reads the last segment's 5-grams, the
# tie rule of torchmetrics, orders 1 to 6, each lowercasing, tokenizers and weights
OPTION_CASES = [
    {},
    {"return_segments": True},
    {"effective_order": True, "return_segments": True},
    {"effective_order": "seed", "max_order": 6},
    {"smooth_method": "floor", "smooth_value": 0.2},
    {"smooth_method": "add-k", "smooth_value": 0},
    {"smooth_method": "constant"},
    {"smooth_method": "none", "max_order": 1},
    {"weights": [0.4, 0.3, 0.2, 0.1]},  # (the row body, weighted)
    {"lowercase": True, "tokenize": "intl"},
    {"tokenize": "char", "max_order": 2},
    {"tokenize": "zh"},
    {"tokenize": "none"},
    {"variant": "nltk", "return_segments": True},
    {"variant": "nltk", "smooth_method": "method5"},
    {"variant": "nltk", "smooth_method": "method7", "max_order": 3},
    {"variant": "nltk", "smooth_method": "method4", "weights": [0.5, 0.5], "max_order": 2},
    {"variant": "evaluate", "smooth_method": "add-one", "return_segments": True},
    {"variant": "mteval", "lowercase": "ascii"},
    {"variant": "coco", "max_order": 4},
    {"variant": "torchmetrics", "return_segments": True},
    {"variant": "torchmetrics", "tokenize": "13a", "smooth_method": "add-one"},
]


def both_paths(hyps, refs, **options):
    with compiled.preferring_plain(True):
        in_python = corpus_bleu(hyps, refs, **options)
    with compiled.preferring_plain(False):
        as_arrays = corpus_bleu(hyps, refs, **options)
    return in_python, as_arrays


def wmt_corpus(every=11):
    """Every ``every``-th segment of a few WMT test sets: two references where there are two."""
    wmt = require_wmt()
    hyps, refs = [], []
    for pair in sorted(wmt.glob("*/*")):
        systems = sorted(pair.glob("sys.*.txt"))[:1]
        references = sorted(pair.glob("ref.*.txt"))[:2]
        if not systems or not references:
            continue
        columns = [read_lines(path)[::every] for path in references]
        hyps += read_lines(systems[0])[::every]
        refs += [list(row) for row in zip(*columns)]
    return hyps[:3000], refs[:3000]


@pytest.mark.oracle
@pytest.mark.parametrize("options", OPTION_CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_plain_python_and_arrays_give_the_same_result_on_wmt_text(options):
    hyps, refs = wmt_corpus()
    in_python, as_arrays = both_paths(hyps, refs, **options)
    assert in_python == as_arrays


TOKENS = st.sampled_from(["the", "The", "cat", "a", "sat", ".", ",", "mat", "5", "5.5", "-", "A-1", "&amp;", "İ"])
TEXT = st.lists(TOKENS, max_size=12).map(" ".join) | st.sampled_from(EDGE_CASES)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(segments=st.lists(st.tuples(TEXT, st.lists(TEXT, min_size=1, max_size=3)), min_size=1, max_size=8),
       options=st.sampled_from(OPTION_CASES))
def test_plain_python_and_arrays_give_the_same_result_on_generated_text(segments, options):
    hyps = [hyp for hyp, _ in segments]
    refs = [list(r) for _, r in segments]  # a varying number of references per segment
    in_python, as_arrays = both_paths(hyps, refs, **options)
    assert in_python == as_arrays


@settings(max_examples=300, deadline=None)
@given(hyp=st.lists(st.sampled_from("abcd"), max_size=14), refs=st.lists(st.lists(st.sampled_from("abce"), max_size=14),
                                                                        max_size=3),
       orders=st.integers(1, 6))
def test_clipped_matches_count_each_ngram_at_most_as_often_as_its_best_reference(hyp, refs, orders):
    # the definition, written out the slow way
    def grams(tokens, n):
        return [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]

    expected = [sum(min(grams(hyp, n).count(g), max((grams(r, n).count(g) for r in refs), default=0))
                    for g in set(grams(hyp, n))) for n in range(1, orders + 1)]
    assert plain.clipped_matches(hyp, refs, orders) == expected


CLI_CASES = [
    [],
    ["-f", "text"],
    ["-b", "-w", "4"],
    ["-tok", "intl", "-lc"],
    ["--bleu-variant", "nltk", "--smooth-method", "method3"],
    ["-m", "bleu", "nist"],  # NIST has no plain-Python form: both run as arrays
]


@pytest.mark.oracle
@pytest.mark.parametrize("flags", CLI_CASES, ids=lambda f: " ".join(f) or "defaults")
def test_the_command_line_prints_the_same_in_plain_python_and_as_arrays(flags, tmp_path):
    import io

    from ngram_core.adapters.cli import run

    hyps, refs = wmt_corpus(every=23)
    paths = {}
    for name, lines in (("sys.a", hyps), ("sys.b", hyps[::-1]), ("ref.A", [r[0] for r in refs]),
                        ("ref.B", [r[-1] for r in refs])):
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_text("".join(line.replace("\n", " ") + "\n" for line in lines), encoding="utf-8")
    argv = [str(paths["ref.A"]), str(paths["ref.B"]), "-i", str(paths["sys.a"]), str(paths["sys.b"]), "-q", *flags]
    printed = []
    for plain_python in (True, False):
        out, err = io.StringIO(), io.StringIO()
        with compiled.preferring_plain(plain_python):
            assert run(argv, stdout=out, stderr=err) == 0, err.getvalue()
        printed.append(out.getvalue())
    assert printed[0] == printed[1]


@pytest.mark.oracle
def test_systems_scored_one_after_another_on_the_same_references_share_their_tokens_not_their_numbers():
    # ngrams.plain keeps the last reference set's tokens: every call must still be its own
    hyps, refs = wmt_corpus(every=37)
    calls = [(hyps, {}), (hyps[::-1], {}), (hyps, {"lowercase": True}), (hyps, {"variant": "mteval", "lowercase": "ascii"}),
             (hyps, {"tokenize": "intl"}), (hyps[::-1], {})]
    for system, options in calls:
        in_python, as_arrays = both_paths(system, refs, **options)
        assert in_python == as_arrays, options
    assert plain._last_references is not None and plain._last_references[0][:2] == ("13a", False)
