"""The Spaces without a browser: folder files, input parsing, options, the result table.

Runs on each metric folder (``bleu_custom``, ``nist_custom``, ``meteor_custom``) and on a
stand-in metric (``tests/space_fixtures/toy_metric``) that needs none of them. A missing
metric folder skips here and fails in CI (``NGRAM_CORE_REQUIRE_ALL=1``).
"""
from __future__ import annotations

import multiprocessing
import os
import re
import runpy
import shutil
import time
from pathlib import Path

import pytest
from helpers.data import REPO
from helpers.require import require, require_module

from ngram_core import registry
from ngram_core.adapters import space
from helpers.spaces import METRIC_FOLDERS, metric_folder
from ngram_core.adapters.space.card import metric_script


def gradio_pin(requirements: Path) -> str:
    pins = re.findall(r"^gradio==(\S+)", requirements.read_text(encoding="utf-8"), flags=re.M)
    assert len(pins) == 1, f"{requirements} should pin gradio exactly once, found {pins}"
    return pins[0]


@pytest.fixture(scope="module", params=METRIC_FOLDERS + ["toy_metric"])
def folder(request) -> Path:
    return metric_folder(request.param)


@pytest.fixture(scope="module")
def metric(folder):
    return space.load_metric(folder)


# -- the folder is a complete Space ---------------------------------------------------
def test_front_matter_names_gradio_sdk_pinned_in_requirements_and_an_existing_app(folder):
    require_module("yaml")
    require((folder / "README.md").is_file(), f"{folder.name}/README.md (the metric card) is not written yet")
    meta, body = space.read_card(folder)
    assert meta.get("sdk") == "gradio"
    assert (folder / meta["app_file"]).is_file(), f"app_file {meta.get('app_file')!r} not in {folder}"
    assert str(meta["sdk_version"]) == gradio_pin(folder / "requirements.txt")
    assert body.strip() and not body.lstrip().startswith("---")


def test_requirements_install_the_core_with_its_space_extra(folder):
    lines = [line.split("#")[0].strip() for line in (folder / "requirements.txt").read_text().splitlines()]
    assert any(line.startswith("ngram-core[space]") for line in lines)


def test_app_py_builds_the_shared_app_without_launching(folder, monkeypatch):
    gr = require_module("gradio")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    namespace = runpy.run_path(str(folder / "app.py"), run_name="app")
    assert isinstance(namespace["demo"], gr.Blocks)


def test_the_metric_loads_from_a_folder_named_app_as_the_hub_clones_it(folder, tmp_path):
    shutil.copytree(folder, tmp_path / "app", ignore=shutil.ignore_patterns("__pycache__"))
    assert space.metric_script(tmp_path / "app").name == f"{folder.name}.py"
    assert space.load_metric(tmp_path / "app").name == folder.name


# -- options: one widget per scalar option, every offered choice accepted ------------------
def test_option_widgets_cover_the_declared_options(metric):
    specs = space.option_specs(metric.OPTIONS)
    assert [s.name for s in specs] == [n for n in metric.OPTIONS if n not in space.HIDDEN]
    assert "lowercase" in metric.OPTIONS or "case_sensitive" in metric.OPTIONS  # (TER: sacreBLEU's case_sensitive)
    # chrF counts characters, TER tercom's words: no tokenizer option
    assert "tokenize" in metric.OPTIONS or metric.name in ("chrf_custom", "ter_custom")
    for spec in specs:
        if spec.kind == "choice":  # a nullable choice offers "(default)" for None
            offered = (None, *spec.choices) if spec.optional else spec.choices
            assert spec.default in offered, f"{spec.name} default {spec.default!r} not offered"


def test_every_offered_choice_is_accepted_by_the_metric(metric):
    predictions, references = ["the cat sat on the mat"], [["the cat sat on a mat"]]
    specs = space.option_specs(metric.OPTIONS)
    for spec in specs:
        if spec.kind != "choice":
            continue
        for choice in spec.choices:
            if spec.name == "tokenize" and choice in ("ja-mecab", "ko-mecab", "coco", "flores101", "flores200",
                                                      "spBLEU-1K", "spm"):
                continue  # optional extras (and SentencePiece models) and coco's own distribution, tested with the tokenizers
            values = [space.choice_label(choice) if s is spec else space.widget_value(s) for s in specs]
            if spec.variants:  # an option of some variants only: choose one of them
                values = [space.choice_label(spec.variants[0]) if s.name == "variant" else v for s, v in zip(specs, values)]
            kwargs = space.option_values(specs, values)
            assert kwargs[spec.name] == choice or kwargs[spec.name] is choice
            declared = metric.OPTIONS[spec.name]
            if declared.variant_choices and choice is not None:
                # a choice only some variants offer (BLEU's nltk smoothing methods): with such a variant
                variants = metric.OPTIONS["variant"].choices
                kwargs["variant"] = next(v for v in variants if any(c is choice or (c == choice and type(c) is type(choice))
                                                                    for c in declared.choices_for(v)))
            if spec.name == "language" and choice != "en":
                # METEOR 1.5 has -norm rules for six languages and synonym/paraphrase data for
                # English only; other choices need those settings (and say so when missing)
                kwargs.update(stages=["exact"], normalize=choice in ("cz", "de", "es", "fr", "ru"))
            metric.compute(predictions=predictions, references=references, **kwargs)


def test_option_values_convert_numbers_and_reject_an_emptied_field():
    specs = [space.OptionSpec("n", 4, "int"), space.OptionSpec("alpha", 0.9, "float"),
             space.OptionSpec("smooth_value", None, "float", optional=True),
             space.OptionSpec("weights", None, "numbers", optional=True),
             space.OptionSpec("lowercase", False, "choice", (False, True, "ascii"))]
    assert space.option_values(specs, [5.0, 1, None, "0.5, 0.5", "ascii"]) == {
        "n": 5, "alpha": 1.0, "weights": [0.5, 0.5], "lowercase": "ascii"}
    assert space.option_values(specs, [5.0, 1, 0.2, "", "False"])["lowercase"] is False
    with pytest.raises(space.InputError, match="option alpha is empty; its default is 0.9"):
        space.option_values(specs, [5, None, None, "", "False"])
    with pytest.raises(space.InputError, match="weights takes numbers"):
        space.option_values(specs, [5, 1, None, "a b", "False"])


# -- input: text boxes and files ----------------------------------------------------------
def test_lines_end_at_newline_only_and_a_final_newline_adds_no_segment():
    assert space.split_lines("a\r\nb\u2028c\n") == ["a", "b\u2028c"]
    assert space.split_lines("a\n\n") == ["a", ""]


def test_a_tab_separates_references_and_a_second_box_adds_a_reference_set():
    hyps, refs, _ = space.gather_corpus("h1\nh2", ["r1a\tr1b\nr2a", "s1\ns2"])
    assert hyps == ["h1", "h2"]
    assert refs == [["r1a", "r1b", "s1"], ["r2a", "s2"]]


def test_different_line_counts_name_both_counts():
    with pytest.raises(space.InputError, match=r"have 3 lines but reference set 2 has 2"):
        space.gather_corpus("a\nb\nc", ["x\ny\nz", "x\ny", ""])


@pytest.mark.parametrize(
    "predictions, references, message",
    [
        ("", ["x"], "predictions are empty"),
        (" \n", ["x"], "predictions are empty"),
        ("a", ["", None], "references are empty"),
    ],
)
def test_empty_input_says_which_side_is_empty(predictions, references, message):
    with pytest.raises(space.InputError, match=message):
        space.gather_corpus(predictions, references)


# -- limits: one visitor's request may not take the public Space down -----------------------------
@pytest.mark.parametrize("side", ["predictions", "references"])
def test_a_request_over_the_limits_is_refused_with_a_message_that_points_elsewhere(side, monkeypatch):
    monkeypatch.setattr(space.limits, "MAX_SEGMENTS", 5)
    monkeypatch.setattr(space.limits, "MAX_WORDS", 40)
    monkeypatch.setattr(space.limits, "MAX_SEGMENT_WORDS", 8)
    def texts(text):  # the same number of lines on the other side, so only the limit can fail
        other = "x\n" * text.count("\n") + "x"
        return (text, [other]) if side == "predictions" else (other, [text])

    label = "predictions" if side == "predictions" else "reference set 1"
    for text, said in (("a\n" * 5 + "a", "at most 5 segments"),
                       ("a b c d e f g h\n" * 4 + "a b c d e f g h", "more than 40 words"),  # 40 + the other side's 5
                       ("a\nb c d e f g h i j\nc", f"Line 2 of the {label} has 9 words")):
        predictions, references = texts(text)
        with pytest.raises(space.InputError, match=said) as refused:
            space.gather_corpus(predictions, references)
        assert "command line (ngram-score) or the Python API" in str(refused.value)
    space.gather_corpus("a b\nc d e f g h i j", ["a b\nc d e f g h i j"])  # at the limits: accepted
    space.gather_corpus("a\n" * 5, ["x\n" * 5])  # 5 lines: a final newline adds no segment


def test_the_second_system_is_held_to_the_same_limits(monkeypatch):
    monkeypatch.setattr(space.limits, "MAX_SEGMENT_WORDS", 3)
    with pytest.raises(space.InputError, match="Line 1 of the second system has 4 words"):
        space.read_second_system("a b c d\ne", None, 2)


def test_the_limits_are_on_the_page_and_in_the_launch_and_queue_settings(folder, monkeypatch):
    gr = require_module("gradio")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    demo = runpy.run_path(str(folder / "app.py"), run_name="app")["demo"]
    shown = [block.value for block in demo.blocks.values() if isinstance(block, gr.Markdown)]
    assert space.LIMITS_NOTE in shown and f"{space.MAX_SEGMENTS:,} segments" in space.LIMITS_NOTE
    assert f"{space.MAX_SECONDS:g} seconds per request" in space.LIMITS_NOTE
    assert demo._queue.max_size == space.QUEUE["max_size"]
    assert demo._queue.default_concurrency_limit == space.QUEUE["default_concurrency_limit"] == 1
    assert "demo.launch(**space.LAUNCH)" in (folder / "app.py").read_text()
    assert space.LAUNCH == {"max_file_size": space.MAX_FILE_SIZE}


# -- time: a request past the bound is stopped with a message and frees the worker -------------------
def _never_ends(*args, **kwargs):
    """A computation that runs on (METEOR 1.5 on a line of one word repeated, before its bound)."""
    time.sleep(3600)


@pytest.fixture(scope="module", params=registry.names())
def registered_metric(request):
    """Each registered metric's Space metric: the bound holds whatever the metric."""
    return space.load_metric(metric_folder(f"{request.param}_custom"))


def test_a_request_past_the_time_bound_is_stopped_with_what_to_do_and_the_next_one_is_scored(registered_metric,
                                                                                            monkeypatch):
    specs = space.option_specs(registered_metric.OPTIONS)
    score = space.make_scorer(registered_metric, specs, seconds=0.5)
    with monkeypatch.context() as patched:
        patched.setattr(registered_metric, "compute", _never_ends)
        message, rows = score(*space.EXAMPLES[0], None, None, *_defaults(specs))
    assert rows == [] and message.startswith("**Stopped:**") and "more than 0.5 seconds" in message
    assert "fewer lines" in message and "ngram-score" in message and "Traceback" not in message
    assert multiprocessing.active_children() == []  # the stopped request's process is gone: the worker is free
    message, rows = space.make_scorer(registered_metric, specs)(*space.EXAMPLES[0], None, None, *_defaults(specs))
    assert rows and "**Stopped:**" not in message and "**Error:**" not in message  # within the Space's own bound


def test_a_real_request_at_the_size_limits_is_stopped_at_a_tiny_bound(registered_metric):
    """The metric's own compute on 400,000 words (within the limits): no metric scores that and
    sends it back from a fresh process in 50 ms, so the bound stops it, the metric untouched."""
    specs = space.option_specs(registered_metric.OPTIONS)
    line = " ".join(f"w{i % 37}" for i in range(40))
    text = "\n".join([line] * 5_000)
    message, rows = space.make_scorer(registered_metric, specs, seconds=0.05)(text, text, "", None, None,
                                                                             *_defaults(specs))
    assert rows == [] and message.startswith("**Stopped:**") and multiprocessing.active_children() == []


def test_a_comparison_past_the_time_bound_is_stopped_with_a_message(monkeypatch):
    import ngram_core.significance.comparison as comparison

    family = registry.names()[0]
    monkeypatch.setattr(comparison, "compare_two", _never_ends)
    specs = space.option_specs(registry.DECLARATIONS[family])
    message, rows, frame = space.make_comparer(family, specs, seconds=0.5)(
        *space.EXAMPLES[0], None, None, space.SECOND_SYSTEM, None, *_defaults(specs))
    assert message.startswith("**Stopped:**") and "more than 0.5 seconds" in message
    assert rows == [] and len(frame) == 0 and multiprocessing.active_children() == []


def test_a_scoring_process_that_dies_gives_a_message_not_a_traceback(metric, monkeypatch):
    specs = space.option_specs(metric.OPTIONS)
    score = space.make_scorer(metric, specs, seconds=30)
    monkeypatch.setattr(metric, "compute", lambda **kwargs: os._exit(3))
    message, rows = score(*space.EXAMPLES[0], None, None, *_defaults(specs))
    assert rows == [] and message == "**Error:** the scoring process ended without a result (exit code 3)"


def test_the_warm_up_runs_once_in_the_apps_own_process_before_the_first_request(metric):
    specs = space.option_specs(metric.OPTIONS)
    calls = []
    warm = space.layout.once(lambda: calls.append(os.getpid()))
    score, compare = space.make_scorer(metric, specs, warm=warm), space.make_comparer("bleu", [], warm=warm)
    for _ in range(2):
        message, rows = score(*space.EXAMPLES[0], None, None, *_defaults(specs))
        assert rows and "**Error:**" not in message
    compare(*space.EXAMPLES[0], None, None, space.SECOND_SYSTEM, None)
    assert calls == [os.getpid()]  # once, here: what it loads is inherited by every request's child


def test_the_time_bound_comes_from_its_variable_or_is_refused_naming_it(monkeypatch):
    monkeypatch.setenv(space.SECONDS_VARIABLE, "2.5")
    assert space.limits.seconds_from_environment() == 2.5
    monkeypatch.delenv(space.SECONDS_VARIABLE)
    assert space.limits.seconds_from_environment() == space.limits.DEFAULT_SECONDS == space.MAX_SECONDS
    for bad in ("ten", "0", "-1", "inf", "nan"):
        monkeypatch.setenv(space.SECONDS_VARIABLE, bad)
        with pytest.raises(ValueError, match=f"NGRAM_CORE_SPACE_SECONDS={bad!r} is not a number of seconds above 0"):
            space.limits.seconds_from_environment()


def test_the_page_states_the_time_bound_it_was_built_with(monkeypatch):
    gr = require_module("gradio")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    demo = space.build_app(metric_folder("toy_metric"), seconds=7)
    shown = [block.value for block in demo.blocks.values() if isinstance(block, gr.Markdown)]
    assert space.limits.limits_note(7) in shown and "7 seconds per request" in space.limits.limits_note(7)


def test_uploaded_files_replace_the_text_boxes(tmp_path):
    (tmp_path / "hyp.txt").write_text("f1\nf2\n", encoding="utf-8")
    (tmp_path / "ref.a.txt").write_text("a1\na2\n", encoding="utf-8")
    (tmp_path / "ref.b.txt").write_text("b1\nb2\n", encoding="utf-8")
    hyps, refs, source = space.gather_corpus(
        "typed", ["typed ref"], tmp_path / "hyp.txt", [tmp_path / "ref.a.txt", tmp_path / "ref.b.txt"]
    )
    assert hyps == ["f1", "f2"] and refs == [["a1", "b1"], ["a2", "b2"]]
    assert source == "file hyp.txt; reference file ref.a.txt, reference file ref.b.txt"


def test_a_file_that_is_not_utf8_gets_a_message(tmp_path):
    (tmp_path / "hyp.txt").write_bytes(b"caf\xe9\n")
    with pytest.raises(space.InputError, match="predictions file hyp.txt is not UTF-8"):
        space.gather_corpus("", ["x"], tmp_path / "hyp.txt")


# -- output: the table and the click handler ----------------------------------------------
def test_result_table_puts_the_score_first_and_the_signature_last():
    result = {"signature": "s", "precisions": [0.5, 0.25], "score": 41.0, "bleu": 0.41, "bp": 1}
    assert space.result_rows(result, "bleu") == [  # BLEU's headline number: score, 0-100 as sacreBLEU prints it
        ["score", "41.000000"],
        ["precisions", "[0.500000, 0.250000]"],
        ["bleu", "0.410000"],
        ["bp", "1"],
        ["signature", "s"],
    ]


def _defaults(specs):
    return [space.widget_value(spec) for spec in specs]


def test_scorer_shows_what_compute_returns_on_the_example(metric):
    specs = space.option_specs(metric.OPTIONS)
    predictions, ref_1, ref_2 = space.EXAMPLES[0]
    message, rows = space.make_scorer(metric, specs)(predictions, ref_1, ref_2, None, None, *_defaults(specs))
    expected = metric.compute(
        predictions=space.split_lines(predictions),
        references=[list(pair) for pair in zip(space.split_lines(ref_1), space.split_lines(ref_2))],
    )
    family = space.metric_family(metric.name)
    assert rows == space.result_rows(expected, family)
    assert message.startswith(f"**{space.headline(expected, family)}**")
    if family in ("bleu", "nist", "meteor"):  # the scale the command line prints: BLEU 0-100, METEOR 0-1
        scale = {"bleu": ("BLEU", expected.get("score"), 2), "nist": ("NIST", expected.get("nist"), 4),
                 "meteor": ("METEOR", expected.get("meteor"), 4)}[family]
        assert message.startswith(f"**{scale[0]} = {scale[1]:.{scale[2]}f}**")


@pytest.mark.parametrize("name,tokenizer", [("nist_custom", "nltk-nist"), ("meteor_custom", "nltk")])
def test_the_variant_widget_alone_brings_the_variants_own_tokenizer(name, tokenizer):
    """tokenize left at "(default)" is the chosen variant's (evaluate's nist_mt and meteor tokenizers for nltk)."""
    metric = space.load_metric(metric_folder(name))
    specs = space.option_specs(metric.OPTIONS)
    values = [space.choice_label("nltk") if s.name == "variant" else space.widget_value(s) for s in specs]
    kwargs = space.option_values(specs, values)
    assert kwargs.get("tokenize") is None
    result = metric.compute(predictions=["the cat sat ."], references=[["the cat sat ."]], **kwargs)
    assert f"|tok:{tokenizer}|" in result["signature"]


def test_scorer_reports_bad_input_and_bad_options_without_raising(metric):
    specs = space.option_specs(metric.OPTIONS)
    score = space.make_scorer(metric, specs)
    message, rows = score("a\nb", "x", "", None, None, *_defaults(specs))
    assert rows == [] and message.startswith("**Error:** The predictions (text box) have 2 lines but reference set 1 has 1")
    if not any(s.name == "tokenize" for s in specs):  # chrF: no tokenizer to misname, an order out of range
        if any(s.name == "char_order" for s in specs):
            bad = [-1 if s.name == "char_order" else space.widget_value(s) for s in specs]
            message, rows = score("a", "x", "", None, None, *bad)
            assert rows == [] and message.startswith("**Error:**") and "char_order" in message
        return  # (TER: flags only, no value a widget can get wrong)
    bad = ["no-such-tokenizer" if s.name == "tokenize" else space.widget_value(s) for s in specs]
    tokenize = next(s for s in specs if s.name == "tokenize")
    if tokenize.variants:  # tokenize belongs to some variants only (METEOR's nltk): choose one of them
        bad = [space.choice_label(tokenize.variants[0]) if s.name == "variant" else v for s, v in zip(specs, bad)]
    message, rows = score("a", "x", "", None, None, *bad)
    assert rows == [] and message.startswith("**Error:**") and "no-such-tokenizer" in message


# -- the comparison with a second system (every registered metric's Space; the toy metric has no statistics) --
@pytest.fixture(scope="module", params=[f"{name}_custom" for name in registry.names()])
def compared_metric(request):
    return space.load_metric(metric_folder(request.param))


def test_a_language_the_default_stages_cannot_run_names_the_widgets_to_change():
    """METEOR's refusal in the page's words (the widget), not Python's stages=[...]."""
    import evaluate

    metric = evaluate.load(str(metric_script(REPO / "meteor_custom")), keep_in_memory=True)
    specs = space.option_specs(metric.OPTIONS)
    values = ["de" if spec.name == "language" else space.widget_value(spec) for spec in specs]
    message, rows = space.make_scorer(metric, specs)(*space.EXAMPLES[0], None, None, *values)
    assert rows == [] and "give the options' **stages** ticked for exact, stem only" in message
    assert "stages=" not in message


def test_comparison_shows_both_tests_and_the_segment_differences(compared_metric):
    from ngram_core.significance.comparison import compare_two

    metric = compared_metric
    family = space.metric_family(metric.name)
    specs = space.option_specs(metric.OPTIONS)
    predictions, ref_1, ref_2 = space.EXAMPLES[0]
    message, rows, frame = space.make_comparer(family, specs)(predictions, ref_1, ref_2, None, None,
                                                               space.SECOND_SYSTEM, None, *_defaults(specs))
    references = [list(pair) for pair in zip(space.split_lines(ref_1), space.split_lines(ref_2))]
    expected = compare_two(space.split_lines(predictions), space.split_lines(space.SECOND_SYSTEM), references, family,
                           names=("predictions", "second system"))
    assert rows == expected.rows()
    name = rows[0][0]  # the score's own name: BLEU, CHRF, CIDEr, ...
    assert name.replace("-", "_").upper() == family.upper()
    assert frame["segment"].tolist() == ["1", "2", "3"] and frame["difference"].tolist() == expected.differences.tolist()
    base, other = expected.scores[name]
    digits = registry.presentation(family).shown_decimals  # the command line's scales: BLEU, chrF 0-100 (2), METEOR 0-1 (4)
    assert message.startswith(f"**{name} Δ = {other - base:+.{digits}f}** (second system {name} = {other:.{digits}f}, "
                              f"predictions {name} = {base:.{digits}f})")
    if name in ("BLEU", "CHRF"):
        assert 1 < abs(other - base) < 100  # a difference of BLEU points, not of 0-1 fractions
    assert f"p = {expected.bootstrap_p[name]:.4f} paired bootstrap" in message


def test_plot_data_numbers_segments_in_corpus_order():
    frame = space.differences_frame([0.5] * 12)
    assert frame["segment"].tolist()[:3] == ["01", "02", "03"] and sorted(frame["segment"]) == frame["segment"].tolist()


def test_comparison_reports_bad_input_without_raising(compared_metric, tmp_path):
    metric = compared_metric
    family = space.metric_family(metric.name)
    specs = space.option_specs(metric.OPTIONS)
    compare = space.make_comparer(family, specs)
    predictions, ref_1, ref_2 = space.EXAMPLES[0]
    message, rows, frame = compare(predictions, ref_1, ref_2, None, None, "one\ntwo", None, *_defaults(specs))
    assert message == ("**Error:** The second system (text box) has 2 lines but the predictions have 3: give one "
                       "line per prediction line.") and rows == [] and len(frame) == 0
    assert compare(predictions, ref_1, ref_2, None, None, " ", None, *_defaults(specs))[0].startswith(
        "**Error:** The second system is empty")
    (tmp_path / "second.txt").write_text(space.SECOND_SYSTEM + "\n", encoding="utf-8")
    from_file = compare(predictions, ref_1, ref_2, None, None, "ignored", tmp_path / "second.txt", *_defaults(specs))
    assert from_file[1] == compare(predictions, ref_1, ref_2, None, None, space.SECOND_SYSTEM, None,
                                   *_defaults(specs))[1]


def test_only_metrics_with_statistics_get_the_comparison(folder, metric, monkeypatch):
    require_module("gradio")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    demo = space.build_app(folder, metric)
    ids = {getattr(block, "elem_id", None) for block in demo.blocks.values()}
    assert ("compare" in ids) == (space.metric_family(metric.name) in space.COMPARED)


def test_the_api_names_each_option_after_it(folder, metric, monkeypatch):
    """gradio names a handler's *values param_5, param_6, ...; the Space's API (gradio_client,
    "Use via API") shows the option names instead."""
    require_module("gradio")
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    demo = space.build_app(folder, metric)
    names = [spec.name for spec in space.option_specs(metric.OPTIONS)]
    endpoints = demo.get_api_info()["named_endpoints"]
    for endpoint in ("/compute", "/compare") if "/compare" in endpoints else ("/compute",):
        parameters = [p["parameter_name"] for p in endpoints[endpoint]["parameters"]]
        assert parameters[-len(names):] == names and not any(p.startswith("param_") for p in parameters), parameters


def test_each_metric_folder_names_its_registered_metric():
    """The Space of ``<name>_custom`` scores and compares registered metric ``name``, also where
    the name holds an underscore (``rouge_l_custom`` was read as ``rouge`` and lost its comparison)."""
    for name in registry.names():
        assert space.metric_family(f"{name}_custom") == name
        assert space.metric_family(f"{name.upper()}_custom") == name
    assert space.metric_family("toy_metric") == "toy"
