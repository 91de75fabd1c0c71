"""Packaging beyond setup.cfg: the three metric folders ship inside the package.

``bleu_custom/``, ``nist_custom/`` and ``meteor_custom/`` stay at the top of the
repository (each is a Hub Space as it is) and are installed as
``ngram_core/metrics/<folder>/``, so that ``ngram_core.load("bleu")`` finds its
evaluate script after a plain ``pip install``. Everything else is in setup.cfg.
"""
from setuptools import find_packages, setup

METRIC_FOLDERS = ("bleu_custom", "nist_custom", "meteor_custom")
FOLDER_FILES = ["*.py", "README.md", "requirements.txt"]

setup(
    packages=find_packages(include=["ngram_core", "ngram_core.*"]) + [f"ngram_core.metrics.{f}" for f in METRIC_FOLDERS],
    package_dir={f"ngram_core.metrics.{f}": f for f in METRIC_FOLDERS},
    package_data={"ngram_core": ["data/*"], **{f"ngram_core.metrics.{f}": FOLDER_FILES for f in METRIC_FOLDERS}},
)
