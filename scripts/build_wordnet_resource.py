#!/usr/bin/env python
"""Build METEOR's offline WordNet 3.0 resource from Debian's ``wordnet-base`` files.

Usage (wordnet-base: ``apt-get install -y --no-install-recommends wordnet-base``)::

    python scripts/build_wordnet_resource.py [--wordnet /usr/share/wordnet] [--out ngram_core/data]

Writes ``wordnet30.txt.xz`` and ``wordnet30.LICENSE`` (WordNet 3.0's license, copied from
``/usr/share/doc/wordnet-base/copyright``). The resource keeps exactly what METEOR's
synonym stage needs to answer as NLTK 3.10's ``WordNetCorpusReader.synsets`` does:

- ``@synsets``: one line per synset (nouns, verbs, adjectives, adverbs, in data-file
  order; the line number is the synset id), holding the synset's lemma names that
  contain no ``_`` (NLTK's ``meteor_score`` drops multi-word lemmas), case kept,
  adjective markers such as ``(p)`` removed;
- ``@index``: ``lemma n:ID,ID v:ID a:ID r:ID`` from ``index.*`` (every lemma, multi-word
  ones included, since a token may contain ``_``);
- ``@exceptions``: ``pos form base...`` from ``*.exc`` (a later line for the same form
  replaces an earlier one, as in NLTK's reader).

Files are read as UTF-8 and split on whitespace exactly as NLTK's reader does. The
output is deterministic (xz preset 9, no timestamps in the content).
"""
from __future__ import annotations

import argparse
import lzma
import re
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
POS_FILES = (("n", "noun"), ("v", "verb"), ("a", "adj"), ("r", "adv"))
RESOURCE = "wordnet30.txt.xz"
LICENSE = "wordnet30.LICENSE"
_MARKER = re.compile(r"(.*?)(\([^()]*\))?$")  # NLTK's adjective-marker rule


def read_synsets(root: Path):
    """(id by (pos, offset), one list of lemma names without ``_`` per synset)."""
    ids, names = {}, []
    for pos, suffix in POS_FILES:
        with open(root / f"data.{suffix}", encoding="utf-8") as fp:
            for line in fp:
                if line.startswith(" "):  # license header
                    continue
                fields = line.split("|")[0].split()
                offset, n_lemmas = int(fields[0]), int(fields[3], 16)
                lemmas = [_MARKER.match(fields[4 + 2 * k]).group(1) for k in range(n_lemmas)]
                ids[(pos, offset)] = len(names)
                kept = []
                for lemma in lemmas:
                    if "_" not in lemma and lemma not in kept:
                        kept.append(lemma)
                names.append(kept)
    return ids, names


def read_index(root: Path, ids):
    """lemma -> {pos: [synset id, ...]} from ``index.*`` (as NLTK parses it)."""
    index = {}
    for pos, suffix in POS_FILES:
        with open(root / f"index.{suffix}", encoding="utf-8") as fp:
            for line in fp:
                if line.startswith(" "):
                    continue
                tokens = line.split()
                lemma, n_synsets, n_pointers = tokens[0], int(tokens[2]), int(tokens[3])
                start = 4 + n_pointers + 2
                offsets = [int(t) for t in tokens[start : start + n_synsets]]
                index.setdefault(lemma, {})[pos] = [ids[(pos, offset)] for offset in offsets]
    return index


def read_exceptions(root: Path):
    """pos -> {form: [base, ...]} from ``*.exc`` (the last line for a form wins)."""
    exceptions = {}
    for pos, suffix in POS_FILES:
        table = exceptions[pos] = {}
        with open(root / f"{suffix}.exc", encoding="utf-8") as fp:
            for line in fp:
                terms = line.split()
                table[terms[0]] = terms[1:]
    return exceptions


def render(root: Path) -> str:
    ids, names = read_synsets(root)
    index = read_index(root, ids)
    exceptions = read_exceptions(root)
    lines = [
        "# WordNet 3.0 (Princeton University), see wordnet30.LICENSE; built by scripts/build_wordnet_resource.py",
        f"@synsets {len(names)}",
    ]
    lines += [" ".join(synset) for synset in names]
    lines.append(f"@index {len(index)}")
    for lemma in sorted(index):
        entries = " ".join(f"{pos}:{','.join(map(str, index[lemma][pos]))}" for pos, _ in POS_FILES if pos in index[lemma])
        lines.append(f"{lemma} {entries}")
    n_exc = sum(len(table) for table in exceptions.values())
    lines.append(f"@exceptions {n_exc}")
    for pos, _ in POS_FILES:
        for form in sorted(exceptions[pos]):
            lines.append(" ".join([pos, form, *exceptions[pos][form]]))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"), help="wordnet-base dict folder")
    parser.add_argument("--copyright", type=Path, default=Path("/usr/share/doc/wordnet-base/copyright"))
    parser.add_argument("--out", type=Path, default=REPO / "ngram_core" / "data")
    args = parser.parse_args()
    text = render(args.wordnet).encode("utf-8")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / RESOURCE).write_bytes(lzma.compress(text, preset=9 | lzma.PRESET_EXTREME))
    shutil.copyfile(args.copyright, args.out / LICENSE)
    print(f"{args.out / RESOURCE}: {len(text)} bytes of text, {(args.out / RESOURCE).stat().st_size} bytes compressed")


if __name__ == "__main__":
    main()
