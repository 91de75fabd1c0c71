"""A plain (non-editable) install of the wheel into a fresh venv gives loadable metrics, offline.

The wheel is built by the test's own interpreter (``pip wheel --no-build-isolation``:
setuptools and wheel come with ``.[test]``), from a copy of the source tree, so the
result does not depend on what the base interpreter has. The new venv is made from
that same interpreter and sees its site-packages through a ``.pth`` file (whether the
test runs in a venv or not), so nothing is downloaded, but ngram-core itself comes
from the wheel: what a user gets from PyPI. Then, from an empty directory far from
the checkout, ``ngram_core.load`` must find the bundled metric scripts and compute
with evaluate's offline switches on. The ``tokenize="coco"`` plugin
(``plugins/ngram-core-coco``) is built and installed beside it the same way; ``pip show``
and the installed metadata must state each distribution's licences. A failing pip shows
its own output.
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

from helpers.data import REPO

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
    env = {k: v for k, v in kwargs.pop("env", os.environ).items() if k != "PYTHONPATH"}
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
    for project in (source, source / "plugins" / "ngram-core-coco"):
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", wheels, project])
    shutil.rmtree(source)  # nothing may point back at the source tree
    (wheel,) = wheels.glob("ngram_core-*.whl")
    (plugin,) = wheels.glob("ngram_core_coco-*.whl")
    venv = root / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q", wheel, plugin])
    # Then (not before: pip would see this interpreter's ngram-core and install nothing) the venv's
    # own site-packages first (ngram-core from the wheel), then this interpreter's (numpy,
    # evaluate, ...); a checkout installed in editable mode there comes after the wheel
    purelib = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    outer = [p for p in sys.path if p.endswith(("site-packages", "dist-packages")) and Path(p).is_dir()]
    (purelib / "zz_outer_site.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({p!r})" for p in outer) + "\n", encoding="utf-8")
    return python, venv


def distribution_facts(python: Path, name: str) -> dict:
    """What ``pip show`` and the installed METADATA say about distribution ``name`` in the venv."""
    shown = run([sys.executable, "-m", "pip", "--python", python, "show", name]).stdout
    script = ("import importlib.metadata as m, json; d = m.distribution(%r); "
              "print(json.dumps({'license': d.metadata['License'], 'license_files': d.metadata.get_all('License-File'), "
              "'shipped': [str(f) for f in d.files if '.dist-info/' in str(f)], 'requires': d.requires}))" % name)
    # from the venv's folder: a checkout's *.egg-info in the current directory would be found first
    facts = json.loads(run([python, "-c", script], cwd=python.parent,
                           env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}).stdout)
    facts["pip_show"] = dict(line.split(": ", 1) for line in shown.splitlines() if ": " in line)
    return facts


def test_pip_show_and_the_metadata_state_the_licences(installed):
    python, venv = installed
    core = distribution_facts(python, "ngram-core")
    licences = "Apache-2.0 AND LGPL-2.1-only AND LicenseRef-WordNet-3.0"
    assert core["pip_show"]["License"] == licences and core["license"] == licences
    assert core["pip_show"]["Location"].startswith(str(venv)), core["pip_show"]
    assert core["license_files"] == ["LICENSE", "LICENSE.LGPL-2.1", "ngram_core/data/meteor15.LICENSE",
                                     "ngram_core/data/meteor15-wordnet.LICENSE", "ngram_core/data/wordnet30.LICENSE"]
    # in the dist-info: under licenses/ with setuptools >= 69, beside METADATA before
    shipped = {Path(path).name for path in core["shipped"]}
    assert [path for path in core["license_files"] if Path(path).name not in shipped] == []
    # the METEOR variants work after a plain install: nltk (variant="nltk") is no extra
    assert any(r.startswith("nltk") and "extra ==" not in r for r in core["requires"])
    plugin = distribution_facts(python, "ngram-core-coco")
    assert plugin["pip_show"]["License"] == "GPL-3.0-or-later" and plugin["license_files"] == ["LICENSE"]
    assert set(plugin["pip_show"]["Requires"].split(", ")) == {"ngram-core", "numpy", "pyarrow"}


def test_installed_plugin_is_found_by_tokenize_coco(installed, tmp_path):
    python, venv = installed
    script = ("import json, ngram_core; from ngram_core.tokenizers import get_tokenizer; import ngram_core_coco; "
              "result = ngram_core.corpus_bleu(['A man rides a horse.'], [['a man is riding a horse']], "
              "variant='coco', tokenize='coco'); "
              "print(json.dumps([type(get_tokenizer('coco')).__module__, ngram_core_coco.__file__, result['signature']]))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    module, path, signature = json.loads(run([python, "-c", script], cwd=tmp_path, env=env).stdout)
    assert module == "ngram_core_coco.tokenizer" and path.startswith(str(venv)), path
    assert "tok:coco" in signature and "case:lc" in signature


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
    done = subprocess.run([str(python), "-c", "import ngram_core.metrics as m, ngram_core.registry as r, json; "
                           "print(json.dumps([sorted(p.name for p in m.script_path(n).parent.iterdir() if p.suffix != '.pyc' "
                           "and p.name != '__pycache__') for n in r.BUILT_IN]))"], cwd=venv, capture_output=True, text=True,
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
