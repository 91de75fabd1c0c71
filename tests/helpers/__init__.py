"""What the tests share: live oracles (the METEOR jar, NLTK offline, pycocoevalcap's text),
the parity harness and the engines' cases. Imported as ``helpers.<module>`` (``tests/`` is on
the path); ``conftest.py`` keeps pytest's fixtures and the skip rules."""
