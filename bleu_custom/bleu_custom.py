"""BLEU for 🤗 evaluate on the ngram_core n-gram core, identical to sacreBLEU 2.6.0."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core import bleu
from ngram_core.adapters import evaluate as hf_metric

_CITATION = """\
@inproceedings{papineni-etal-2002-bleu,
    title = "{B}leu: a Method for Automatic Evaluation of Machine Translation",
    author = "Papineni, Kishore and Roukos, Salim and Ward, Todd and Zhu, Wei-Jing",
    booktitle = "Proceedings of the 40th Annual Meeting of the Association for Computational Linguistics",
    year = "2002",
    pages = "311--318",
}
@inproceedings{post-2018-call,
    title = "A Call for Clarity in Reporting {BLEU} Scores",
    author = "Post, Matt",
    booktitle = "Proceedings of the Third Conference on Machine Translation: Research Papers",
    year = "2018",
    pages = "186--191",
}
"""

_DESCRIPTION = """\
BLEU (Papineni et al., 2002) measures how many n-grams (n = 1..4) of a translation
appear in one or more reference translations. Clipped n-gram precisions are summed
over the whole corpus (micro-average), combined by a geometric mean and multiplied by
a brevity penalty computed from the closest reference length of each segment.

This metric gives exactly sacreBLEU 2.6.0's numbers (same tokenizers, quirks
included, same smoothing and signature), computed on a vectorized n-gram core that is
many times faster. Unlike evaluate's `bleu` (which takes the shortest reference
length), the brevity penalty uses the closest reference length, as sacreBLEU, NLTK
and mteval do. With `variant` it gives another tool's BLEU to the last digit instead:
`"nltk"` (NLTK 3.10 corpus_bleu / sentence_bleu, smoothing method0..method7),
`"evaluate"` (evaluate's own `bleu`), `"mteval"` (mteval-v13a.pl), `"coco"`
(pycocoevalcap's Bleu_1..Bleu_4) or `"torchmetrics"` (torchmetrics' BLEUScore with
`tokenize="none"`, its SacreBLEUScore with its tokenizer; float32, as torchmetrics).
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(bleu.OPTIONS) + """
Returns:
    bleu (`float`): BLEU on a 0-1 scale.
    score (`float`): BLEU on a 0-100 scale (sacreBLEU's number).
    precisions (`list` of `float`): n-gram precisions (0-1), smoothed as used.
    brevity_penalty (`float`), length_ratio (`float`),
    translation_length (`int`), reference_length (`int`),
    counts (`list` of `int`): clipped matches per order,
    totals (`list` of `int`): hypothesis n-grams per order,
    signature (`str`): everything that determines the number,
    segment_scores (`list` of `float`, with `return_segments=True`): BLEU (0-1) of
        each segment with the same options.

Examples:
    The seed's worked example: 5 of the 7 hypothesis unigrams are matched once clipped.

    >>> bleu = evaluate.load("bleu_custom")
    >>> predictions = ["the cat the cat on the mat"]
    >>> references = [["the cat is on the mat", "there is a cat on the mat"]]
    >>> result = bleu.compute(predictions=predictions, references=references)
    >>> result["counts"][0], result["totals"][0]
    (5, 7)
    >>> round(result["score"], 2)
    46.71

    A single reference per prediction, per-segment scores, options at load time:

    >>> bleu = evaluate.load("bleu_custom", tokenize="intl", effective_order=True)
    >>> result = bleu.compute(predictions=["The cat.", "hello there"],
    ...                       references=["The cat is lying on the beautiful mat", "hello there"],
    ...                       return_segments=True)
    >>> [round(s, 4) for s in result["segment_scores"]]
    [0.1039, 1.0]

    Another tool's BLEU: NLTK's corpus_bleu with its smoothing method 1.

    >>> bleu = evaluate.load("bleu_custom", variant="nltk", smooth_method="method1")
    >>> result = bleu.compute(predictions=["the cat sat on a mat"], references=[["the cat sat on the mat"]])
    >>> round(result["bleu"], 4), result["signature"].split("|")[1]
    (0.5373, 'variant:nltk')
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class BleuCustom(hf_metric.NgramMetric):
    """BLEU with sacreBLEU's numbers; options at load time or per call."""

    OPTIONS = bleu.OPTIONS
    corpus_function = staticmethod(bleu.corpus_bleu)

    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=hf_metric.FEATURES,
            codebase_urls=["https://github.com/mjpost/sacrebleu"],
            reference_urls=["https://aclanthology.org/P02-1040/", "https://aclanthology.org/W18-6319/"],
        )

