"""``python -m ngram_core``: the ``ngram-score`` command line (see :mod:`ngram_core.adapters.cli`)."""
from .adapters.cli import main

main()
