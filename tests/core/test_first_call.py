"""A one-off call in a fresh process loads only what it needs: no pandas (unless the
caller passes pandas), no significance code, and the heavier engines only where their
rule says so. Each case runs in its own interpreter, since what a test process has
already imported says nothing about a user's fresh one. (Speed itself is measured in
``benchmarks/first_call.py``, not asserted here.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

ROOT = Path(__file__).resolve().parents[2]

# never needed to score one corpus given as Python lists (numba, which imports scipy: see
# ngram_core.compiled for when a process runs compiled)
HEAVY = ("pandas", "ngram_core.significance", "numba", "scipy")

_CHILD = """
import json, sys
import ngram_core
hyps = ["the cat sat on the mat number %d ." % i for i in range({n})]
refs = [["a cat sat on the mat , number %d ." % i] for i in range({n})]
{call}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("pandas", "numba", "pyarrow", "scipy", "numpy")
                        or m.startswith("ngram_core.significance"))))
"""


def loaded_after(call: str, n: int, **env) -> set:
    """The heavy modules a fresh interpreter holds after ``call`` on ``n`` segments."""
    child_env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    done = subprocess.run([sys.executable, "-c", _CHILD.format(n=n, call=call)], capture_output=True, text=True,
                          env=child_env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def top_level(modules: set) -> set:
    return {m.split(".")[0] if not m.startswith("ngram_core.") else "ngram_core.significance" for m in modules}


@pytest.mark.parametrize("n", [10, 2000], ids=["10 segments", "2000 segments"])
@pytest.mark.parametrize("call", ["ngram_core.corpus_bleu(hyps, refs)", "ngram_core.corpus_nist(hyps, refs)"])
def test_a_one_off_corpus_score_imports_no_pandas_numba_or_significance(call, n):
    assert not top_level(loaded_after(call, n)) & set(HEAVY)


@pytest.mark.parametrize("call", ["ngram_core.corpus_bleu(hyps, refs)", "ngram_core.corpus_nist(hyps, refs)",
                                  "ngram_core.corpus_bleu(hyps, refs, return_segments=True, effective_order=True)"])
def test_a_small_call_imports_no_pyarrow(call):
    """Up to SMALL_INPUT_TEXTS texts (and SMALL_KEYS n-grams of an order) the array code
    runs in Python and numpy: pyarrow is imported on first need, by a larger input.
    (NGRAM_CORE_PLAIN=0: BLEU's plain-Python path, below, would import neither.)"""
    assert "pyarrow" not in top_level(loaded_after(call, 10, NGRAM_CORE_PLAIN="0"))
    assert "pyarrow" in top_level(loaded_after(call, 2000, NGRAM_CORE_PLAIN="0"))


@pytest.mark.parametrize("n", [10, 2000], ids=["10 segments", "2000 segments"])
@pytest.mark.parametrize("call", ["ngram_core.corpus_bleu(hyps, refs)",
                                  "ngram_core.corpus_bleu(hyps, refs, return_segments=True, effective_order=True)",
                                  "ngram_core.corpus_bleu(hyps, refs, variant='nltk', smooth_method='method7')"])
def test_a_one_off_bleu_of_a_test_set_imports_neither_numpy_nor_pyarrow(call, n):
    """BLEU of a one-off call runs in plain Python (ngram_core.compiled.plain): a test set
    scored in a fresh process pays no numpy or pyarrow import."""
    assert not top_level(loaded_after(call, n)) & {"numpy", "pyarrow", "numba", "pandas", "scipy"}


_CHRF_COMMAND_LINE = (
    "import io, os, tempfile; from ngram_core.adapters import cli; folder = tempfile.mkdtemp(); "
    "paths = [os.path.join(folder, name) for name in ('ref', 'sys')]; "
    "[open(path, 'w', encoding='utf-8').write('\\n'.join(texts) + '\\n') "
    "for path, texts in zip(paths, ([r[0] for r in refs], hyps))]; "
    "assert cli.run([paths[0], '-i', paths[1], '-m', 'chrf', '-b'{flags}], stdout=io.StringIO()) == 0")


@pytest.mark.parametrize("call", ["ngram_core.corpus_chrf(hyps, refs)", "ngram_core.corpus_chrf(hyps, refs, word_order=2)",
                                  _CHRF_COMMAND_LINE.format(flags=""),
                                  _CHRF_COMMAND_LINE.format(flags=", '--chrf-word-order', '2'")],
                         ids=["chrF", "chrF++", "ngram-score -m chrf", "ngram-score -m chrf --chrf-word-order 2"])
def test_a_one_off_chrf_of_a_test_set_imports_no_pyarrow_numba_or_significance(call):
    """chrF of a test set in a fresh process (2,000 segments, past the plain-Python limit)
    counts with numpy alone (ngram_core.chrf.statistics): no pyarrow, no numba, no pandas
    (the command line scores its systems through ngram_core.significance's rows, so it
    loads that package; the functions do not)."""
    loaded = top_level(loaded_after(call, 2000))
    assert "numpy" in loaded
    assert not loaded & ({"pyarrow", *HEAVY} - ({"ngram_core.significance"} if "cli.run" in call else set()))


@pytest.mark.parametrize("n", [10, 300], ids=["10 segments", "300 segments"])
def test_a_one_off_meteor_1_5_score_imports_no_pandas_numba_or_significance(n):
    """METEOR 1.5's loops run as plain Python on a small input (ngram_core.compiled.loops),
    the paraphrase table searched by numpy: nothing to compile, whatever the numba cache."""
    call = "from ngram_core.meteor import compute_meteor; compute_meteor(hyps, refs)"
    assert not top_level(loaded_after(call, n)) & set(HEAVY)


@pytest.mark.parametrize("call,env", [
    ("from ngram_core.meteor import compute_meteor; compute_meteor(hyps, refs)", {"NGRAM_CORE_COMPILED": "1"}),
    ("from ngram_core import compiled; compiled.long_running(); from ngram_core.meteor import compute_meteor; "
     "compute_meteor(hyps, refs)", {})], ids=["NGRAM_CORE_COMPILED=1", "long_running()"])
def test_a_long_running_meteor_1_5_process_runs_the_loops_compiled(call, env):
    assert "numba" in top_level(loaded_after(call, 10, **env))


@settings(max_examples=100, deadline=None)
@given(values=st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)))), offset=st.integers(0, 3),
       large=st.booleans())
def test_arrays_built_from_buffers_equal_pyarrows_own(values, offset, large):
    import numpy as np
    import pyarrow as pa

    from ngram_core import arrow_arrays

    kind = pa.large_string() if large else pa.string()
    built = arrow_arrays.strings(values, kind)
    assert len(values) < arrow_arrays.PYARROW_CONVERTS_FROM  # (built from buffers)
    assert built.equals(pa.array(values, type=kind)) and built.validate(full=True) is None
    numbers = np.arange(len(values)) * 7 - 3
    assert arrow_arrays.int64s(numbers).equals(pa.array(numbers, type=pa.int64()))
    even = [len(v) % 2 == 0 for v in values]
    assert arrow_arrays.booleans(np.array(even, dtype=bool)).equals(pa.array(even, type=pa.bool_()))
    flags = pa.array(even, type=pa.bool_()).slice(min(offset, len(values)))
    assert arrow_arrays.to_numpy(flags).tolist() == flags.to_numpy(zero_copy_only=False).tolist()
    sliced = pa.array(numbers, type=pa.int32()).slice(min(offset, len(values)))
    assert arrow_arrays.to_numpy(sliced).tolist() == sliced.to_numpy().tolist()


@pytest.mark.parametrize("call,env", [("ngram_core.corpus_bleu(hyps, refs)", {"NGRAM_CORE_COMPILED": "1"}),
                                      ("from ngram_core import compiled; compiled.long_running(); ngram_core.corpus_bleu(hyps, refs)", {})],
                         ids=["NGRAM_CORE_COMPILED=1", "long_running()"])
def test_a_long_running_process_runs_compiled(call, env):
    assert "numba" in top_level(loaded_after(call, 10, **env))


@pytest.mark.slow
def test_a_read_only_install_with_no_home_compiles_once_into_the_temporary_directory(tmp_path):
    # The install: a copy of the package whose __pycache__ cannot be made (a file holds its
    # name; running as root, permissions alone would not stop a write), a home that is not
    # a directory, no NUMBA_CACHE_DIR: numba's own locators all fail.
    import shutil

    site = tmp_path / "site"
    shutil.copytree(ROOT / "ngram_core", site / "ngram_core", ignore=shutil.ignore_patterns("__pycache__"))
    for folder in [site / "ngram_core", *(p for p in (site / "ngram_core").rglob("*") if p.is_dir())]:
        (folder / "__pycache__").write_text("not a folder")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    env.update(HOME="/dev/null", TMPDIR=str(temporary), PYTHONPATH=str(site), NGRAM_CORE_COMPILED="1",
               NUMBA_DEBUG_CACHE="1")
    child = "import ngram_core; print(ngram_core.corpus_bleu(['the cat sat'], [['the cat sat down']])['score'])"
    runs = [subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env, cwd=tmp_path,
                           timeout=600) for _ in range(2)]
    for done in runs:
        assert done.returncode == 0, done.stderr
    import ngram_core

    assert float(runs[0].stdout.strip().splitlines()[-1]) == ngram_core.corpus_bleu(
        ["the cat sat"], [["the cat sat down"]])["score"]
    from ngram_core.numba_cache import fallback_dir

    cached = list((temporary / fallback_dir().name).rglob("kernels.*.nbi"))
    assert cached, "nothing was cached in the temporary directory"
    assert "data saved" in runs[0].stdout and "data saved" not in runs[1].stdout
    assert "data loaded" in runs[1].stdout


def test_a_process_that_compiles_says_so_once_and_one_that_loads_the_cache_says_nothing(tmp_path):
    """numba's first compile of a kernel takes seconds (10-20 for METEOR 1.5's): the process
    says so in one line on stderr; the next process loads the machine code and is silent."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": str(tmp_path), "NGRAM_CORE_COMPILED": "1"}
    child = "import ngram_core; print(ngram_core.corpus_bleu(['the cat sat'], [['the cat sat down']])['score'])"
    runs = [subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, env=env, cwd=ROOT,
                           timeout=600) for _ in range(2)]
    for done in runs:
        assert done.returncode == 0, done.stderr
    said = [line for line in runs[0].stderr.splitlines() if "compiling its numba kernels" in line]
    assert len(said) == 1 and str(tmp_path) in said[0], runs[0].stderr
    assert "compiling" not in runs[1].stderr, runs[1].stderr


def test_the_first_meteor_run_on_a_test_set_with_an_empty_cache_runs_plain_and_says_so(tmp_path):
    """Issue 45 item 5: ngram-score -m meteor on one test set (generaltest2022 en-de, 2,037
    segments, 75,584 words) with an empty numba cache compiled METEOR 1.5's loops first (10 s
    of CPU, where the jar takes 7 s); it runs them plain (3 s), says so with the setting that
    compiles them once, and the same number. A process that finds them cached loads them."""
    from helpers.data import require_wmt

    test_set = require_wmt() / "generaltest2022" / "en-de"
    env = {k: v for k, v in os.environ.items() if k != "NGRAM_CORE_COMPILED"}
    env.update(PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(tmp_path / "empty"))
    command = [sys.executable, "-m", "ngram_core", str(test_set / "ref.A.txt"), "-i", str(test_set / "sys.Online-B.txt"),
               "-m", "meteor", "-b"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["METEOR", "=", "0.3412", "METEOR-mean", "=", "0.3637"], done.stdout
    assert "compiling its numba kernels" not in done.stderr, done.stderr
    said = [line for line in done.stderr.splitlines() if "run in plain Python" in line]
    assert len(said) == 1 and "NGRAM_CORE_COMPILED=1" in said[0], done.stderr
