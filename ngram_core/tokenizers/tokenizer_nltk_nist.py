"""The ``nltk-nist`` tokenizers: NLTK 3.10's ``NISTTokenizer.tokenize``, what 🤗 evaluate's
``nist_mt`` tokenizes with.

(``nltk.tokenize.nist``, NLTK's port of mteval-v14.pl's tokenizer, Apache-2.0.) Its
``tokenize(text, lowercase, western_lang)``, in order:

1. drop ``<skipped>``; unescape ``&lt; &gt; &apos; &quot; &#124; &#91; &#93;``, then
   ``&amp;`` (``xml.sax.saxutils.unescape``, NLTK's ``xml_unescape``); ``U+2028`` -> space;
2. with ``western_lang`` only: pad with a space on each side, lowercase (``str.lower()``,
   if ``lowercase``), then mteval-v14's four western rules (ASCII punctuation and symbols
   except ``' - . ,``; period and comma unless preceded, then unless followed, by a
   digit; a dash after a digit);
3. collapse whitespace (``str.split()``).

``nltk-nist`` is ``western_lang=True`` (evaluate's default), ``nltk-nist-nonwestern``
``western_lang=False`` (step 2 skipped). NLTK lowercases *after* step 1, so ``<SKIPPED>``
and ``&AMP;`` are kept as text: ``lowercase=True`` is therefore applied by the tokenizer
at that point (:meth:`BaseTokenizer.lowercasing`), not before it as sacreBLEU's tokenizers
have it. NLTK ignores ``lowercase`` when ``western_lang=False``; ``nltk-nist-nonwestern``
lowercases at the same point instead (evaluate's ``nist_mt`` with ``western_lang=False``
is ``lowercase=False`` here whatever its ``lowercase``).

NLTK's class reads its ``perluniprops`` tables (Unicode numbers, punctuation, symbols)
when it is defined, but only ``international_tokenize`` uses them: ``tokenize`` does
not, so nothing of them is needed here (``tests/tokenization/test_tokenizer_nltk_nist.py`` checks
NLTK's source for that).
"""
from __future__ import annotations

import re
from xml.sax.saxutils import unescape

from .base import BaseTokenizer

# NLTK's xml_unescape: the standard library's three entities, these, and &amp; last
_ENTITIES = {"&apos;": "'", "&quot;": '"', "&#124;": "|", "&#91;": "[", "&#93;": "]"}

# NLTK's LANG_DEPENDENT_REGEXES, in order (its patterns and replacements, character for character)
_WESTERN_RULES = (
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), " \\1 "),
    (re.compile(r"([^0-9])([\.,])"), "\\1 \\2 "),
    (re.compile(r"([\.,])([^0-9])"), " \\1 \\2"),
    (re.compile("([0-9])(-)"), "\\1 \\2 "),
)


def language_independent(text: str) -> str:
    """NLTK's ``lang_independent_sub``: ``<skipped>`` dropped, entities unescaped, U+2028 a space."""
    return unescape(text.replace("<skipped>", ""), entities=_ENTITIES).replace("\u2028", " ")


class TokenizerNltkNist(BaseTokenizer):
    """NLTK's ``NISTTokenizer().tokenize(line, lowercase, western_lang)``."""

    def __init__(self, western_lang: bool = True, lowercase: bool = False) -> None:
        self.western_lang, self.lowercase = western_lang, lowercase
        # (the lowercasing form has a name of its own: caches of tokens are keyed by name)
        self.name = "nltk-nist" + ("" if western_lang else "-nonwestern") + ("+lowercase" if lowercase else "")

    def __call__(self, line: str) -> str:
        text = language_independent(line)
        if self.western_lang:
            text = " " + text + " "
            if self.lowercase:
                text = text.lower()
            for pattern, replacement in _WESTERN_RULES:
                text = pattern.sub(replacement, text)
        elif self.lowercase:
            text = text.lower()
        return " ".join(text.split())

    def lowercasing(self) -> BaseTokenizer:
        return self if self.lowercase else TokenizerNltkNist(self.western_lang, lowercase=True)

    def __repr__(self) -> str:
        return f"TokenizerNltkNist(western_lang={self.western_lang}, lowercase={self.lowercase})"


def nonwestern() -> TokenizerNltkNist:
    """``nltk-nist-nonwestern``: NLTK's ``western_lang=False``."""
    return TokenizerNltkNist(western_lang=False)
