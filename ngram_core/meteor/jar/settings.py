# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""What METEOR 1.5's options resolve to: language (``-l``), task (``-t``), modules
(``-m``), module weights (``-w``), parameters (``-p``), normalization (``-norm``,
``-lower``) and beam (``-x``), as ``MeteorConfiguration`` and ``Constants`` resolve them.

Defaults by language (the jar's ``Constants``):

============================  ==================================  ==============  =======================
language                      modules                             task            alpha beta gamma delta
============================  ==================================  ==============  =======================
en                            exact stem synonym paraphrase       rank            0.85 0.20 0.60 0.75
cz                            exact paraphrase                    rank            0.95 0.20 0.60 0.80
fr                            exact stem paraphrase               rank            0.90 1.40 0.60 0.65
es                            exact stem paraphrase               rank            0.65 1.30 0.50 0.80
de                            exact stem paraphrase               rank            0.95 1.00 0.55 0.55
ru                            exact stem paraphrase               rank            0.75 1.40 0.70 0.50
da fi hu it nl no pt ro se tr exact stem                          li              0.75 1.40 0.70 0.50
other                         exact                               li              0.75 1.40 0.70 0.50
============================  ==================================  ==============  =======================

Tasks: ``rank`` (module weights en 1.0 0.6 0.8 0.6, cz 1.0 0.4, fr 1.0 0.2 0.4, es 1.0
0.8 0.6, de 1.0 0.8 0.2, ru 1.0 0.5 0.5), ``adq`` (en: 0.75 1.40 0.45 0.70, weights 1.0
1.0 0.6 0.8), ``hter`` (en: 0.40 1.50 0.35 0.55, weights 1.0 0.2 0.6 0.8), ``util``
(en: 0.65 0.10 0.55 0.65, weights 1.0 0.0 0.0 0.8; lengths and matches counted in
characters, as the jar's ``-t util`` implies ``-ch``), ``li`` (any language: 0.75 1.40
0.70 0.50, weights 1.0 0.5 0.5 0.5) and ``tune`` (0.5 1.0 0.5 0.5, weights 1.0 0.5 0.5
0.5; ``other`` keeps ``li``'s, as in the jar). The jar's tables hold zeros for the
other (language, task) combinations; they are refused here.

Module weights are positional, as in the jar: the task's list holds one weight per
position of the language's default module list, and ``-m`` keeps the first ones (and
pads with 0.0). So ``stages="exact synonym"`` for English weighs synonym matches 0.6
(the weight at position 2, stem's), exactly as ``-m "exact synonym"`` does.

Function words: the jar's command line weighs the English list (``function/english.words``)
whatever the language: ``MeteorConfiguration`` sets the word list while its language is
still the default English, and ``-l`` does not change it (only ``-s FILE`` would). So do
we: for German, "und" counts as a content word and "and" as a function word.

One difference from the jar: its ``-p`` also makes the task "custom", which switches
the module weights to the ``adq`` table's (zeros for other languages than English)
unless ``-w`` is given. Here alpha, beta, gamma and delta change only themselves; to
reproduce ``-p '...'`` without ``-w``, give ``stage_weights`` too.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ...options import OptionFix
from .resources import NORMALIZED_LANGUAGES, language_name
from .statistics import MeteorParameters

# (What can be set is declared here, apart from the code that runs it, so that reading the
# options imports neither the matcher, the search nor pyarrow: the command line's start.)
VARIANT = "meteor-1.5"  # the value of METEOR's ``variant`` that is this port
DEFAULT_BEAM = 40  # the jar's -x: partial alignments kept by the search
MODULES = ("exact", "stem", "synonym", "paraphrase")  # the jar's -m, in its order

TASKS = ("rank", "adq", "hter", "util", "li", "tune")
ENGLISH_ONLY = ("synonym", "paraphrase")  # data files the jar distribution has for English only
FUNCTION_WORDS = "english"  # the list the jar's command line uses for every language (see above)
# the language codes of -l (Constants.normLanguageName also takes full names, cs, sv, xx)
LANGUAGE_CODES = ("en", "cz", "de", "es", "fr", "ru", "da", "fi", "hu", "it", "nl", "no", "pt", "ro", "se", "tr", "other")
RANKED = ("english", "czech", "french", "spanish", "german", "russian")  # Constants.isSupported: task rank by default

_LANGUAGE_INDEPENDENT = ((0.75, 1.40, 0.70, 0.50), (1.0, 0.5, 0.5, 0.5))
_TUNE = ((0.5, 1.0, 0.5, 0.5), (1.0, 0.5, 0.5, 0.5))
# (task, language) -> (alpha, beta, gamma, delta), module weights by position
_TABLE: Dict[Tuple[str, str], Tuple[Tuple[float, ...], Tuple[float, ...]]] = {
    ("rank", "english"): ((0.85, 0.20, 0.60, 0.75), (1.0, 0.6, 0.8, 0.6)),
    ("rank", "czech"): ((0.95, 0.20, 0.60, 0.80), (1.0, 0.4, 0.0, 0.0)),
    ("rank", "french"): ((0.90, 1.40, 0.60, 0.65), (1.0, 0.2, 0.4, 0.0)),
    ("rank", "spanish"): ((0.65, 1.30, 0.50, 0.80), (1.0, 0.8, 0.6, 0.0)),
    ("rank", "german"): ((0.95, 1.00, 0.55, 0.55), (1.0, 0.8, 0.2, 0.0)),
    ("rank", "russian"): ((0.75, 1.40, 0.70, 0.50), (1.0, 0.5, 0.5, 0.0)),
    ("adq", "english"): ((0.75, 1.40, 0.45, 0.70), (1.0, 1.0, 0.6, 0.8)),
    ("hter", "english"): ((0.40, 1.50, 0.35, 0.55), (1.0, 0.2, 0.6, 0.8)),
    ("util", "english"): ((0.65, 0.10, 0.55, 0.65), (1.0, 0.0, 0.0, 0.8)),
}
_MODULES: Dict[str, Tuple[str, ...]] = {
    "english": ("exact", "stem", "synonym", "paraphrase"),
    "czech": ("exact", "paraphrase"),
    "french": ("exact", "stem", "paraphrase"),
    "spanish": ("exact", "stem", "paraphrase"),
    "german": ("exact", "stem", "paraphrase"),
    "russian": ("exact", "stem", "paraphrase"),
    "other": ("exact",),
}  # every other language: exact stem


@dataclass(frozen=True)
class JarSettings:
    """A resolved METEOR 1.5 configuration (every field as the jar would use it)."""

    language: str  # the jar's name: "english", ...
    task: str
    stages: Tuple[str, ...]
    stage_weights: Tuple[float, ...]
    alpha: float
    beta: float
    gamma: float
    delta: float
    normalize: bool  # -norm: the jar's tokenizer, then lowercasing
    lowercase: bool  # -lower (implied by normalize)
    beam: int
    char_based: bool  # lengths and matches in characters (-t util)
    pretokenize: Optional[str] = None  # "coco": pycocoevalcap's PTB tokens first, as it runs the jar on them


def default_task(language: str) -> str:
    """The jar's task when none is given: ``rank`` where it has parameters, else ``li``."""
    return "rank" if language_name(language) in RANKED else "li"


def default_stages(language: str) -> Tuple[str, ...]:
    name = language_name(language)
    return _MODULES.get(name, ("exact", "stem"))


def task_defaults(language: str, task: str) -> Tuple[Tuple[float, ...], Tuple[float, ...]]:
    """((alpha, beta, gamma, delta), module weights by position) of (language, task)."""
    name = language_name(language)
    if task not in TASKS:
        raise ValueError(f"task={task!r}: METEOR 1.5's tasks are {', '.join(TASKS)}")
    if name == "other" or task == "li":
        return _LANGUAGE_INDEPENDENT
    if task == "tune":
        return _TUNE
    found = _TABLE.get((task, name))
    if found is None:
        has = sorted({lang for t, lang in _TABLE if t == task})
        raise ValueError(f"task={task!r} has no parameters for language {name!r} in METEOR 1.5 (only for "
                         f"{', '.join(has)}); use task='li', or give alpha, beta, gamma, delta and stage_weights")
    return found


def resolve_settings(language: str = "en", task: Optional[str] = None, stages=None, stage_weights=None,
                     alpha: Optional[float] = None, beta: Optional[float] = None, gamma: Optional[float] = None,
                     delta: Optional[float] = None, normalize: bool = True, lowercase: bool = False,
                     beam: int = DEFAULT_BEAM, pretokenize: Optional[str] = None) -> JarSettings:
    """The settings of ``java -jar meteor-1.5.jar HYP REF -l language [-t task] [-m stages]
    [-w stage_weights] [-norm | -lower] [-x beam]``, parameters left out taking the jar's
    defaults for the language and task (see the module docstring). ``pretokenize="coco"``:
    the texts are first tokenized as pycocoevalcap does before it runs the jar."""
    name = language_name(language)
    task = default_task(name) if task is None else task
    if not isinstance(task, str):
        raise TypeError(f"task must be a string such as 'rank', not {type(task).__name__}")
    given = [v for v in (alpha, beta, gamma, delta) if v is not None]
    try:
        parameters, weights_by_position = task_defaults(name, task)
    except ValueError:
        if len(given) < 4 or stage_weights is None:
            raise
        parameters, weights_by_position = (0.0,) * 4, ()
    default_modules = default_stages(name)
    stages = default_modules if stages is None else check_modules(stages)
    missing = [m for m in stages if m in ENGLISH_ONLY and name != "english"]
    if missing:
        usable = [m for m in stages if m not in missing]
        raise OptionFix("meteor", f"stages: METEOR 1.5's {' and '.join(missing)} module needs data that its "
                        f"distribution (pycocoevalcap's) has for English only, not for {name}",
                        {"stages": usable or ["exact"]})
    if stage_weights is None:
        # positional, as MeteorConfiguration sizes the task's list to the default modules, then to -m
        sized = list(weights_by_position[:len(default_modules)])
        weights = tuple(sized[i] if i < len(sized) else 0.0 for i in range(len(stages)))
    else:
        weights = _check_weights(stage_weights, stages)
    values = [p if v is None else v for p, v in zip(parameters, (alpha, beta, gamma, delta))]
    for key, value, low, high in zip(("alpha", "beta", "gamma", "delta"), values, (0, 0, 0, 0), (1, None, 1, 1)):
        _check_number(key, value, low, high)
    for key, value in (("normalize", normalize), ("lowercase", lowercase)):
        if not isinstance(value, bool):
            raise TypeError(f"{key} must be True or False, not {value!r}")
    if normalize:
        check_normalized_language(name)  # the jar has -norm rules for six languages only
    if pretokenize not in (None, "coco"):
        raise ValueError(f"tokenize={pretokenize!r}: METEOR 1.5 tokenizes as the jar does (normalize); "
                         "the one tokenizer it takes before that is 'coco' (pycocoevalcap's)")
    if isinstance(beam, bool) or not isinstance(beam, int) or beam < 1:
        raise ValueError(f"beam={beam!r}: the beam size must be an integer >= 1 (the jar's -x; default {DEFAULT_BEAM})")
    return JarSettings(name, task, stages, weights, *(float(v) for v in values), normalize, normalize or lowercase,
                       beam, task == "util", pretokenize)


def _check_number(key: str, value, low: float, high: Optional[float]) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{key} must be a number, not {type(value).__name__} ({value!r})")
    if not (value >= low and (high is None or value <= high)):
        bound = f"in [{low}, {high}]" if high is not None else f">= {low}"
        raise ValueError(f"{key}={value!r} is out of range: METEOR needs {key} {bound}")


def _check_weights(stage_weights, stages: Sequence[str]) -> Tuple[float, ...]:
    if isinstance(stage_weights, str):
        stage_weights = stage_weights.replace(",", " ").split()
        try:
            stage_weights = [float(w) for w in stage_weights]
        except ValueError:
            raise ValueError(f"stage_weights={stage_weights!r}: give one number per stage") from None
    weights = tuple(stage_weights)
    if len(weights) != len(stages):
        raise ValueError(f"stage_weights={weights!r}: give one weight per stage ({len(stages)}: {', '.join(stages)}); "
                         "0 for a stage that should not count")
    for w in weights:
        _check_number("stage_weights", w, 0, 1)  # above 1 a score would leave 0-1
    return tuple(float(w) for w in weights)


def language_requirements() -> List[Tuple[str, str, Tuple[str, ...], Dict[str, Any]]]:
    """For each language code of ``-l``: (code, the jar's name, its default modules, the
    options it needs besides ``language`` with this package's data) -- what the card's
    language table shows. The jar refuses the same, without its paraphrase tables."""
    rows = []
    for code in LANGUAGE_CODES:
        needs: Dict[str, Any] = {}
        for _ in range(len(ENGLISH_ONLY) + 2):  # each refusal names one fix; apply it and try again
            try:
                resolve_settings(code, **needs)
                break
            except OptionFix as refused:
                needs.update(refused.fix)
        rows.append((code, language_name(code), default_stages(code), needs))
    return rows


def check_modules(modules: Sequence[str]) -> Tuple[str, ...]:
    """``modules`` as a tuple, in the given order (the jar's ``-m``: any order, each once)."""
    if isinstance(modules, str):
        modules = modules.split()
    modules = tuple(modules)
    unknown = [m for m in modules if m not in MODULES]
    if unknown or not modules or len(set(modules)) != len(modules):
        raise ValueError(f"modules={modules!r}: give one or more distinct modules out of {', '.join(MODULES)}")
    return modules


def check_normalized_language(language: str) -> str:
    """The jar's name of ``language``, if the jar can normalize it (``-norm``)."""
    name = language_name(language)
    if name not in NORMALIZED_LANGUAGES:
        raise OptionFix("meteor", f"METEOR 1.5 has no normalizer for language {language!r} (only for "
                        f"{', '.join(NORMALIZED_LANGUAGES)}), so it takes text tokenized beforehand (spaces between tokens)",
                        {"normalize": False})
    return name


def parameters_of(settings: JarSettings) -> MeteorParameters:
    """The scoring parameters of ``settings`` (what the statistics are scored with)."""
    return MeteorParameters(settings.alpha, settings.beta, settings.gamma, settings.delta, settings.stage_weights)
