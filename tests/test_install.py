"""A plain (non-editable) install of the wheel into a fresh venv gives loadable metrics, offline.

The wheel is built by the test's own interpreter (``pip wheel --no-build-isolation``:
setuptools and wheel come with ``.[test]``), from a copy of the source tree, so the
result does not depend on what the base interpreter has. The new venv is made from
that same interpreter and sees its site-packages through a ``.pth`` file (whether the
test runs in a venv or not), so nothing is downloaded, but ngram-core itself comes
from the wheel: what a user gets from PyPI. Then, from an empty directory far from
the checkout, ``ngram_core.load`` must find the bundled metric scripts and compute
with evaluate's offline switches on. A failing pip shows its own output.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import REPO

pytestmark = pytest.mark.slow

SCRIPT = textwrap.dedent("""
    import json, sys, ngram_core
    out = {"file": ngram_core.__file__}
    hyps = ["the cat sat on the mat", "a dog ran"]
    refs = [["the cat sat on a mat", "a cat sat"], ["a dog ran fast"]]
    for name in ("bleu", "nist", "meteor"):
        metric = ngram_core.load(name)
        out[name] = metric.compute(predictions=hyps, references=refs)
    out["meteor_nltk"] = ngram_core.load("meteor", variant="nltk").compute(predictions=hyps, references=refs)["meteor"]
    out["scripts"] = [str(ngram_core.metrics.script_path(n)) for n in ("bleu", "nist", "meteor")]
    print(json.dumps(out))
""")


def run(command, **kwargs) -> subprocess.CompletedProcess:
    """Run ``command``; on failure, fail the test with the command's own output."""
    # without PYTHONPATH: a checkout on it (and its .egg-info) would look installed to pip
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, env=env, **kwargs)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, command))} exited with {done.returncode}:\n"
                    f"--- stdout ---\n{done.stdout[-4000:]}\n--- stderr ---\n{done.stderr[-4000:]}", pytrace=False)
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    root = tmp_path_factory.mktemp("install")
    source = root / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__",
                                                                ".hypothesis", ".pytest_cache", "artifacts"))
    wheels = root / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", wheels, source])
    shutil.rmtree(source)  # nothing may point back at the source tree
    (wheel,) = wheels.glob("ngram_core-*.whl")
    venv = root / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel])
    # Then (not before: pip would see this interpreter's ngram-core and install nothing) the venv's
    # own site-packages first (ngram-core from the wheel), then this interpreter's (numpy,
    # evaluate, ...); a checkout installed in editable mode there comes after the wheel
    purelib = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    outer = [p for p in sys.path if p.endswith(("site-packages", "dist-packages")) and Path(p).is_dir()]
    (purelib / "zz_outer_site.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({p!r})" for p in outer) + "\n", encoding="utf-8")
    return python, venv


def test_installed_package_loads_every_metric_offline_from_another_directory(installed, tmp_path):
    python, venv = installed
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(HF_HUB_OFFLINE="1", HF_EVALUATE_OFFLINE="1", HF_DATASETS_OFFLINE="1", NLTK_DATA=str(tmp_path / "none"),
               HF_HOME=str(tmp_path / "hf"))
    done = subprocess.run([str(python), "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["file"].startswith(str(venv)), out["file"]
    assert all(path.startswith(str(venv)) for path in out["scripts"]), out["scripts"]
    # the same numbers as the checkout's core
    import ngram_core

    hyps = ["the cat sat on the mat", "a dog ran"]
    refs = [["the cat sat on a mat", "a cat sat"], ["a dog ran fast"]]
    assert out["bleu"]["score"] == ngram_core.corpus_bleu(hyps, refs)["score"]
    assert out["nist"]["nist"] == ngram_core.corpus_nist(hyps, refs)["nist"]
    assert out["meteor"]["meteor"] == ngram_core.compute_meteor(hyps, refs)["meteor"]
    assert out["meteor_nltk"] == ngram_core.compute_meteor(hyps, refs, variant="nltk")["meteor"]


def test_installed_package_carries_each_metric_folder_whole(installed):
    python, venv = installed
    done = subprocess.run([str(python), "-c", "import ngram_core.metrics as m, json; "
                           "print(json.dumps([sorted(p.name for p in m.script_path(n).parent.iterdir() if p.suffix != '.pyc' "
                           "and p.name != '__pycache__') for n in m.NAMES]))"], cwd=venv, capture_output=True, text=True,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr[-2000:]
    for name, files in zip(("bleu", "nist", "meteor"), json.loads(done.stdout)):
        assert files == sorted(["README.md", "app.py", "requirements.txt", f"{name}_custom.py"]), files


def test_installed_package_has_the_ngram_score_command(installed, tmp_path):
    """pip installs the console script; it runs from anywhere, offline."""
    python, venv = installed
    lines = {"ref.txt": ["the cat sat on the mat", "a dog ran fast", "it rained all day"],
             "a.txt": ["the cat sat on a mat", "a dog ran", "it rained all day"],
             "b.txt": ["a cat is on the mat", "the dog runs", "rain all the day"]}
    for name, content in lines.items():
        (tmp_path / name).write_text("\n".join(content) + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(HF_HUB_OFFLINE="1", NLTK_DATA=str(tmp_path / "none"))
    done = subprocess.run([str(venv / "bin" / "ngram-score"), "ref.txt", "-i", "a.txt", "b.txt", "--paired-bs",
                           "--paired-bs-n", "100", "-m", "bleu", "nist", "meteor", "-q"], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = json.loads(done.stdout)
    assert [row["system"] for row in rows] == ["Baseline: a.txt", "b.txt"]
    assert set(rows[1]) == {"system", "BLEU", "NIST", "METEOR", "METEOR-mean"}
    missing = subprocess.run([str(venv / "bin" / "ngram-score"), "ref.txt", "-i", "nope.txt"], cwd=tmp_path, env=env,
                             capture_output=True, text=True)
    assert missing.returncode == 1 and missing.stderr.strip() == "ngram-score: error: nope.txt: no such file"
