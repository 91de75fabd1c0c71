"""TER for 🤗 evaluate on the ngram_core package, identical to sacreBLEU 2.6.0's TER. Lower is better."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import ter

_CITATION = """\
@inproceedings{snover-etal-2006-study,
    title = "A Study of Translation Edit Rate with Targeted Human Annotation",
    author = "Snover, Matthew and Dorr, Bonnie and Schwartz, Rich and Micciulla, Linnea and Makhoul, John",
    booktitle = "Proceedings of the 7th Conference of the Association for Machine Translation in the Americas",
    year = "2006",
    pages = "223--231",
}
"""

_DESCRIPTION = """\
TER (translation edit rate; Snover et al., 2006) counts the edits that turn a translation
into its reference: insertions, deletions and substitutions of words, and shifts of runs
of words, each costing one; it divides them by the reference length. Shifts are searched
greedily, as tercom does, with sacreBLEU's limits. With several references a segment
counts the edits of its closest reference, divided by the average reference length; the
corpus score is the total edits over the total length, on 0-100. Lower is better, and a
translation longer than its reference can score over 100.

This metric gives sacreBLEU 2.6.0's `TER` numbers exactly (corpus and sentence scores,
every option, several references) and its signature, with our version last.
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(ter.OPTIONS) + """
Returns:
    score (`float`): TER on 0-100 (sacreBLEU's number; lower is better, may exceed 100).
    ter (`float`): the same on 0-1.
    num_edits (`int`): the total edits; ref_length (`float`): the total average reference length.
    signature (`str`): everything that determines the number (sacreBLEU's format).
    segment_scores (`list` of `float`, with `return_segments=True`): each segment's
        sacreBLEU sentence_score / 100 (0-1, may exceed 1).

Examples:
    >>> ter_metric = evaluate.load("ter_custom")
    >>> predictions = ["the cat sat on the mat", "Hello world!"]
    >>> references = [["on the mat the cat sat", "a cat sat on a mat"], ["Hello world !"]]
    >>> result = ter_metric.compute(predictions=predictions, references=references)
    >>> round(result["score"], 4), result["num_edits"], result["ref_length"]
    (33.3333, 3, 9.0)
    >>> result["signature"]
    'TER|nrefs:var|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:ngram-core-0.1.0'

    tercom's normalization (punctuation set apart), with each segment's score:
    >>> normalized = evaluate.load("ter_custom", normalized=True)
    >>> result = normalized.compute(predictions=predictions, references=references, return_segments=True)
    >>> round(result["score"], 4), [round(s, 4) for s in result["segment_scores"]]
    (11.1111, [0.1667, 0.0])
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class TerCustom(hf_metric.NgramMetric):
    """TER with sacreBLEU 2.6.0's numbers; options at load time or per call. Lower is better."""

    OPTIONS = ter.OPTIONS
    corpus_function = staticmethod(ter.corpus_ter)

    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=hf_metric.FEATURES,
            codebase_urls=["https://github.com/mjpost/sacrebleu/blob/master/sacrebleu/metrics/ter.py",
                           "https://github.com/jhclark/tercom"],
            reference_urls=["https://aclanthology.org/2006.amta-papers.25"],
        )
