"""``variant="torchmetrics"``: torchmetrics 1.9's ``CHRFScore`` / ``chrf_score``, without torch.

(``torchmetrics/functional/text/chrf.py``, after chrF++.py.) Where it differs from
sacreBLEU's ``CHRF`` (our default variant):

- score: the mean over all ``char_order + word_order`` orders of each order's F-beta,
  ``f_n = (1 + beta^2) P R / max(beta^2 P + R, 1e-16)``, P = matches / hypothesis
  n-grams (0 when there are none), R = matches / reference n-grams (0 likewise); the
  character orders summed, the word orders summed, the two added, divided by the number
  of orders (sacreBLEU averages P and R over the orders that have both sides, then takes
  one F-beta). No ``eps_smoothing`` option: this is its only rule.
- hypothesis n-grams always count (sacreBLEU counts none of an order the reference lacks);
- the best of several references is the first with the highest sentence score, and a
  segment whose every reference scores 0 adds **no reference n-grams and no matches** to
  the corpus (its hypothesis n-grams still count): the corpus rule behind
  torchmetrics#3480's inflated recall; with one reference too;
- characters without ``whitespace``: ``text.strip().replace(" ", "")``, so tabs, line
  breaks and other Unicode spaces inside a text are characters (sacreBLEU drops all
  whitespace); words as sacreBLEU's (``str.split()``, one punctuation mark split off);
- float32: torchmetrics keeps counts and scores in float32 tensors; we do the same
  float32 operations in the same order (numpy float32: division, products, maximum, the
  left-to-right sums, all correctly rounded, as torch's CPU kernels; no ln or exp here),
  so ``chrf`` is its float32 number to the last bit. Counts: ours are exact integers
  rounded to float32 once; torchmetrics adds them one n-gram at a time in float32, exact
  below 2^24 (16.7 million n-grams of an order over the corpus); above that its sums
  drift and ours do not.
- scale: ``chrf`` (0-1) is its number, ``score`` = 100 x ``chrf``; its default
  ``n_word_order`` is 2 (chrF++), ours 0: give ``word_order=2`` for ``CHRFScore()``.
"""
from __future__ import annotations

from typing import Any, Callable, List, Mapping, Sequence

from ..lazy import np

from .plain import words

EPS32 = 1e-16  # its _EPS_SMOOTHING, a float32 tensor


def characters(text: str, whitespace: bool) -> str:
    """The characters it counts: the text, or ``text.strip().replace(" ", "")``."""
    return text if whitespace else text.strip().replace(" ", "")


def f_scores(hyp: Any, ref: Any, match: Any, char_order: int, beta: int) -> np.ndarray:
    """Its chrF (0-1, float32) of each row of ``(..., K)`` counts, op for op as
    ``_calculate_fscore``."""
    f32 = np.float32
    hyp, ref, match = (np.asarray(a).astype(np.float32) for a in (hyp, ref, match))
    factor = f32(beta ** 2)
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = np.where(hyp > 0, match / np.where(hyp > 0, hyp, f32(1)), f32(0))
        recall = np.where(ref > 0, match / np.where(ref > 0, ref, f32(1)), f32(0))
        denominator = np.maximum(factor * precision + recall, f32(EPS32))
        each = f32(1 + beta ** 2) * precision * recall / denominator
    sums = []
    for part in (each[..., :char_order], each[..., char_order:]):
        total = np.zeros(each.shape[:-1], dtype=np.float32)
        for i in range(part.shape[-1]):  # Python's sum of tensors: left to right
            total = total + part[..., i]
        sums.append(total)
    return (sums[0] + sums[1]) / f32(each.shape[-1])


def row_scores(rows: Any, values: Mapping[str, Any]) -> np.ndarray:
    """0-100 of rows ``[hyp_1, ref_1, match_1, hyp_2, ...]`` (the significance layout)."""
    rows = np.asarray(rows)
    scores = f_scores(rows[..., 0::3], rows[..., 1::3], rows[..., 2::3], values["char_order"], values["beta"])
    return 100 * scores.astype(np.float64)


def _hypothesis_totals(hypotheses: Sequence[str], values: Mapping[str, Any]) -> np.ndarray:
    """(S, K): each hypothesis's n-grams per order, whatever its references."""
    lengths: List[np.ndarray] = []
    for order, of in ((values["char_order"], lambda t: len(characters(t, values["whitespace"]))),
                      (values["word_order"], lambda t: len(words(t)))):
        if order:
            n = np.fromiter(map(of, hypotheses), dtype=np.int64, count=len(hypotheses))
            lengths.append(np.maximum(n[:, None] - np.arange(order)[None, :], 0))
    return np.concatenate(lengths, axis=1)


def counts(texts: List[str], ref_table: np.ndarray, values: Mapping[str, Any], count: Callable):
    """(hyp, ref, match), each (S, J, K), with its characters and every hypothesis n-gram:
    ``count`` (the array or compiled counter) on texts whose characters are its."""
    S, J = ref_table.shape
    changed = not values["whitespace"] and any(characters(t, False) != "".join(t.split()) for t in texts)
    if not changed:
        hyp, ref, match = count(texts, ref_table, values)
    else:  # characters from its character text; words from the text as given
        parts = [count([characters(t, False) for t in texts], ref_table,
                       {**values, "whitespace": True, "word_order": 0})]
        if values["word_order"]:
            parts.append(count(texts, ref_table, {**values, "char_order": 0}))
        hyp, ref, match = (np.concatenate([p[i] for p in parts], axis=2) for i in range(3))
    hyp = np.broadcast_to(_hypothesis_totals(texts[:S], values)[:, None, :], hyp.shape)
    return hyp, ref, match


def chosen(hyp: np.ndarray, ref: np.ndarray, match: np.ndarray, present: np.ndarray, values: Mapping[str, Any]):
    """Each segment's (hyp, ref, match) by its rule: the first reference of the highest
    float32 sentence score, or no reference n-grams and matches if every score is 0."""
    S = hyp.shape[0]
    scores = np.where(present, f_scores(hyp, ref, match, values["char_order"], values["beta"]), -np.inf)
    best = np.argmax(scores, axis=1)
    pick = np.arange(S)
    keep = (scores[pick, best] > 0)[:, None]
    return (np.ascontiguousarray(hyp[pick, best]), np.where(keep, ref[pick, best], 0),
            np.where(keep, match[pick, best], 0))
