"""METEOR's options, declared once (:data:`OPTIONS`), for both variants.

Apart from :mod:`.corpus` (the computation) so that the jar's port (:mod:`.jar.corpus`)
writes its signature from the same declaration without importing the computation
that imports it. :func:`settings_of` turns resolved options into the jar's settings,
:func:`options_of` turns settings back into option values (what the signature reads).
"""
from __future__ import annotations

from typing import Any, Dict

from ..options import Option, OptionSet, flag, lowercase_option, return_segments_option, tokenize_option
from ..signature import number, numbers
from .jar import settings as jar_settings
from .jar.resources import language_name
from .nltk.stages import STAGES, check_stages
from .scoring import DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_GAMMA

VARIANTS = ("meteor-1.5", "nltk")
METEOR15_ONLY = ("meteor-1.5",)


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    """Rules that depend on the variant (and, for METEOR 1.5, defaults by language and task)."""
    if values["variant"] == "nltk":
        if "paraphrase" in values["stages"]:
            raise ValueError("stages: the 'nltk' variant has no paraphrase stage (NLTK's meteor_score has none); "
                             "use variant='meteor-1.5'")
        values["stages"] = check_stages(values["stages"])  # METEOR's order, whatever order they were given in
        return values
    if values["normalize"] and values["lowercase"] is False:
        raise ValueError("lowercase=False with normalize=True: the jar's -norm always lowercases; "
                         "set normalize=False for case-sensitive whitespace tokens")
    settings = settings_of(values)
    values.update(task=settings.task, stages=settings.stages, stage_weights=settings.stage_weights,
                  alpha=settings.alpha, beta=settings.beta, gamma=settings.gamma, delta=settings.delta,
                  lowercase=settings.lowercase)
    return values


def _reads(name: str, values: Dict[str, Any]) -> bool:
    """METEOR 1.5 tokenizes with the jar's ``-norm``: a shared ``lowercase`` is its ``-lower``
    only without it, and of the shared tokenizers it reads only ``coco`` (given before the jar)."""
    if values["variant"] != "meteor-1.5":
        return True
    if name == "tokenize":
        return values["tokenize"] == "coco"
    return not (name == "lowercase" and values["normalize"])


def _nltk(default: Any) -> tuple:
    return (("nltk", default),)


OPTIONS = OptionSet("METEOR", [
    Option("variant", "meteor-1.5", "'meteor-1.5': the METEOR 1.5 jar's numbers (java -jar meteor-1.5.jar -l en -norm, "
           "pycocoevalcap's METEOR); 'nltk': NLTK 3.10's meteor_score exactly (evaluate's meteor)", "choice",
           choices=VARIANTS, retired=(("standard", "use variant='meteor-1.5' (the jar's numbers, the default) or "
                                                   "'nltk'; the fewest-chunks alignment reproduced no tool"),),
           signature=("variant", str)),
    Option("language", "en", "the jar's -l: target language (parameters, stemmer, -norm rules)", "choice",
           choices=jar_settings.LANGUAGE_CODES, variants=METEOR15_ONLY, signature=("lang", language_name)),
    Option("task", None, "the jar's -t: parameter set (rank, adq, hter, util: English only; li, tune); "
           "None: rank where the jar has it for the language, else li", "choice", choices=jar_settings.TASKS,
           nullable=True, variants=METEOR15_ONLY, signature=("task", str)),
    Option("stages", None, "matching modules (the jar's -m), in the order given for meteor-1.5; None: the "
           "language's (en: exact stem synonym paraphrase) or, for nltk, exact stem synonym", "names",
           choices=jar_settings.MODULES, nullable=True, variant_defaults=_nltk(STAGES), signature=("stages", "+".join)),
    Option("stage_weights", None, "the jar's -w: one weight per stage, each in [0, 1] (above 1 a score would leave "
           "0-1); None: the task's, by position as the jar", "floats", low=0, high=1, nullable=True,
           variants=METEOR15_ONLY, signature=("weights", numbers("+"))),
    Option("alpha", None, "weight of recall against precision; None: the variant's (nltk 0.9; meteor-1.5 by "
           "language and task, en 0.85)", "float", low=0, high=1, nullable=True,
           variant_defaults=_nltk(DEFAULT_ALPHA), signature=("alpha", number)),
    Option("beta", None, "shape of the fragmentation penalty; None: nltk 3, meteor-1.5 en 0.2", "float", low=0,
           nullable=True, variant_defaults=_nltk(DEFAULT_BETA), signature=("beta", number)),
    Option("gamma", None, "weight of the fragmentation penalty; None: nltk 0.5, meteor-1.5 en 0.6", "float", low=0,
           high=1, nullable=True, variant_defaults=_nltk(DEFAULT_GAMMA), signature=("gamma", number)),
    Option("delta", None, "weight of content against function words; None: by language and task (en 0.75)",
           "float", low=0, high=1, nullable=True, variants=METEOR15_ONLY, signature=("delta", number)),
    flag("normalize", True, "the jar's -norm: its tokenizer, then lowercasing; False: whitespace tokens",
         variants=METEOR15_ONLY, signature=("norm", lambda normalize: "yes" if normalize else "no")),
    Option("beam", jar_settings.DEFAULT_BEAM, "the jar's -x: partial alignments kept by the search", "int", low=1,
           variants=METEOR15_ONLY, signature=("beam", str)),
    tokenize_option(None, "None: nltk 'nltk' (NLTK's word_tokenize, as evaluate's meteor), "
                    "meteor-1.5 the jar's own (normalize); meteor-1.5 takes only 'coco' (pycocoevalcap's PTB tokens "
                    "before the jar, as pycocoevalcap runs it)", nullable=True,
                    variant_choices=(("meteor-1.5", ("coco",)),), variant_defaults=_nltk("nltk"),
                    signature=("tok", lambda name: name)),  # its name (None: the jar's own, not in the signature)
    lowercase_option(None, "lowercase before tokenizing; None: nltk True, meteor-1.5 as -norm (which "
                     "lowercases) or, with normalize=False, False (the jar's -lower)", "flag", nullable=True,
                     variant_defaults=_nltk(True)),
    return_segments_option(),
], finalize=_finalize, reads=_reads, signature_fields={
    # the same field names as BLEU's and NIST's where they overlap
    "nltk": ("nrefs", "case", "tok", "variant", "stages", "alpha", "beta", "gamma"),
    "meteor-1.5": ("nrefs", "variant", "lang", "task", "stages", "weights", "alpha", "beta", "gamma", "delta", "tok",
                   "norm", "case", "unit", "beam"),
})


def settings_of(options: Dict[str, Any]) -> jar_settings.JarSettings:
    """The METEOR 1.5 settings of resolved options (``OPTIONS.resolve``)."""
    return jar_settings.resolve_settings(
        options["language"], options["task"], options["stages"], options["stage_weights"], options["alpha"],
        options["beta"], options["gamma"], options["delta"], options["normalize"], bool(options["lowercase"]),
        options["beam"], options["tokenize"])


def options_of(settings: jar_settings.JarSettings) -> Dict[str, Any]:
    """The option values (``language`` as the jar's name) that give ``settings``, with
    ``return_segments`` False: what the signature of a METEOR 1.5 result reads."""
    return {"variant": "meteor-1.5", "language": settings.language, "task": settings.task, "stages": settings.stages,
            "stage_weights": settings.stage_weights, "alpha": settings.alpha, "beta": settings.beta,
            "gamma": settings.gamma, "delta": settings.delta, "normalize": settings.normalize,
            "beam": settings.beam, "tokenize": settings.pretokenize, "lowercase": settings.lowercase,
            "return_segments": False}
