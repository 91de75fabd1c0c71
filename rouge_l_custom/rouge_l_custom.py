"""ROUGE-L for 🤗 evaluate on the ngram_core package, identical to pycocoevalcap 1.2's Rouge (and rouge-score's rougeL)."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import rouge_l

_CITATION = """\
@inproceedings{lin-2004-rouge,
    title = "{ROUGE}: A Package for Automatic Evaluation of Summaries",
    author = "Lin, Chin-Yew",
    booktitle = "Text Summarization Branches Out",
    year = "2004",
    pages = "74--81",
}
"""

_DESCRIPTION = """\
ROUGE-L (Lin, 2004) scores a caption by the longest common subsequence (LCS) of its
tokens and a reference's: precision P = LCS / |hypothesis|, recall R = LCS / |reference|,
combined as (1 + beta^2) P R / (R + beta^2 P). The default, `variant="coco"`, is
pycocoevalcap 1.2's `Rouge` (the COCO caption evaluation): tokens split on spaces (run the
PTB tokenizer first, as COCOEvalCap does), beta = 1.2, and P and R each maximised over the
references. `variant="rouge_score"` is rouge-score 0.1.2's `rougeL`: its tokenizer
(lowercase, letters and digits a-z0-9 only), F1, and the reference of the best F1. The
corpus score is the mean of the image scores, on 0-1. At most 10,000 tokens per text.
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(rouge_l.OPTIONS) + """
Returns:
    rouge_l (`float`): the mean ROUGE-L over images, 0-1 (pycocoevalcap's ROUGE_L).
    score (`float`): the same on 0-100.
    variant (`str`), beta (`float`): whose ROUGE-L, and its beta.
    signature (`str`): everything that determines the number.
    segment_scores (`list` of `float`, with `return_segments=True`): each image's ROUGE-L (0-1).

Examples:
    >>> rouge_l_metric = evaluate.load("rouge_l_custom")
    >>> predictions = ["a man riding a horse on the beach", "two dogs playing in the snow", "a cat sleeping on a sofa"]
    >>> references = [["a man rides a horse along the beach", "a person on a horse at the beach"],
    ...               ["two dogs play in the snow", "dogs running through snow"],
    ...               ["a cat asleep on the couch", "a cat lying on a sofa"]]
    >>> result = rouge_l_metric.compute(predictions=predictions, references=references, return_segments=True)
    >>> round(result["rouge_l"], 4), [round(s, 4) for s in result["segment_scores"]]
    (0.8056, [0.75, 0.8333, 0.8333])
    >>> result["signature"]
    'ROUGE-L|nrefs:2|variant:coco|version:ngram-core-0.1.0'

    rouge-score's ROUGE-L (its tokenizer drops case and punctuation; F1):
    >>> rouge_score = evaluate.load("rouge_l_custom", variant="rouge_score")
    >>> round(rouge_score.compute(predictions=["A man, riding a horse!"], references=[["a man rides a horse"]])["rouge_l"], 4)
    0.8
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class RougeLCustom(hf_metric.NgramMetric):
    """ROUGE-L with pycocoevalcap 1.2's (or rouge-score 0.1.2's) numbers; options at load time or per call."""

    OPTIONS = rouge_l.OPTIONS
    corpus_function = staticmethod(rouge_l.corpus_rouge_l)
    DESCRIPTION, CITATION, KWARGS_DESCRIPTION = _DESCRIPTION, _CITATION, _KWARGS_DESCRIPTION
    CODEBASE_URLS = ("https://github.com/salaniz/pycocoevalcap/blob/master/rouge/rouge.py",
                     "https://github.com/google-research/google-research/tree/master/rouge")
    REFERENCE_URLS = ("https://aclanthology.org/W04-1013",)
