"""The ``ngram-score`` command line: formats, sacreBLEU's layout, input handling and errors."""
from __future__ import annotations

import configparser
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.cli import cli, ok
from helpers.data import REPO
from ngram_core.bleu import corpus_bleu
from ngram_core.adapters.cli import _Messages
from ngram_core.significance import score_systems

WORDS = "the a cat dog sat ran on in mat house big small red , . and was is to of home tree".split()


def _sentences(seed: int, n: int = 40):
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 15))) for _ in range(n)]


def _noisy(lines, seed, rate):
    rng = random.Random(seed)
    return [" ".join(w for w in line.split() if rng.random() > rate) for line in lines]


@pytest.fixture
def files(tmp_path):
    ref_a, ref_b = _sentences(1), _sentences(2)
    contents = {"ref.A.txt": ref_a, "ref.B.txt": ref_b, "base.txt": _noisy(ref_a, 3, 0.1),
                "good.txt": _noisy(ref_a, 4, 0.12), "bad.txt": _noisy(ref_a, 5, 0.7)}
    paths = {}
    for name, lines in contents.items():
        path = tmp_path / name
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths[name.split(".")[0] if not name.startswith("ref") else name[:5]] = str(path)
    paths["lines"] = contents
    return paths


# -- formats -----------------------------------------------------------------------------------
MODES = {
    "single": ["-i", "{base}"],
    "single-confidence": ["-i", "{base}", "--confidence", "-cin", "200"],
    "systems": ["-i", "{base}", "{good}", "{bad}"],
    "systems-confidence": ["-i", "{base}", "{good}", "--confidence", "-cin", "200"],
    "paired-bs": ["-i", "{base}", "{good}", "{bad}", "--paired-bs", "-pbsn", "200"],
    "paired-ar": ["-i", "{base}", "{good}", "{bad}", "--paired-ar", "-parn", "300"],
    "paired-ar-confidence": ["-i", "{base}", "{good}", "--paired-ar", "-parn", "300", "--confidence", "-cin", "100"],
}


def _args(files, mode, metrics=("bleu", "nist", "meteor")):
    return [files["ref.A"], *(a.format(**files) for a in MODES[mode]), "-m", *metrics]


@pytest.mark.parametrize("mode", MODES)
def test_every_format_parses(files, mode):
    data = json.loads(ok(*_args(files, mode)))
    assert data
    latex = ok(*_args(files, mode), "-f", "latex")
    assert latex.startswith("\\begin{tabular}") and "Metric signatures" in latex.split("\\end{tabular}")[1]
    n_systems = sum(1 for a in MODES[mode] if a.startswith("{"))
    assert latex.split("\\end{tabular}")[0].count("\\\\") == n_systems + 1  # header and one row per system
    text = ok(*_args(files, mode), "-f", "text")
    if n_systems == 1 and "paired" not in mode:
        assert [line.split("|")[0].strip() for line in text.strip().split("\n")] == ["BLEU", "NIST", "METEOR",
                                                                                "METEOR-mean"]
    else:
        assert text.startswith("╒") and "Metric signatures" in text


def test_single_system_json_has_sacrebleus_layout(files):
    item = json.loads(ok(files["ref.A"], "-i", files["base"], "--confidence", "-cin", "200"))
    assert list(item)[:7] == ["name", "score", "signature", "confidence_mean", "confidence_var", "confidence",
                              "verbose_score"]
    assert item["name"] == "BLEU" and item["bs"] == "200" and item["seed"] == "12345"
    expected = corpus_bleu(files["lines"]["base.txt"], files["lines"]["ref.A.txt"])
    assert item["score"] == round(expected["score"], 1)
    assert item["signature"].startswith("BLEU|nrefs:1|bs:200|seed:12345|case:mixed")


def test_paired_json_has_sacrebleus_layout(files):
    rows = json.loads(ok(*_args(files, "paired-bs")))
    assert [r["system"] for r in rows] == [f"Baseline: {files['base']}", files["good"], files["bad"]]
    for row in rows:
        assert list(row) == ["system", "BLEU", "NIST", "METEOR", "METEOR-mean"]
        for result in list(row.values())[1:]:
            assert list(result) == ["score", "p_value", "mean", "ci"]
    assert all(result["p_value"] is None for result in list(rows[0].values())[1:])
    ar = json.loads(ok(*_args(files, "paired-ar")))
    assert all(r["BLEU"]["mean"] is None and r["BLEU"]["ci"] is None for r in ar)  # as sacreBLEU's command


def test_numbers_are_the_apis(files):
    lines = files["lines"]
    rows = json.loads(ok(*_args(files, "paired-bs")))
    systems = score_systems([lines["base.txt"], lines["good.txt"], lines["bad.txt"]], lines["ref.A.txt"],
                            metrics=("bleu", "nist", "meteor"))
    api = systems.paired_bootstrap(200, seed=12345)
    assert [{k: v for k, v in r.items() if k != "system"} for r in rows] == \
           [{k: v.as_dict() for k, v in r.items()} for r in api]


def test_text_table_marks_significant_differences(files):
    text = ok(files["ref.A"], "-i", files["base"], files["good"], files["bad"], "--paired-bs", "-f", "text", "-w", "2")
    bad_row = text.split(files["bad"])[1]
    assert "*" in bad_row.split("╘")[0]
    copy = Path(files["base"]).with_name("same.txt")
    copy.write_text(Path(files["base"]).read_text(encoding="utf-8"), encoding="utf-8")
    same = ok(files["ref.A"], "-i", files["base"], str(copy), "--paired-bs", "-f", "text")
    assert "(p = 1.0000)" in same and "(p = 1.0000)*" not in same


def test_width_and_score_only(files):
    assert ok(files["ref.A"], "-i", files["base"], "-b").strip().count(".") == 1
    value = ok(files["ref.A"], "-i", files["base"], "-b", "-w", "3").strip()
    assert len(value.split(".")[1]) == 3
    lines = ok(files["ref.A"], "-i", files["base"], files["good"], "-b", "-m", "bleu", "nist").strip().split("\n")
    assert [line.split("\t")[0] for line in lines] == [files["base"], files["good"]]
    assert all([cell.split(" = ")[0] for cell in line.split("\t")[1:]] == ["BLEU", "NIST"] for line in lines)


def test_score_only_labels_every_number_when_there_are_several_and_keeps_p_values(files):
    """-b alone prints a bare number only when there is one (sacreBLEU's habit); METEOR has two."""
    meteor = ok(files["ref.A"], "-i", files["base"], "-b", "-m", "meteor").strip()
    assert [cell.split(" = ")[0] for cell in meteor.split("\t")] == ["METEOR", "METEOR-mean"]
    paired = ok(files["ref.A"], "-i", files["base"], files["bad"], "--paired-bs", "-pbsn", "100", "-b").strip()
    baseline, system = paired.split("\n")
    assert baseline == f"Baseline: {files['base']}\tBLEU = {baseline.split(' = ')[1]}"  # the baseline has no p
    assert system.startswith(f"{files['bad']}\tBLEU = ") and "(p = 0.00" in system and system.endswith(")*")


@pytest.mark.parametrize("metric", ["bleu", "nist", "meteor"])
def test_sentence_level_prints_one_score_per_line(files, metric):
    out = ok(files["ref.A"], "-i", files["base"], "--sentence-level", "-m", metric, "-b", "-w", "6")
    values = [float(v) for v in out.strip().split("\n")]
    assert len(values) == len(files["lines"]["base.txt"])
    if metric == "bleu":  # sacreBLEU's sentence BLEU: effective order, 0-100
        expected = corpus_bleu(files["lines"]["base.txt"], files["lines"]["ref.A.txt"], effective_order=True,
                               return_segments=True)["segment_scores"]
        assert values == [round(100 * s, 6) for s in expected]
    as_json = ok(files["ref.A"], "-i", files["base"], "--sentence-level", "-m", metric, "-f", "json")
    assert [json.loads(line)["name"] for line in as_json.strip().split("\n")] == [metric.upper()] * len(values)
    text = ok(files["ref.A"], "-i", files["base"], "--sentence-level", "-m", metric)
    assert all(line.startswith(metric.upper() + "|") for line in text.strip().split("\n"))
    if metric == "bleu":
        assert "|eff:yes|" in text.split("\n")[0]


def test_every_declared_option_has_a_flag_that_reaches_the_core(files):
    from ngram_core.adapters.cli.flags import metric_flags
    from ngram_core.suite import DECLARATIONS

    spelled = {(f.metric, f.option.name) for f in metric_flags()}
    for metric, declaration in DECLARATIONS.items():
        assert {(metric, name) for name in declaration if name != "return_segments"} <= spelled
    lines = files["lines"]
    hyps, refs = lines["base.txt"], lines["ref.A.txt"]
    for flags, metric, expected in (
            (["--bleu-max-order", "2", "-s", "floor"], "bleu", corpus_bleu(hyps, refs, max_order=2, smooth_method="floor")["score"]),
            (["--bleu-effective-order", "true"], "bleu", corpus_bleu(hyps, refs, effective_order=True)["score"]),
            (["-lc", "--bleu-weights", "0.5", "0.5", "--bleu-max-order", "2"], "bleu",
             corpus_bleu(hyps, refs, lowercase=True, weights=[0.5, 0.5], max_order=2)["score"]),
            (["--bleu-variant", "torchmetrics", "-tok", "none", "-s", "add-one"], "bleu",
             corpus_bleu(hyps, refs, variant="torchmetrics", tokenize="none", smooth_method="add-one")["score"])):
        item = json.loads(ok(files["ref.A"], "-i", files["base"], "-m", metric, *flags, "-w", "8"))
        assert item["score"] == round(expected, 8), flags
    from ngram_core.nist import corpus_nist

    item = json.loads(ok(files["ref.A"], "-i", files["base"], "-m", "nist", "--nist-lowercase", "ascii", "--nist-n", "3",
                         "--nist-mteval-quirks", "-w", "10"))
    assert item["score"] == round(corpus_nist(hyps, refs, lowercase="ascii", n=3, mteval_quirks=True)["nist"], 10)
    assert "lc-ascii" in item["signature"] and "quirks:mteval13a" in item["signature"]
    items = json.loads(ok(files["ref.A"], "-i", files["base"], "-m", "meteor", "--no-meteor-normalize",
                          "--meteor-stages", "exact", "stem"))
    assert items[0]["case"] == "mixed" and items[0]["stages"] == "exact+stem"
    items = json.loads(ok(files["ref.A"], "-i", files["base"], "-m", "meteor", "--meteor-variant", "nltk",
                          "--no-meteor-lowercase", "--meteor-stages", "exact", "stem"))
    assert items[0]["case"] == "mixed" and items[0]["variant"] == "nltk"
    assert items[0]["tok"] == "nltk"  # the variant's own default tokenizer, NLTK's word_tokenize (evaluate's meteor)
    item = json.loads(ok(files["ref.A"], "-i", files["base"], "-m", "nist", "-tok", "nltk-nist", "-lc", "-w", "10"))
    assert item["score"] == round(corpus_nist(hyps, refs, tokenize="nltk-nist", lowercase=True)["nist"], 10)
    assert "tok:nltk-nist" in item["signature"]
    assert "--bleu-max-order" in _error(files["ref.A"], "-i", files["base"], "--bleu-max-order", "3", "-m", "nist")


# -- input ---------------------------------------------------------------------------------------
def test_several_reference_files_and_tab_separated_references_agree(files, tmp_path):
    lines = files["lines"]
    both = json.loads(ok(files["ref.A"], files["ref.B"], "-i", files["base"], "-w", "6"))
    tsv = tmp_path / "refs.tsv"
    tsv.write_text("".join(f"{a}\t{b}\n" for a, b in zip(lines["ref.A.txt"], lines["ref.B.txt"])), encoding="utf-8")
    assert json.loads(ok(str(tsv), "-nr", "2", "-i", files["base"], "-w", "6")) == both
    expected = corpus_bleu(lines["base.txt"], [list(r) for r in zip(lines["ref.A.txt"], lines["ref.B.txt"])])
    assert both["score"] == round(expected["score"], 6) and both["nrefs"] == "2"


def test_systems_on_standard_input_as_tab_separated_columns(files):
    lines = files["lines"]
    stdin = "".join(f"{a}\t{b}\n" for a, b in zip(lines["base.txt"], lines["good.txt"])).encode()
    rows = json.loads(ok(files["ref.A"], "--paired-bs", "-pbsn", "100", stdin=stdin))
    assert [r["system"] for r in rows] == ["Baseline", "System 1"]
    from_files = json.loads(ok(files["ref.A"], "-i", files["base"], files["good"], "--paired-bs", "-pbsn", "100"))
    assert [r["BLEU"] for r in rows] == [r["BLEU"] for r in from_files]


def test_baseline_given_again_is_skipped_in_paired_tests(files):
    status, out, err = cli(files["ref.A"], "-i", files["base"], files["good"], files["base"], "--paired-bs", "-pbsn", "50")
    assert status == 0 and "ignoring" in err
    assert len(json.loads(out)) == 2


def test_lines_are_read_as_sacrebleu_reads_them(tmp_path):
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_bytes("a b c\r\nd\x0ce f  \n\ng h\n".encode())
    hyp.write_bytes("a b c \nd\x0ce f\n\ng h".encode())  # no final newline
    item = json.loads(ok(str(ref), "-i", str(hyp), "-w", "6"))
    assert item["score"] == round(corpus_bleu(["a b c", "d\x0ce f", "", "g h"], ["a b c", "d\x0ce f", "", "g h"])["score"], 6)


def test_a_byte_order_mark_is_kept_as_sacrebleu_keeps_it_and_said(files, tmp_path):
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + Path(files["base"]).read_bytes())
    status, out, err = cli(files["ref.A"], "-i", str(bom), "-b")
    assert status == 0 and "bom.txt starts with a UTF-8 byte-order mark" in err and "-e utf-8-sig drops it" in err
    lines = files["lines"]
    assert float(out) == round(corpus_bleu(["\ufeff" + lines["base.txt"][0]] + lines["base.txt"][1:],
                                           lines["ref.A.txt"])["score"], 1)
    assert float(ok(files["ref.A"], "-i", str(bom), "-b", "-e", "utf-8-sig")) == float(ok(files["ref.A"], "-i",
                                                                                         files["base"], "-b"))


# -- errors: status 1 and a message naming the file, never a traceback ---------------------------------
def _error(*args, stdin=None):
    status, out, err = cli(*args, stdin=stdin)
    assert status == 1 and out == ""
    assert err.splitlines()[-1].startswith("ngram-score: error: ") and "Traceback" not in err
    return err


def test_missing_and_unreadable_files(files, tmp_path):
    assert "nope.txt: no such file" in _error(files["ref.A"], "-i", str(tmp_path / "nope.txt"))
    assert "missing.txt: no such file" in _error(str(tmp_path / "missing.txt"), "-i", files["base"])
    assert "is a directory" in _error(str(tmp_path), "-i", files["base"])


def test_undecodable_file_names_file_and_line(files, tmp_path):
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"a fine day\nit is sch\xf6n today\n")
    err = _error(files["ref.A"], "-i", str(bad))
    assert "latin1.txt: cannot decode line 2 as utf-8" in err and "-e/--encoding" in err
    assert json.loads(ok(str(bad), "-i", str(bad), "-e", "latin-1"))["score"] == 100.0


def test_different_line_counts_name_files_and_counts(files, tmp_path):
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    err = _error(files["ref.A"], "-i", files["base"], str(short), "--paired-bs")
    assert f"{short} has 1 lines but {files['ref.A']} has 40" in err
    err = _error(files["ref.A"], str(short), "-i", files["base"])
    assert f"{short} has 1 lines but {files['ref.A']} has 40" in err
    assert "line 1 has 1 tab-separated field(s) but -nr/--num-refs is 2" in _error(str(short), "-nr", "2", "-i", str(short))


def test_usage_errors(files):
    assert "paired tests compare two or more systems" in _error(files["ref.A"], "-i", files["base"], "--paired-bs")
    assert "--sentence-level takes one metric" in _error(files["ref.A"], "-i", files["base"], "-sl", "-m", "bleu", "nist")
    assert "--sentence-level scores one system" in _error(files["ref.A"], "-i", files["base"], files["good"], "-sl")
    assert "given twice" in _error(files["ref.A"], "-i", files["base"], files["good"], files["good"])
    assert "no reference file" in _error("-i", files["base"])
    assert "alpha=2.0 is out of range" in _error(files["ref.A"], "-i", files["base"], "-m", "meteor", "--meteor-alpha", "2")
    assert "add -m nist" in _error(files["ref.A"], "-i", files["base"], "--nist-n", "3")
    assert "--paired-bs-n must be a positive integer" in _error(files["ref.A"], "-i", files["base"], files["good"],
                                                                "--paired-bs", "-pbsn", "0")
    assert "--seed='x' is not an integer or 'none'" in _error(files["ref.A"], "-i", files["base"], "--seed", "x")
    assert "--width must be 0 or more" in _error(files["ref.A"], "-i", files["base"], "-w", "-1")


def test_sacrebleus_test_set_flags_say_what_to_do_instead(files):
    """-t downloads a test set in sacreBLEU; here it is refused, not read as -tok (-l with local files: see
    test_sacrebleu_habits_on_the_command_line.py)."""
    for flags in (["-t", "wmt22"], ["-t", "none"], ["-t", "wmt22", "-l", "en-de"],
                  ["--test-set", "wmt22", "--language-pair", "en-de"]):
        err = _error(files["ref.A"], "-i", files["base"], *flags)
        assert "does not download test sets" in err and "ngram-score ref.txt -i system.txt" in err, flags
    assert float(ok(files["ref.A"], "-i", files["base"], "-tok", "char", "-b")) != \
        float(ok(files["ref.A"], "-i", files["base"], "-b"))  # -tok still is the tokenizer


@pytest.mark.parametrize("abbreviation", [["--tok", "13a"], ["--metric", "bleu"], ["--lower"], ["--sentence"]])
def test_flags_are_not_abbreviated(files, abbreviation, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli(files["ref.A"], "-i", files["base"], *abbreviation)
    assert exit_.value.code == 2 and "unrecognized arguments" in capsys.readouterr().err


@pytest.mark.parametrize("metrics", [["meteor"], ["bleu", "meteor"], ["bleu", "nist", "meteor"]])
def test_tok_applies_to_the_metrics_that_take_it_and_stderr_names_the_others(files, metrics):
    """The same rule with one metric or several: METEOR 1.5 keeps its -norm tokens, and says so."""
    status, out, err = cli(files["ref.A"], "-i", files["base"], "-tok", "intl", "-m", *metrics)
    assert status == 0, err
    readers = ", ".join(m.upper() for m in metrics if m != "meteor") or "none of the metrics"
    assert f"-tok intl applies to {readers}; METEOR (variant meteor-1.5) keeps its own tokenizer and case and " \
           "ignores it" in err
    rows = json.loads(out)
    rows = rows if isinstance(rows, list) else [rows]
    meteor = next(r for r in rows if r["name"] == "METEOR")["score"]
    assert meteor == json.loads(ok(files["ref.A"], "-i", files["base"], "-m", "meteor"))[0]["score"]
    if "bleu" in metrics:
        assert next(r for r in rows if r["name"] == "BLEU")["signature"].count("tok:intl") == 1
    status, _, err = cli(files["ref.A"], "-i", files["base"], "-tok", "intl", "-m", "bleu", "nist")
    assert status == 0 and "ignores" not in err  # every metric took it: nothing to say


def test_lowercase_switch_help_points_to_the_flags_that_take_ascii(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # no line wrapping (argparse breaks lines at hyphens)
    with pytest.raises(SystemExit):
        cli("--help")
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--lowercase, -lc for each metric of -m that takes it (one that tokenizes its own way, METEOR 1.5 with its " \
           "-norm, keeps its own, and a line on stderr says so): lowercase (full Unicode) before tokenizing; a switch, it takes no value " \
           "(A-Z only, as mteval-v13a: --bleu-lowercase ascii, --nist-lowercase ascii)" in help_text


def test_help_prints_the_list_of_tokenizers_once_and_each_metrics_own_default(capsys, monkeypatch):
    from ngram_core import registry
    from ngram_core.options import TOKENIZE_DOC

    monkeypatch.setenv("COLUMNS", "1000")
    with pytest.raises(SystemExit):
        cli("--help")
    help_text = " ".join(capsys.readouterr().out.split())
    assert help_text.count(" ".join(TOKENIZE_DOC.split())[:200]) == 1
    for metric, options in registry.DECLARATIONS.items():  # what differs is still said, under the metric's flag
        if "tokenize" in options and options["tokenize"].doc != registry.DECLARATIONS["bleu"]["tokenize"].doc:
            tail = options["tokenize"].doc[len(TOKENIZE_DOC):].lstrip("; ")
            assert f"{metric.upper()}'s own: as --tokenize, but " in help_text and " ".join(tail.split()) in help_text


@pytest.mark.parametrize("language,said", [("de", "give --meteor-stages exact stem"), ("cz", "give --meteor-stages exact"),
                                            ("da", "give --no-meteor-normalize")])
def test_non_english_meteor_says_the_flags_that_work(files, language, said):
    """The jar refuses the same (no paraphrase tables but English's, -norm for six languages):
    the message names the flags, not Python's stages=[...]."""
    err = _error(files["ref.A"], "-i", files["base"], "-m", "meteor", "--meteor-language", language)
    assert said in err and "stages=" not in err and "normalize=False" not in err
    flags = said.split("give ", 1)[1].split()
    assert json.loads(ok(files["ref.A"], "-i", files["base"], "-m", "meteor", "--meteor-language", language, *flags))


def test_environment_seed_is_checked(files, monkeypatch):
    monkeypatch.setenv("NGRAM_CORE_SEED", "twelve")
    assert "NGRAM_CORE_SEED='twelve' is not an integer" in _error(files["ref.A"], "-i", files["base"], "--confidence")


def test_seed_option_and_environment_agree(files, monkeypatch):
    by_flag = ok(files["ref.A"], "-i", files["base"], files["good"], "--paired-bs", "-pbsn", "100", "--seed", "99")
    monkeypatch.setenv("NGRAM_CORE_SEED", "99")
    assert ok(files["ref.A"], "-i", files["base"], files["good"], "--paired-bs", "-pbsn", "100") == by_flag


# -- the program ------------------------------------------------------------------------------
def test_progress_bar_only_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal, pipe = Terminal(), io.StringIO()
    assert list(_Messages(terminal, quiet=False).progress(range(5), 5, "test")) == [0, 1, 2, 3, 4]
    assert "test" in terminal.getvalue()
    assert list(_Messages(pipe, quiet=False).progress(range(5), 5, "test")) == [0, 1, 2, 3, 4]
    assert list(_Messages(terminal.__class__(), quiet=True).progress(range(5), 5, "test")) == [0, 1, 2, 3, 4]
    assert pipe.getvalue() == ""


@pytest.mark.slow
def test_a_reader_that_stops_early_ends_the_program_quietly(tmp_path):
    """``ngram-score ... | head -1``: exit 141 (128 + SIGPIPE) as sacreBLEU does, no traceback."""
    lines = tmp_path / "lines.txt"
    lines.write_text("the cat sat on the mat\n" * 20000, encoding="utf-8")  # ~3 MB of output, far over a pipe's buffer
    process = subprocess.Popen([sys.executable, "-m", "ngram_core", str(lines), "-i", str(lines), "-sl", "-q"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.readline()
    process.stdout.close()  # what head does after its line
    err = process.stderr.read().decode()
    assert process.wait(60) == 141, err
    assert first.startswith(b"BLEU|") and err == ""


@pytest.mark.slow
def test_python_dash_m_and_the_console_script(files):
    config = configparser.ConfigParser()
    config.read(REPO / "setup.cfg")
    assert config["options.entry_points"]["console_scripts"].strip() == "ngram-score = ngram_core.adapters.cli:main"
    out = subprocess.run([sys.executable, "-m", "ngram_core", files["ref.A"], "-i", files["base"], "-b"],
                         capture_output=True, text=True, check=True)
    assert float(out.stdout) == round(corpus_bleu(files["lines"]["base.txt"], files["lines"]["ref.A.txt"])["score"], 1)
    failed = subprocess.run([sys.executable, "-m", "ngram_core", files["ref.A"], "-i", "/nonexistent"],
                            capture_output=True, text=True)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
