"""Token ids of several texts in one flat array (:class:`EncodedTexts`), and the two
helpers every layer uses to make such arrays."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..lazy import np


@dataclass(frozen=True)
class EncodedTexts:
    """Token ids of several texts: ``ids[offsets[i]:offsets[i + 1]]`` is text ``i``."""

    ids: np.ndarray  # int64 token ids (may be a read-only view of pyarrow memory)
    offsets: np.ndarray  # int64, one more than the number of texts
    vocab: list[str]  # token string of each id

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def in_case(self, case) -> EncodedTexts:
        """The texts with ``case`` (a :class:`~ngram_core.tokenizers.casing.Case`) applied to
        every token: ids renumbered in order of first appearance in the vocabulary."""
        remap, vocab = intern_strings(case.texts(self.vocab))
        return EncodedTexts(ids=remap[self.ids], offsets=self.offsets, vocab=vocab)

    def tokens(self, i: int) -> list[str]:
        """The tokens of text ``i`` as strings (for debugging and tests)."""
        return [self.vocab[j] for j in self.ids[self.offsets[i] : self.offsets[i + 1]]]


def offsets_from_counts(counts: np.ndarray) -> np.ndarray:
    """Start offsets of consecutive runs of the given lengths, and the total at the end."""
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return offsets

def intern_strings(values: Iterable[str]) -> tuple[np.ndarray, list[str]]:
    """(integer code of each value, distinct values in order of first appearance)."""
    index: dict[str, int] = {}
    setdefault = index.setdefault
    codes = np.array([setdefault(v, len(index)) for v in values], dtype=np.int64)
    return codes, list(index)
