"""``python -m ngram_core``: the ``ngram-score`` command line (see :mod:`ngram_core.cli`)."""
from .cli import main

main()
