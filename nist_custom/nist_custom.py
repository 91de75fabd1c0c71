"""NIST for 🤗 evaluate on the ngram_core n-gram core, identical to mteval-v13a."""
import datasets  # noqa: F401  (evaluate scripts declare their datasets dependency)
import evaluate

from ngram_core.adapters import evaluate as hf_metric
from ngram_core import nist

_CITATION = """\
@inproceedings{doddington-2002-automatic,
    title = "Automatic Evaluation of Machine Translation Quality Using N-gram Co-Occurrence Statistics",
    author = "Doddington, George",
    booktitle = "Proceedings of the Second International Conference on Human Language Technology Research",
    year = "2002",
    pages = "138--145",
}
"""

_DESCRIPTION = """\
NIST (Doddington, 2002) scores a translation by the n-grams (n = 1..5) it shares with
one or more reference translations, like BLEU, but weights every matched n-gram by its
information: info(w1..wn) = log2(count(w1..wn-1) / count(w1..wn)), counted over all
reference translations of the corpus, so rare n-grams count more than frequent ones.
NIST = BP * sum_n (information of the matched n-grams / number of hypothesis n-grams),
with a length penalty BP = exp(-beta * ln^2(min(c / L, 1))) that is 0.5 when the
translation has 2/3 of the average reference length L. Scores are >= 0 with no fixed
maximum (good systems on news data score about 8-13).

This metric gives mteval-v13a.pl's numbers (same 13a tokenizer, several references
as mteval uses them) on a vectorized n-gram core. `mteval_quirks=True` also
reproduces mteval's Perl quirk (a bigram starting with the token `0` is weighted like
a unigram); it is off by default, which is the metric as defined (and NLTK's
`corpus_nist` on single references). Unlike NLTK's `corpus_nist`, several references
are used together (clipping against the best one, average reference length), as
mteval does, and hypotheses shorter than n or empty give a score instead of an error;
`variant="nltk"` gives NLTK's `corpus_nist` numbers (one reference per segment and order).
"""

_KWARGS_DESCRIPTION = hf_metric.arguments_doc(nist.OPTIONS) + """
Returns:
    nist (`float`): the NIST score (>= 0).
    info_sums (`list` of `float`): information (bits) of the matched n-grams, per order.
    info_per_ngram (`list` of `float`): `info_sums` divided by the hypothesis n-grams
        of each order; `nist` = `brevity_penalty` * their sum.
    counts (`list` of `int`): matched (clipped) n-grams per order.
    totals (`list` of `int`): hypothesis n-grams per order.
    brevity_penalty (`float`), length_ratio (`float`),
    translation_length (`int`): hypothesis words,
    reference_length (`float`): average reference length summed over segments,
    signature (`str`): everything that determines the number,
    segment_scores (`list` of `float`, with `return_segments=True`): NIST of each
        segment, with the corpus' information weights.

Examples:
    >>> nist_metric = evaluate.load("nist_custom")
    >>> predictions = ["the cat sat on the mat"]
    >>> references = [["the cat sat on the mat", "a cat was sitting on the mat"]]
    >>> result = nist_metric.compute(predictions=predictions, references=references)
    >>> result["counts"], result["totals"]
    ([6, 5, 4, 3, 2], [6, 5, 4, 3, 2])
    >>> round(result["nist"], 4)
    3.218
    >>> result["signature"]
    'NIST|nrefs:2|case:mixed|tok:13a|order:5|quirks:no|version:ngram-core-0.1.0'

    mteval-v13a's numbers (its default lowercases ASCII letters only):
    >>> mteval = evaluate.load("nist_custom", lowercase="ascii", mteval_quirks=True)
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class NistCustom(hf_metric.NgramMetric):
    """NIST with mteval-v13a's numbers; options at load time or per call."""

    OPTIONS = nist.OPTIONS
    corpus_function = staticmethod(nist.corpus_nist)

    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=hf_metric.FEATURES,
            codebase_urls=["https://github.com/moses-smt/mosesdecoder/blob/master/scripts/generic/mteval-v13a.pl"],
            reference_urls=["https://dl.acm.org/doi/10.5555/1289189.1289273"],
        )

