"""METEOR for 🤗 evaluate: the METEOR 1.5 jar's numbers without Java (default), or NLTK's; offline."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import meteor

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
METEOR aligns the words of a translation with those of a reference (exact words, stems,
synonyms, paraphrases), then combines precision P and recall R into
Fmean = 1 / ((1-alpha)/P + alpha/R) and multiplies it by a fragmentation penalty:
score = Fmean * (1 - gamma * frag**beta), frag = chunks / matched words, chunks being
runs of matched words adjacent in both sentences. Scores are 0-1; with several
references the best one counts. Everything ships with the package: nothing is
downloaded, and no Java is needed.

Two variants, each giving the numbers of one tool:
- `variant="meteor-1.5"` (default): the METEOR 1.5 jar, `java -jar meteor-1.5.jar HYP
  REF -l en -norm` (what WMT reported and what pycocoevalcap runs for image captioning):
  its tokenizer (-norm), its modules (exact, Snowball stem, WordNet synonym, paraphrase
  table), its beam search and its scoring (function words weighted by delta, module
  weights), with its parameters by language and task. `meteor` is the jar's
  "Final score" (pycocoevalcap's METEOR): the score of the summed statistics.
- `variant="nltk"`: NLTK 3.10.4's `meteor_score` (and so evaluate's `meteor`) to the last
  digit, on sacreBLEU's 13a tokens.

`meteor` is the number of the tool the variant reproduces, the one `ngram-score` prints as
METEOR: METEOR 1.5's corpus score, NLTK's (evaluate's) mean of segment scores. Both are
there by name: `meteor_corpus`, the score of the statistics summed over all segments (the
jar leaves the chunks of perfectly matched segments out), and `meteor_mean`.
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(meteor.OPTIONS) + """
Returns:
    meteor (`float`): the variant's tool's number (0-1): meteor-1.5, the jar's Final score
    (= meteor_corpus); nltk, evaluate's mean of segment scores (= meteor_mean).
    meteor_corpus (`float`): the score of the summed statistics (0-1).
    meteor_mean (`float`): the mean of segment scores (0-1).
    matches (`int`), chunks (`int`), translation_length (`int`), reference_length (`int`):
    sums over segments (each against its best reference); meteor-1.5 also gives
    reference_matches and stage_matches (words matched per stage, on each side).
    signature (`str`): everything that determines the number.
    With `return_segments=True`: segment_scores (`list` of `float`), segment_alignments,
    segment_chunks (`list` of `int`), segment_matches (`list` of `int`),
    segment_references (`list` of `int`: index of the best reference).

Examples:
    The jar's numbers (METEOR 1.5, English, -norm):

    >>> meteor = evaluate.load("meteor_custom")
    >>> result = meteor.compute(predictions=["The cat sat on the mat."], references=[["The cat sat on the mat."]])
    >>> result["meteor"]
    1.0
    >>> result = meteor.compute(predictions=["the cat sat on a mat"], references=[["the cat was sitting on the mat"]])
    >>> round(result["meteor"], 4), result["chunks"]
    (0.4092, 2)

    NLTK's documented example, reproduced by the `nltk` variant:

    >>> hypothesis = "It is a guide to action which ensures that the military always obeys the commands of the party"
    >>> reference = "It is a guide to action that ensures that the military will forever heed Party commands"
    >>> result = meteor.compute(predictions=[hypothesis], references=[reference], variant="nltk")
    >>> round(result["meteor"], 4)
    0.6944
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class MeteorCustom(hf_metric.NgramMetric):
    """METEOR: the METEOR 1.5 jar's numbers or NLTK's; options at load time or per call."""

    OPTIONS = meteor.OPTIONS
    corpus_function = staticmethod(meteor.compute_meteor)

    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=hf_metric.FEATURES,
            codebase_urls=["https://github.com/nltk/nltk/blob/develop/nltk/translate/meteor_score.py", "https://github.com/cmu-mtlab/meteor"],
            reference_urls=["https://aclanthology.org/W07-0734/", "https://aclanthology.org/W14-3348/", "https://wordnet.princeton.edu/"],
        )

