"""Skips that CI turns into failures.

Tests that need ``../shared`` (the WMT data and oracle numbers) or an optional tool
call :func:`require`. Locally a missing resource skips the test with the reason;
with ``NGRAM_CORE_REQUIRE_ALL=1`` (set by ``.ci/run``) it fails instead, so CI always
runs the parity tests.
"""
from __future__ import annotations

import os

import pytest

REQUIRE_ALL = os.environ.get("NGRAM_CORE_REQUIRE_ALL", "") not in ("", "0")


def require(condition: bool, reason: str) -> None:
    """Skip (locally) or fail (in CI) when ``condition`` is false."""
    if condition:
        return
    if REQUIRE_ALL:
        pytest.fail(f"required by NGRAM_CORE_REQUIRE_ALL but unavailable: {reason}")
    pytest.skip(reason, allow_module_level=True)  # at a module's top: one skip for all its tests


# Where each optional module comes from: the extra of setup.cfg that brings it (or the command).
INSTALL_HINTS = {
    "torch": "pip install 'torch==2.13.0' -e '.[trainer]' (the CPU build; .ci/run installs it)",
    "torchmetrics": "pip install 'torch==2.13.0' -e '.[torchmetrics]' (torch's CPU build first; .ci/run installs both)",
    "transformers": "pip install -e '.[trainer]'",
    "accelerate": "pip install -e '.[trainer]'",
    "scipy": "pip install -e '.[trainer]'",
    "gradio": "pip install -e '.[space]'",
    "MeCab": "pip install -e '.[test]' (or '.[ja]')",
    "trl": "pip install 'torch==2.13.0' -e '.[trainer]' 'trl==1.16.0' (CPU torch first; .ci/run installs it)",
    "fast_bleu": "pip install 'fast-bleu==0.0.90' (.ci/run installs it)",
    "sentencepiece": "pip install -e '.[test]' (or '.[spm]')",
    "ray": "pip install -e '.[ray]'",
    "pyspark": "pip install -e '.[spark]' (and a Java runtime: .ci/run installs default-jdk-headless)",
    "lm_eval": "pip install -e '.[lm-eval]' (.ci/run installs it)",
    "mbrs": "pip install 'torch==2.13.0' -e '.[mbrs]' in a venv of its own (it pins numpy 1.26; .ci/run makes one)",
    "ngram_core_coco": "pip install -e plugins/ngram-core-coco (tokenize='coco', its own distribution: GPL-3.0-or-later)",
}


def install_hint(name: str) -> str:
    """The command that brings module ``name`` (its top-level package decides)."""
    return INSTALL_HINTS.get(name.split(".")[0], "pip install -e '.[test]'")


def require_module(name: str):
    """Import and return module ``name``, or skip/fail with the install hint."""
    try:
        return __import__(name, fromlist=["_"])
    except ImportError as err:
        require(False, f"{name} is not installed ({err}); {install_hint(name)}")
