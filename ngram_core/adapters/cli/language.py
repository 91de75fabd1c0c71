"""sacreBLEU's ``-l SRC-TGT`` with local files: the target language's defaults.

sacreBLEU 2.6.0 (``sacrebleu.py`` main, ``BLEU.__init__``) reads ``-l`` with reference
files only for the target: BLEU's tokenizer, when ``-tok`` is not given, is ``zh`` for
``zh``, ``ja-mecab`` for ``ja``, ``ko-mecab`` for ``ko`` and ``13a`` otherwise; a given
``-tok`` wins, with a warning when it is not the target's. It prints the pair nowhere
for local files (its signature's ``lang`` field comes from a test set). Here the same
tokenizer goes to every metric of ``-m`` that reads the shared ``-tok``, and METEOR 1.5
takes the target as its ``language`` (the jar's code for it, ``other`` for a language
the jar has no parameters for), with that language's stages (less those whose data
the jar distribution has for English only); a language without the
jar's ``-norm`` rules (all but en, cz, fr, es, de, ru) is read as whitespace tokens.
"""
from __future__ import annotations

from typing import Any, Dict, Sequence

from ... import registry
from ...meteor.jar.resources import NORMALIZED_LANGUAGES, language_name
from ...meteor.jar.settings import ENGLISH_ONLY, LANGUAGE_CODES, default_stages

TOKENIZER_OF_TARGET = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}  # sacreBLEU's BLEU._TOKENIZER_MAP
_SACREBLEU_ADVICE = {"zh": "Consider using the 'zh' or 'spm' tokenizer for Chinese.",
                     "ja": "Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.",
                     "ko": "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean."}
# ISO 639-1 codes the jar spells its own way (its -l takes cz and se)
_JAR_CODE = {"cs": "cz", "sv": "se", "nb": "no", "nn": "no"}


def target_of(pair: str) -> str:
    """The target of ``SRC-TGT`` (``en-zh`` -> ``zh``); a ValueError for anything else."""
    parts = pair.split("-")
    if len(parts) != 2 or not all(parts):
        raise ValueError(f"-l/--language-pair takes SRC-TGT, two language codes joined by '-' (e.g. en-zh), "
                         f"got {pair!r}")
    return parts[1].lower()


def meteor_language(target: str) -> str:
    """METEOR 1.5's ``language`` for an ISO 639-1 target: the jar's code, else ``other``."""
    code = _JAR_CODE.get(target, target)
    return code if code in LANGUAGE_CODES else "other"


def apply_language_pair(pair: str, metrics: Sequence[str], options: Dict[str, Dict[str, Any]],
                        tokenize_given: bool, info) -> None:
    """Set, in ``options`` (metric -> given options), what ``-l pair`` chooses where no
    flag chose it; ``info`` gets sacreBLEU's advice when ``-tok`` overrides the target's."""
    target = target_of(pair)
    tokenizer = TOKENIZER_OF_TARGET.get(target)
    if tokenize_given:
        chosen = [options.get(m, {}).get("tokenize") for m in metrics]
        if target in _SACREBLEU_ADVICE and any(t is not None and t != tokenizer for t in chosen):
            info(_SACREBLEU_ADVICE[target])
    for metric in metrics:
        declaration = registry.DECLARATIONS[metric]
        given = options.setdefault(metric, {})
        if tokenizer and "tokenize" not in given and declaration.reads("tokenize", given):
            given["tokenize"] = tokenizer
        if "language" not in given and declaration.reads("language", given):
            given["language"] = language = meteor_language(target)
            notes = []
            stages = default_stages(language)
            runnable = [m for m in stages if language == "en" or m not in ENGLISH_ONLY]
            if "stages" not in given and runnable != list(stages):
                given["stages"] = runnable  # the jar's data for the others is English-only
                notes.append(f"stages {' '.join(runnable)}: its {' '.join(m for m in stages if m not in runnable)} "
                             "data is English-only")
            if language_name(language) not in NORMALIZED_LANGUAGES and "normalize" not in given:
                given["normalize"] = False  # the jar's -norm has no rules for it: whitespace tokens, as without -norm
                notes.append("whitespace tokens: the jar has no -norm rules for it, give tokenized files")
            if notes:
                info(f"-l {pair}: {metric.upper()} runs language '{language}' ({'; '.join(notes)})")
    for metric in [m for m in metrics if not options.get(m)]:
        options.pop(metric, None)
