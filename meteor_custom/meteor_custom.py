"""METEOR for 🤗 evaluate on the ngram_core tokenizers: NLTK-exact or chunk-optimal, offline."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core import hf_metric, meteor

_CITATION = """\
@inproceedings{banarjee2005,
    title = {{METEOR}: An Automatic Metric for {MT} Evaluation with Improved Correlation with Human Judgments},
    author = {Banerjee, Satanjeev and Lavie, Alon},
    booktitle = {Proceedings of the {ACL} Workshop on Intrinsic and Extrinsic Evaluation Measures for Machine Translation and/or Summarization},
    year = {2005},
    pages = {65--72},
}
@inproceedings{lavie-agarwal-2007-meteor,
    title = "{METEOR}: An Automatic Metric for {MT} Evaluation with High Levels of Correlation with Human Judgments",
    author = "Lavie, Alon and Agarwal, Abhaya",
    booktitle = "Proceedings of the Second Workshop on Statistical Machine Translation",
    year = "2007",
    pages = "228--231",
}
@inproceedings{denkowski-lavie-2014-meteor,
    title = "Meteor Universal: Language Specific Translation Evaluation for Any Target Language",
    author = "Denkowski, Michael and Lavie, Alon",
    booktitle = "Proceedings of the Ninth Workshop on Statistical Machine Translation",
    year = "2014",
    pages = "376--380",
}
"""

_DESCRIPTION = """\
METEOR aligns the words of a translation with those of a reference in stages (exact
words, then stems, then WordNet 3.0 synonyms, each stage on the words still
unmatched), then combines unigram precision P and recall R into a recall-weighted
F = P*R / (alpha*P + (1-alpha)*R) and multiplies it by a fragmentation penalty:
score = (1 - gamma * (chunks/matches)**beta) * F, where chunks are runs of matched
words adjacent in both sentences. Scores are 0-1; with several references the best one
counts. WordNet 3.0 ships with the package: nothing is downloaded, ever.

Two variants:
- `variant="standard"` (default): Snowball stems, synonyms that share a WordNet synset,
  and the alignment METEOR 1.5 ranks first (most matches, then fewest chunks, then the
  smallest distance between matched positions), found by a beam search over the
  alignments (exact unless a sentence has very many repeated tokens).
- `variant="nltk"`: NLTK 3.10.4's `meteor_score` (and so evaluate's `meteor`) to the
  last digit, about 10 times faster; needs `pip install nltk` (for its Porter stemmer;
  no NLTK data).

`meteor` is the mean of segment scores (NLTK's and evaluate's number); `meteor_corpus`
applies the formula once to matches, chunks and lengths summed over all segments
(METEOR 1.5's system-level score).
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(meteor.OPTIONS) + """
Returns:
    meteor (`float`): mean of segment scores (0-1).
    meteor_corpus (`float`): the formula on statistics summed over segments (0-1).
    matches (`int`), chunks (`int`), translation_length (`int`),
    reference_length (`int`): those sums (each segment against its best reference).
    signature (`str`): everything that determines the number.
    With `return_segments=True`: segment_scores (`list` of `float`),
    segment_alignments (`list` of lists of (hypothesis, reference) token positions),
    segment_chunks (`list` of `int`), segment_matches (`list` of `int`),
    segment_references (`list` of `int`: index of the best reference).

Examples:
    NLTK's documented example, reproduced by the `nltk` variant:

    >>> meteor = evaluate.load("meteor_custom")
    >>> hypothesis = "It is a guide to action which ensures that the military always obeys the commands of the party"
    >>> reference = "It is a guide to action that ensures that the military will forever heed Party commands"
    >>> result = meteor.compute(predictions=[hypothesis], references=[reference], variant="nltk")
    >>> round(result["meteor"], 4)
    0.6944

    The default variant finds the alignment with the fewest chunks: `a b` against
    `a b a` is one chunk (NLTK's greedy alignment makes it two):

    >>> result = meteor.compute(predictions=["a b"], references=[["a b a"]], return_segments=True)
    >>> result["segment_chunks"], result["segment_alignments"]
    ([1], [[(0, 0), (1, 1)]])
    >>> round(result["meteor"], 4)
    0.6466
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class MeteorCustom(hf_metric.NgramMetric):
    """METEOR, NLTK-exact or chunk-optimal; options at load time or per call."""

    OPTIONS = meteor.OPTIONS

    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=hf_metric.FEATURES,
            codebase_urls=["https://github.com/nltk/nltk/blob/develop/nltk/translate/meteor_score.py", "https://github.com/cmu-mtlab/meteor"],
            reference_urls=["https://aclanthology.org/W07-0734/", "https://aclanthology.org/W14-3348/", "https://wordnet.princeton.edu/"],
        )

    def _score(self, predictions, references, **options):
        return meteor.compute_meteor(predictions, references, **options)
