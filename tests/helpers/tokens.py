"""Text the tokenizer tests share: edge cases, sacreBLEU's tokens, WMT lines, our encoded tokens."""
from __future__ import annotations

import numpy as np

from helpers.data import read_lines, require_wmt
from helpers.require import require_module

EDGE_CASES = [
    "", " ", ".", ",", "-", "0", ".5 x", "x 5.", "-5 a", "5-", "a\nb", "a-\nb", "x-<skipped>\ny",
    "<skipped>x", "a <skipped> b", "&amp;lt;", "&AMP;", "&quot;hi&quot;", "x,y", "1,000.", "3.14-2",
    "Σ ΑΣ.", "ΣΑΣ ΟΔΟΣ", "\u3000中文.", "中.5", "-中", "a\u00a0b", "\x1cx", "\u200bq", "İstanbul",
    "tab\there", "trailing   ", "  leading", "..x", "a..b", "5..", "e.g.,", "--", "a--b", "’quote’",
    "U.S.A.", "(a) [b] {c}", "@user #tag $5 %", "x^2 ~y", "emoji 😀!", "ﬁ ligature", "Ǆ title",
    "<skip-\nped>", "<skip<skipped>ped>\nx", "a-<skipped>\nb", "&am-\np; x",
]


def sacrebleu_tokens(lines, name, lowercase):
    bleu_mod = require_module("sacrebleu.metrics.bleu")
    tok = bleu_mod._get_tokenizer(name)()
    return [tok((line.lower() if lowercase else line).rstrip()).split() for line in lines]


def wmt_lines(targets, every=3):
    """Every ``every``-th line of the WMT files into ``targets`` (sources included)."""
    wmt = require_wmt()
    lines = []
    for path in sorted(wmt.glob("*/*/*.txt")):
        if path.parent.name.split("-")[1] in targets:
            lines.extend(read_lines(path)[::every])
    return lines


def encoded_tokens(encoded):
    tokens = np.array(encoded.vocab, dtype=object)[encoded.ids].tolist()
    off = encoded.offsets.tolist()
    return [tokens[off[i]:off[i + 1]] for i in range(len(encoded))]
