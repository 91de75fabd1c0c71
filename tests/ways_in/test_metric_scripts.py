"""Each metric script is documentation first: its >>> examples run and give what they say."""
from __future__ import annotations

import doctest
import importlib.util

import evaluate
import pytest

from helpers.data import REPO


@pytest.mark.parametrize("folder", ["bleu_custom", "nist_custom", "meteor_custom", "chrf_custom", "rouge_l_custom",
                                    "cider_custom", "ter_custom"])
def test_docstring_examples_run(folder, monkeypatch):
    monkeypatch.chdir(REPO)  # the examples load the metric by its folder name
    spec = importlib.util.spec_from_file_location(f"{folder}_script", REPO / folder / f"{folder}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(parser.get_doctest(module._KWARGS_DESCRIPTION, {"evaluate": evaluate}, folder, None, 0))
    assert runner.tries >= 3 and runner.failures == 0
