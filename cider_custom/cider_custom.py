"""CIDEr-D for 🤗 evaluate on the ngram_core package, identical to pycocoevalcap 1.2's Cider."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import cider

_CITATION = """\
@inproceedings{vedantam-2015-cider,
    title = "{CIDE}r: Consensus-based Image Description Evaluation",
    author = "Vedantam, Ramakrishna and Zitnick, C. Lawrence and Parikh, Devi",
    booktitle = "Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition (CVPR)",
    year = "2015",
    pages = "4566--4575",
}
"""

_DESCRIPTION = """\
CIDEr-D (Vedantam et al., 2015) scores a caption by the cosine similarity of its tf-idf
weighted n-gram vectors (n = 1..4) with each reference's, the idf taken over the references
of the whole corpus (an n-gram every image's references use weighs nothing), with clipping
and a Gaussian length penalty (sigma = 6), averaged over orders and references, times 10.
This is pycocoevalcap 1.2's `Cider` (the COCO caption evaluation) exactly, per image and
corpus (the mean of the image scores, 0-10). Words are the text split on whitespace: run the
PTB tokenizer first, as COCOEvalCap does. The corpus is the whole compute call: its
document frequencies come from every image's references.
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(cider.OPTIONS) + """
Returns:
    cider (`float`): the mean CIDEr-D over images, 0-10 (pycocoevalcap's CIDEr).
    score (`float`): the same.
    max_order (`int`), sigma (`float`): the settings.
    signature (`str`): everything that determines the number.
    segment_scores (`list` of `float`, with `return_segments=True`): each image's CIDEr-D (0-10).

Examples:
    >>> cider_metric = evaluate.load("cider_custom")
    >>> predictions = ["a man riding a horse on the beach", "two dogs playing in the snow",
    ...                "a plate of food on a table"]
    >>> references = [["a man rides a horse along the beach", "a person on a horse at the beach"],
    ...               ["two dogs play in the snow", "dogs running through snow"],
    ...               ["a plate with food on a wooden table", "food on a plate"]]
    >>> result = cider_metric.compute(predictions=predictions, references=references, return_segments=True)
    >>> round(result["cider"], 4), [round(s, 4) for s in result["segment_scores"]]
    (2.8405, [2.5278, 2.5909, 3.403])
    >>> result["signature"]
    'CIDEr-D|nrefs:2|sigma:6|version:ngram-core-0.1.0'
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class CiderCustom(hf_metric.NgramMetric):
    """CIDEr-D with pycocoevalcap 1.2's numbers; options at load time or per call."""

    OPTIONS = cider.OPTIONS
    corpus_function = staticmethod(cider.corpus_cider)
    DESCRIPTION, CITATION, KWARGS_DESCRIPTION = _DESCRIPTION, _CITATION, _KWARGS_DESCRIPTION
    CODEBASE_URLS = ("https://github.com/salaniz/pycocoevalcap/tree/master/cider",)
    REFERENCE_URLS = ("https://arxiv.org/abs/1411.5726",)
