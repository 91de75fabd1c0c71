"""What the tests share: live oracles (the METEOR jar, NLTK offline, pycocoevalcap's text),
the parity harness and the engines' cases. Imported as ``helpers.<module>`` (``tests/`` is on
the path): the skip rules (``require``), the repository and shared data (``data``). ``conftest.py``
keeps pytest's fixtures and hooks only."""
