"""The METEOR metric loads and computes offline, with no NLTK data anywhere."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import pytest
from helpers.data import REPO


SCRIPT = """
import json, evaluate
meteor = evaluate.load({path!r})
out = {{}}
for variant in ("meteor-1.5", "nltk"):
    r = meteor.compute(predictions=["the dogs drove a car", ""], references=[["the dog drove an automobile"], ["x"]],
                       variant=variant)
    out[variant] = r["meteor"]
import nltk.data
out["nltk_data"] = [p for p in nltk.data.path if __import__("os").path.isdir(p) and __import__("os").listdir(p)]
print(json.dumps(out))
"""


@pytest.mark.slow
def test_metric_loads_and_computes_offline_without_nltk_data(tmp_path):
    pytest.importorskip("nltk")
    empty = tmp_path / "nltk_data"
    empty.mkdir()
    env = dict(os.environ, HF_EVALUATE_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_HUB_OFFLINE="1",
               NLTK_DATA=str(empty), HOME=str(tmp_path), HF_HOME=str(tmp_path / "hf"))
    proc = subprocess.run([sys.executable, "-c", SCRIPT.format(path=str(REPO / "meteor_custom"))],
                          env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["nltk_data"] == []  # no NLTK data reachable: the synonyms came from our resource
    assert out["meteor-1.5"] > 0.1 and out["nltk"] > 0.25  # means over two segments, one empty
