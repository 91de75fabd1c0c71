"""The option lists of the README and the cards are the declarations' (no hand copies)."""
from __future__ import annotations

import dataclasses
import subprocess
import sys

from helpers.data import REPO


def test_readme_and_cards_list_the_declared_options():
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "write_option_docs.py"), "--check"],
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr


def test_a_changed_declaration_makes_the_lists_stale(monkeypatch):
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        import write_option_docs
    finally:
        sys.path.remove(str(REPO / "scripts"))
    from ngram_core import registry

    bleu = registry.get("bleu")
    before = write_option_docs.generated_files()
    changed = dataclasses.replace(bleu.OPTIONS["max_order"], doc="a changed explanation")
    monkeypatch.setitem(bleu.OPTIONS._options, "max_order", changed)
    after = write_option_docs.generated_files()
    card = REPO / "bleu_custom" / "README.md"
    assert "a changed explanation" in after[card] and before[card] != after[card]
