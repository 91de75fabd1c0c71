"""sacreBLEU's habits on the installed ``ngram-score``, run beside the installed ``sacrebleu``
(2.6.0) on the same WMT files: ``-l SRC-TGT`` with local files, its other flags, and the
shape of usage errors and output (issue 45, items 1, 4 and 6)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.data import REPO, require_wmt
from helpers.require import require

BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    require(found is not None, f"the {name} command is not installed: pip install -e '.[test]'")
    return found


def _run(tool: str, *args, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([_tool(tool), *map(str, args)], capture_output=True, text=True, env=env, timeout=600)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def _pair(pair: str) -> Path:
    folder = require_wmt() / "newstest2021" / pair
    require(folder.is_dir(), f"{folder} not found")
    return folder


# -- item 1: -l SRC-TGT with local files ------------------------------------------------------
@pytest.mark.parametrize("pair,tok", [("en-zh", "zh"), ("en-de", "13a")])
def test_language_pair_chooses_the_targets_tokenizer_as_sacrebleu(pair, tok):
    folder = _pair(pair)
    ref, system = folder / "ref.A.txt", folder / "sys.WeChat-AI.txt" if pair == "en-zh" else sorted(folder.glob("sys.*"))[0]
    ours = json.loads(_run("ngram-score", ref, "-i", system, "-l", pair).stdout)
    theirs = json.loads(_run("sacrebleu", ref, "-i", system, "-l", pair).stdout)
    assert ours["score"] == theirs["score"] and ours["verbose_score"] == theirs["verbose_score"]
    assert ours["tok"] == theirs["tok"] == tok
    assert "lang" not in ours and "lang" not in theirs  # sacreBLEU names the pair only for its test sets
    assert _run("ngram-score", ref, "-i", system, "-l", pair, "-b").stdout == \
        _run("sacrebleu", ref, "-i", system, "-l", pair, "-b").stdout


def test_a_given_tok_wins_over_the_language_pair_with_sacrebleus_advice():
    folder = _pair("en-zh")
    args = (folder / "ref.A.txt", "-i", folder / "sys.WeChat-AI.txt", "-l", "en-zh", "-tok", "13a", "-b")
    ours, theirs = _run("ngram-score", *args), _run("sacrebleu", *args)
    assert ours.stdout == theirs.stdout
    advice = "Consider using the 'zh' or 'spm' tokenizer for Chinese."
    assert advice in ours.stderr and advice in theirs.stderr


@pytest.mark.parametrize("pair,language,stages", [("en-de", "german", "exact+stem"), ("en-cs", "czech", "exact"),
                                                  ("de-en", "english", "exact+stem+synonym+paraphrase")])
def test_language_pair_chooses_meteors_language_and_the_stages_it_runs(pair, language, stages):
    folder = _pair(pair)
    system = sorted(folder.glob("sys.*"))[0]
    out = json.loads(_run("ngram-score", folder / "ref.A.txt", "-i", system, "-l", pair, "-m", "meteor").stdout)
    assert out[0]["lang"] == language and out[0]["stages"] == stages


def test_the_test_set_download_stays_refused_with_its_message():
    folder = _pair("en-zh")
    done = _run("ngram-score", folder / "ref.A.txt", "-i", folder / "sys.WeChat-AI.txt", "-t", "wmt21", "-l", "en-zh",
                check=False)
    assert done.returncode == 1 and "does not download test sets" in done.stderr
    assert "sacrebleu -t wmt22 -l en-de --echo ref > ref.txt" in done.stderr
    bad = _run("ngram-score", folder / "ref.A.txt", "-i", folder / "sys.WeChat-AI.txt", "-l", "zh", check=False)
    assert bad.returncode == 1 and "-l/--language-pair takes SRC-TGT" in bad.stderr


# -- item 4: sacreBLEU's other flags ----------------------------------------------------------
def _en_de():
    folder = _pair("en-de")
    systems = sorted(folder.glob("sys.*"))
    return folder / "ref.A.txt", systems[0], systems[1]


@pytest.mark.parametrize("flag", ["-sh", "--short"])
def test_short_gives_sacrebleus_short_signature(flag):
    ref, system, other = _en_de()
    ours = _run("ngram-score", ref, "-i", system, flag, "-f", "text").stdout
    theirs = _run("sacrebleu", ref, "-i", system, flag, "-f", "text").stdout
    assert ours.split(" = ", 1)[1] == theirs.split(" = ", 1)[1]  # the same score and details
    ours_fields, their_fields = ours.split(" = ")[0].split("|"), theirs.split(" = ")[0].split("|")
    assert ours_fields[0] == their_fields[0] == "BLEU" and ours_fields[1] == their_fields[1] == "#:1"
    assert {"c:mixed", "e:no", "tok:13a", "s:exp"} <= set(ours_fields) & set(their_fields)
    assert ours_fields[-1].startswith("v:ngram-core-") and their_fields[-1] == "v:2.6.0"
    # JSON keeps the long names, as sacreBLEU's does
    ours_json = json.loads(_run("ngram-score", ref, "-i", system, flag).stdout)
    theirs_json = json.loads(_run("sacrebleu", ref, "-i", system, flag).stdout)
    assert ours_json["nrefs"] == theirs_json["nrefs"] == "1" and "nrefs:1" in ours_json["signature"]
    table = _run("ngram-score", ref, "-i", system, other, flag, "-f", "text").stdout
    assert "BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|" in table


def test_latex_prints_the_signatures_as_sacrebleu():
    ref, system, other = _en_de()
    ours = _run("ngram-score", ref, "-i", system, other, "-f", "latex").stdout
    theirs = _run("sacrebleu", ref, "-i", system, other, "-f", "latex").stdout
    for out in (ours, theirs):
        assert "\\end{tabular}" in out and "Metric signatures" in out.split("\\end{tabular}")[1]
        assert "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|" in out.split("\\end{tabular}")[1]
    single = _run("ngram-score", ref, "-i", system, "-f", "latex", "-sh").stdout
    assert "BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|" in single.split("\\end{tabular}")[1]


@pytest.mark.parametrize("flags", [["-d"], ["--detail"], ["--no-color"], ["-nc"], ["--force"]])
def test_sacrebleus_reporting_switches_are_accepted_and_change_no_number(flags):
    ref, system, _ = _en_de()
    plain = _run("ngram-score", ref, "-i", system, "-b").stdout
    done = _run("ngram-score", ref, "-i", system, "-b", *flags)
    assert done.stdout == plain
    assert plain.splitlines()[0] == _run("sacrebleu", ref, "-i", system, "-b", *flags).stdout.splitlines()[0]


@pytest.mark.parametrize("flags", [["--paired-jobs", "2"], ["-j", "0"]])
def test_paired_jobs_is_accepted_with_one_line_saying_it_is_not_needed(flags):
    ref, system, other = _en_de()
    args = (ref, "-i", system, other, "--paired-bs", "-pbsn", "100", "-f", "json")
    plain = json.loads(_run("ngram-score", *args).stdout)
    done = _run("ngram-score", *args, *flags)
    assert json.loads(done.stdout) == plain
    said = [line for line in done.stderr.splitlines() if "--paired-jobs" in line]
    assert len(said) == 1 and "not needed" in said[0]


@pytest.mark.parametrize("flags,instead", [(["--echo", "ref"], "sacrebleu -t"), (["--list"], "sacrebleu --list"),
                                           (["--citation"], "Citation"), (["--cite"], "Citation")])
def test_sacrebleus_test_set_questions_get_one_line_saying_what_to_do_instead(flags, instead):
    ref, system, _ = _en_de()
    for args in ((ref, "-i", system, *flags), flags):
        done = _run("ngram-score", *args, check=False)
        assert done.returncode == 1 and done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("ngram-score: error: ") and instead in lines[0], done.stderr


def test_every_variant_the_help_lists_for_nist_runs_on_the_command_line():
    ref, system, _ = _en_de()
    env = {**os.environ, "COLUMNS": "1000"}
    help_text = subprocess.run([_tool("ngram-score"), "--help"], capture_output=True, text=True, env=env).stdout
    listed = help_text.split("--nist-variant {", 1)[1].split("}", 1)[0].split(",")
    for variant in listed:
        _run("ngram-score", ref, "-i", system, "-m", "nist", "--nist-variant", variant)
    refused = _run("ngram-score", ref, "-i", system, "-m", "nist", "--nist-variant", "nltk", check=False)
    assert refused.returncode != 0 and "corpus_nist" in refused.stderr


# -- item 6: the shape of errors and output ---------------------------------------------------
@pytest.mark.parametrize("flags,said", [(["--bogus"], "unrecognized arguments: --bogus"),
                                        (["-m", "bertscore"], "'bertscore'"), (["-s", "h"], "'h' is not one of exp"),
                                        (["--nist-variant", "nltk", "-m", "nist"], "corpus_nist")])
def test_a_usage_error_is_one_line_with_a_pointer_to_help(flags, said):
    ref, system, _ = _en_de()
    done = _run("ngram-score", ref, "-i", system, *flags, check=False)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ngram-score: error: ") and said in lines[0], done.stderr
    assert "ngram-score --help" in lines[0]


def test_an_unknown_metric_names_the_metrics_offered():
    ref, system, _ = _en_de()
    done = _run("ngram-score", ref, "-i", system, "-m", "bertscore", check=False)
    assert done.returncode == 2 and all(name in done.stderr for name in ("bleu", "nist", "meteor", "chrf", "ter"))


def test_several_metrics_as_text_are_not_padded_to_meteors_signature_and_lengths_are_counts():
    ref, system, _ = _en_de()
    lines = _run("ngram-score", ref, "-i", system, "-m", "bleu", "nist", "meteor", "-f", "text").stdout.splitlines()
    assert [line.split("|")[0] for line in lines] == ["BLEU", "NIST", "METEOR", "METEOR-mean"]  # no padding
    nist = lines[1]
    assert "ref_len = 27970)" in nist and "hyp_len = 27150" in nist
    bleu_chrf = _run("ngram-score", ref, "-i", system, "-m", "bleu", "chrf", "-f", "text").stdout.splitlines()
    assert len({line.index(" = ") for line in bleu_chrf}) == 1  # signatures of like lengths: aligned, as sacreBLEU


@pytest.mark.parametrize("metrics", [["bleu"], ["bleu", "nist"]])
def test_score_only_prints_nothing_on_stderr_as_sacrebleu(metrics):
    ref, system, _ = _en_de()
    done = _run("ngram-score", ref, "-i", system, "-b", "-m", *metrics)
    assert done.stderr == "" and done.stdout.strip()
    assert _run("sacrebleu", ref, "-i", system, "-b").stderr == ""


def test_tok_spm_scores_or_says_in_one_line_where_its_model_is_looked_for():
    ref, system, _ = _en_de()
    done = _run("ngram-score", ref, "-i", system, "-tok", "spm", "-b", check=False)
    if done.returncode == 0:  # the SentencePiece model is on this machine
        assert float(done.stdout) > 0
    else:
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 1 and len(lines) == 1 and "sacrebleu_tokenizer_spm.model" in lines[0], done.stderr
