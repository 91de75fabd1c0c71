"""sacreBLEU's habits on the installed ``ngram-score``, run beside the installed ``sacrebleu``
(2.6.0) on the same WMT files: ``-l SRC-TGT`` with local files, its other flags, and the
shape of usage errors and help (issue 45, items 1, 4 and 6)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, require, require_wmt

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
