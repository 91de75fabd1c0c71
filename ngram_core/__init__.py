"""ngram_core: BLEU, NIST and METEOR on one vectorized n-gram core.

Entry points:

- ``ngram_core.load("bleu" | "nist" | "meteor" | "chrf", **options)``: the 🤗 evaluate metric
  (``.compute(predictions=..., references=...)``), options checked at load time;
- ``corpus_bleu``, ``corpus_nist``, ``compute_meteor``, ``corpus_chrf``: the same numbers
  as plain functions returning a dict;
- ``score_all``: all three metrics of one corpus, tokenized once;
- ``pairwise``, ``mbr_select``, ``self_bleu``: many sentences at once (score matrices,
  minimum Bayes risk, diversity; :mod:`ngram_core.pairwise_scores`), and
  ``ngram_core.rewards``: reward functions for TRL and verl.

Layers, each a module: ``tokenizers`` (sacreBLEU-identical tokenizers) ->
``corpus`` / ``ngrams`` (the whole corpus as integer arrays and its n-gram
statistics) -> ``bleu`` / ``nist`` / ``meteor`` (statistics and scores). Every
metric's options are declared once (``options``, ``bleu.OPTIONS`` ...). Each metric
follows one protocol (``metric.Metric``) and sits in one registry (``registry``), which
``score_all``, the reducers, significance, the command line and the Space loop over. The
evaluate metric scripts, the Space app and the Trainer helper are thin adapters.
"""
__version__ = "0.1.0"

_ENTRY_POINTS = {
    "load": ("ngram_core.metrics", "load"),
    "corpus_bleu": ("ngram_core.bleu", "corpus_bleu"),
    "corpus_nist": ("ngram_core.nist", "corpus_nist"),
    "compute_meteor": ("ngram_core.meteor", "compute_meteor"),
    "corpus_chrf": ("ngram_core.chrf", "corpus_chrf"),
    "score_all": ("ngram_core.suite", "score_all"),
    "pairwise": ("ngram_core.pairwise_scores", "pairwise"),
    "mbr_select": ("ngram_core.pairwise_scores", "mbr_select"),
    "self_bleu": ("ngram_core.bleu.self_bleu", "self_bleu"),
}
__all__ = ["__version__", *_ENTRY_POINTS]


def __getattr__(name):
    """The entry points, imported on first use (``import ngram_core.bleu`` stays light)."""
    if name in _ENTRY_POINTS:
        import importlib

        module, attribute = _ENTRY_POINTS[name]
        return getattr(importlib.import_module(module), attribute)
    raise AttributeError(f"module 'ngram_core' has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_ENTRY_POINTS))
