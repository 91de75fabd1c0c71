"""ngram_core: BLEU, NIST and METEOR on one vectorized n-gram core.

Layers, each a module: ``tokenizers`` (sacreBLEU-identical tokenizers) ->
``corpus`` / ``ngrams`` (the whole corpus as integer arrays and its n-gram
statistics) -> ``bleu`` / ``nist`` / ``meteor`` (statistics and scores). The
evaluate metric scripts, the Space app and the Trainer helper are thin adapters.
"""
__version__ = "0.1.0"
