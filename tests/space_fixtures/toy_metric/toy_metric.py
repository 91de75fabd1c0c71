"""A stand-in metric for the Space tests: unigram precision, clipped by the references.

It is an ``NgramMetric`` like the real ones (options, checks, signature) but small
enough to read at a glance, so ``ngram_core.adapters.space`` can be tested without them.
"""
from collections import Counter

import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import tokenizers
from ngram_core.options import Option, OptionSet, flag, tokenize_option


# One option of each widget kind: a choice, a flag, a float and an int (n is unused).
OPTIONS = OptionSet("toy", [
    tokenize_option(),
    flag("lowercase", False, "lowercase before tokenizing"),
    Option("weight", 1.0, "a factor on the score", "float", low=0),
    Option("n", 1, "unused", "int", low=1),
])


@OPTIONS.entry_point
def toy_precision(predictions, references, tokenize, lowercase, weight, n):
    """Clipped unigram precision over the corpus, times weight."""
    refs = [[r] if isinstance(r, str) else list(r) for r in references]
    hyps = tokenizers.tokenize(predictions, tokenize, lowercase)
    matches = total = 0
    for hyp, seg_refs in zip(hyps, refs):
        best = Counter()
        for ref in tokenizers.tokenize(seg_refs, tokenize, lowercase):
            best |= Counter(ref)
        matches += sum((Counter(hyp) & best).values())
        total += len(hyp)
    toy = weight * matches / total if total else 0.0
    return {
        "toy": toy,
        "matches": matches,
        "totals": [total],
        "signature": f"toy|nrefs:{max(map(len, refs))}|tok:{tokenize}|case:{'lc' if lowercase else 'mixed'}|w:{weight}",
    }


class ToyMetric(hf_metric.NgramMetric):
    """Clipped unigram precision over the corpus, 0-1."""

    OPTIONS = OPTIONS
    corpus_function = staticmethod(toy_precision)

    def _info(self):
        return evaluate.MetricInfo(
            description="Clipped unigram precision (a test stand-in).",
            citation="",
            inputs_description="predictions: list of str; references: list of str or list of lists of str",
            features=hf_metric.FEATURES,
        )
