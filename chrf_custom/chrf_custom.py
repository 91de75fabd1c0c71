"""chrF and chrF++ for 🤗 evaluate on the ngram_core package, identical to sacreBLEU 2.6.0's CHRF."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import chrf

_CITATION = """\
@inproceedings{popovic-2015-chrf,
    title = "chr{F}: character n-gram {F}-score for automatic {MT} evaluation",
    author = "Popovi{\\'c}, Maja",
    booktitle = "Proceedings of the Tenth Workshop on Statistical Machine Translation",
    year = "2015",
    pages = "392--395",
}
@inproceedings{popovic-2017-chrf,
    title = "chr{F}++: words helping character n-grams",
    author = "Popovi{\\'c}, Maja",
    booktitle = "Proceedings of the Second Conference on Machine Translation",
    year = "2017",
    pages = "612--618",
}
"""

_DESCRIPTION = """\
chrF (Popović, 2015) scores a translation by the character n-grams (n = 1..6) it shares
with its reference: per order, precision and recall of the clipped matches, averaged over
the orders, combined into an F-beta score with beta = 2 (recall weighs twice as much as
precision). chrF++ (Popović, 2017; `word_order=2`) adds word unigrams and bigrams.
Whitespace is left out of the character n-grams unless `whitespace=True`. With several
references each segment keeps the statistics of its best reference; the corpus score is
the F-score of the summed statistics, on 0-100.

This metric gives sacreBLEU 2.6.0's `CHRF` numbers exactly (corpus and sentence scores,
every option, several references) and its signature, with our version last.
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(chrf.OPTIONS) + """
Returns:
    score (`float`): chrF on 0-100 (sacreBLEU's number).
    chrf (`float`): the same on 0-1.
    char_order (`int`), word_order (`int`), beta (`int`): the settings.
    signature (`str`): everything that determines the number (sacreBLEU's format).
    segment_scores (`list` of `float`, with `return_segments=True`): each segment's
        sacreBLEU sentence_score / 100 (0-1).

Examples:
    >>> chrf_metric = evaluate.load("chrf_custom")
    >>> predictions = ["The cat sat on the mat.", "Hello (world)!"]
    >>> references = [["The cat is on the mat.", "A cat sat on a mat."], ["Hello world!"]]
    >>> result = chrf_metric.compute(predictions=predictions, references=references)
    >>> round(result["score"], 4)
    61.7613
    >>> result["signature"]
    'chrF2|nrefs:var|case:mixed|eff:yes|nc:6|nw:0|space:no|version:ngram-core-0.1.0'

    chrF++ (word unigrams and bigrams too), with each segment's score:
    >>> plus = evaluate.load("chrf_custom", word_order=2)
    >>> result = plus.compute(predictions=predictions, references=references, return_segments=True)
    >>> round(result["score"], 4), [round(s, 4) for s in result["segment_scores"]]
    (62.5995, [0.6944, 0.4737])
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class ChrfCustom(hf_metric.NgramMetric):
    """chrF / chrF++ with sacreBLEU 2.6.0's numbers; options at load time or per call."""

    OPTIONS = chrf.OPTIONS
    corpus_function = staticmethod(chrf.corpus_chrf)

    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=hf_metric.FEATURES,
            codebase_urls=["https://github.com/mjpost/sacrebleu/blob/master/sacrebleu/metrics/chrf.py",
                           "https://github.com/m-popovic/chrF"],
            reference_urls=["https://aclanthology.org/W15-3049", "https://aclanthology.org/W17-4770"],
        )

