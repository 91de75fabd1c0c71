# SPDX-License-Identifier: GPL-3.0-or-later
# ngram-core-coco: a port of Stanford CoreNLP 3.4.1's PTBLexer rules (GPL), so GPL-3.0-or-later
# (LICENSE beside this package), kept apart from ngram-core (Apache-2.0).
"""The ``coco`` tokenizer: pycocoevalcap's caption tokenization, in Python, without Java.

pycocoevalcap 1.2 (``PTBTokenizer.tokenize``, used by every COCO caption metric) joins the
captions into one file, one caption per line (each caption's ``"\\n"`` replaced by a space),
runs Stanford CoreNLP 3.4.1's ``edu.stanford.nlp.process.PTBTokenizer -preserveLines
-lowerCase`` over it, right-strips each output line, splits it on ``" "`` and drops the
tokens in its punctuation list. This module gives the same token strings.

The lexer (CoreNLP's ``PTBLexer``, default options: no ``americanize``, ``normalizeSpace``,
PTB escaping of brackets, LaTeX quotes, ``...`` ellipses, ``--`` dashes, untokenizable
characters deleted) is a JFlex scanner: at each position the rule with the longest match
wins, its trailing context (``rule/context``) counted in the length, ties going to the
earlier rule, and some rules give characters back to be scanned again. Here each rule is
a Python regular expression; one compiled expression tries all of them at a position
(each inside a lookahead with a capturing group, so one ``match`` call reports every
rule's length) and a ``max`` over the groups' spans picks the winner, both in C. What the
rules do, in JFlex's order:

- words (letters, digits, ``.!?`` between letters), with ``'s 'm 'd 're 've 'll`` and
  ``n't`` split off (``can't`` -> ``ca n't``), and ``cannot gonna gotta lemme gimme
  wanna 'twas 'tis`` split (``can not``, ``gon na``, ``'t was``);
- words with inner apostrophes kept whole (``o'clock``, ``d'Artagnan``, ``y'all`` ->
  ``y' all``), hyphenated compounds (``e-mail``, ``U.S.-based``), ``AT&T``;
- URLs (``http://...``, ``www.x.yz``, ``x.com``), e-mail addresses, ``@names``,
  ``#tags``, file names (``a.txt``), SGML tags (spaces inside become U+00A0);
- numbers (``-1,000.5``), dates (``12/31/99``), fractions (``1 1/2`` -> ``1\\u00a01/2``;
  ``½`` -> ``1/2``), phone numbers (``(800) 555-1234`` -> ``-LRB-800-RRB-\\u00a0555-1234``:
  groups of digits separated by one space, so ``10 000 000`` is one token), super- and
  subscript digits;
- abbreviations: a period after one of CoreNLP's abbreviations (``etc. Jan. Inc. Mr.
  U.S. fig.``...) stays on the word, by rules that look at what follows (a single-letter
  acronym before ``The``, ``He``, ... loses it: ``I. The`` -> ``I . The``; ``fig.``,
  ``no.`` keep it only before a digit);
- currency: ``¢`` -> ``cents``, ``£`` -> ``#``, ``€ ¤ ₠`` -> ``$``, ``US$`` one token;
- brackets -> ``-LRB- -RRB- -LSB- -RSB- -LCB- -RCB-``; ``"`` and ``&quot;`` -> `````` or
  ``''``; quotes ``‘ ’ “ ” « » ‹ ›`` -> ``` ' `` ''`` (``‚ „ ‟`` are kept as they are);
  smileys (``:)`` -> ``:-RRB-``); ``&amp;`` -> ``&``; runs of 3-4 hyphens and en/em
  dashes -> ``--``; ``...``, ``. . .`` and ``…`` -> ``...``;
- other symbols are one-character tokens; spaces, zero-width spaces, U+0000 and ``&nbsp;``
  separate tokens; any other character is deleted (the jar logs the first one). The jar
  reads UTF-16 code units: a character beyond U+FFFF (an emoji) is two units, both
  deleted, except inside a URL, e-mail address or SGML tag.

Then every token is lowercased (Java's ``toLowerCase(Locale.ENGLISH)``: Python's
``str.lower``, but a capital sigma becomes final by Java's word boundaries, see
``_java_lower``) and pycocoevalcap drops ``'' ' `` ` . ? ! , : ; - -- ...``. Its list
also holds ``-LRB- -RRB- -LCB- -RCB-``, but it compares them with the lowercased tokens,
so ``-lrb-`` and the other bracket tokens stay (as in every published COCO number).
pycocoevalcap's scorers split the result on whitespace, so a token holding U+00A0 (a
fraction, a phone number) counts as its parts there, as it does in this package.

Character classes: the jar's letters and digits are Java 8's (Unicode 6.2), not Python's,
so they come from ``coco_unicode.py``, generated from the jar by
``scripts/build_coco_unicode_tables.py``.

Speed: ``TokenizerCoco.tokenize_batch`` cuts each line at the spaces no rule reads across
(``_pieces``), in pyarrow, and lexes each distinct piece once; words, and words in
brackets or quotes with one punctuation mark, skip the rules (``_word_piece``,
``_PLAIN_WORD``). On the 63,137 English lines of the shared WMT data (2 cores, load
1): 0.96 s in a process that has tokenized before, 2.6 s for a fresh process (imports
and rule tables included), against 5.7 s for pycocoevalcap's whole run with the jar
(ngram-core's ``benchmarks/coco_tokenizer.py``).

Exactness: ``jar_lines`` (pycocoevalcap's whole file, captions in order) equals
pycocoevalcap on every line the tests compare: all English WMT lines, COCO-like and
generated captions, every BMP character in context. The tokenizer, which gives each
caption its tokens alone (as a cached, per-text tokenizer must), differs from
pycocoevalcap only where pycocoevalcap reads one caption into the next:

- Context across captions. A caption here is scanned as if a line break and the end of
  the file followed it. In pycocoevalcap's file the next caption follows, and two rules
  look past the line break: a caption ending in a single-letter acronym (``... plan B.``)
  loses the period when the next caption starts with one of ``A About ... The They
  You`` followed by a space (``b`` instead of ``b.``: 12 of the 63,137 WMT lines, such as
  ``... 13:25h.`` before ``She ...``), and one ending in ``fig. no. ca. art. pp. op.
  prop. bldg.`` keeps the period only when the next caption starts with a digit. Its
  last caption has nothing after it, so there a final ``'99``, a file name ``1.txt`` or
  a smiley ``:)`` comes out split (``99``, ``1 txt``, ``-rrb-``). An SGML tag whose quoted
  attribute runs over the end of a caption joins two captions.
- Line breaks inside a caption. pycocoevalcap replaces only ``"\\n"``; the lexer also
  ends a line at ``"\\r"``, U+000B, U+000C, U+2028 and U+2029, so the jar writes more
  lines than there are captions and pycocoevalcap pairs every later caption with the
  wrong line. Here the caption's tokens stay together (``jar_lines`` gives the jar's
  lines).
- Lone surrogates (not valid text; pycocoevalcap fails to encode them) are deleted like
  any untokenizable code unit, or written as ``?`` inside a kept token, as Java's UTF-8
  encoder does.
- Characters whose case mapping changed between Java 17's Unicode 13 and Python's
  Unicode are lowercased by Python's tables.
"""
from __future__ import annotations

import operator
import re
import string
import unicodedata
from collections.abc import Sequence

from . import coco_unicode
from ngram_core.tokenizers.base import BaseTokenizer

# ---------------------------------------------------------------------------------------
# Character classes (bodies of [...] classes)

_LETTER = "A-Za-z" + coco_unicode.LETTER  # Java's Character.isLetter (Unicode 6.2)
_DIGIT = "0-9" + coco_unicode.DIGIT  # Java's Character.isDigit
_WORD_START = "A-Za-z" + coco_unicode.WORD_START  # the lexer's LETTER class (+ marks)
_SPACE = " \t\u00a0\u2000-\u200a\u3000"

# JFlex's %caseless matches a literal letter with every character whose Java upper or
# lower case is that letter: besides ASCII, the long s, the Kelvin sign and dotted and
# dotless I. (It does not apply inside character classes.)
_CASE_FOLDS = {"s": "\u017f", "k": "\u212a", "i": "\u0130\u0131"}


def _ci(literal: str) -> str:
    """``literal`` as JFlex's caseless scanner matches it."""
    out = []
    for ch in literal:
        if "a" <= ch.lower() <= "z":
            out.append("[" + ch.lower() + ch.upper() + _CASE_FOLDS.get(ch.lower(), "") + "]")
        else:
            out.append(re.escape(ch))
    return "".join(out)


def _any_of(*literals: str) -> str:
    return "(?:" + "|".join(_ci(w) for w in literals) + ")"


def _capital_word(word: str) -> str:
    """A word whose first letter is exactly this case (JFlex's ``[A]bout``)."""
    return re.escape(word[0]) + _ci(word[1:])


# ---------------------------------------------------------------------------------------
# Pattern fragments

_SPACENL = rf"(?:[{_SPACE}]|\r\n?|[\n\u2028\u2029\x0b\x0c\x85])"
_APOS = r"(?:['\u0092\u2019]|" + _ci("&apos;") + ")"
_APOS_ANY = r"(?:['\u0092\u2019`\u0091\u2018\u201b]|" + _ci("&apos;") + ")"
_ACCENTED = "&[aeiouAEIOU]" + _any_of("acute", "grave", "uml") + ";"  # &eacute; is a letter
_WL = rf"(?:[{_WORD_START}]|{_ACCENTED})"
_WLD = rf"[{_WORD_START}{_DIGIT}]*(?:{_ACCENTED}[{_WORD_START}{_DIGIT}]*)*"
_WORD = rf"{_WL}{_WLD}(?:[.!?]{_WL}{_WLD})*"
_LD = rf"[{_LETTER}{_DIGIT}]"
_HYPHEN = "[-_\u058a\u2010\u2011]"
_APOS_PREFIX = rf"(?:[dDoOlL]{_APOS_ANY}{_LD})?"  # d'Artagnan, o'clock, l'amour
_THING = rf"{_APOS_PREFIX}{_LD}+(?:{_HYPHEN}{_APOS_PREFIX}{_LD}+)*"
_THINGA = r"[A-Z]+(?:(?:[+&]|" + _ci("&amp;") + r")[A-Z]+)+"  # AT&T
_AUX = _APOS + "(?:[msdMSD]|" + _any_of("re", "ve", "ll") + ")"  # 's 'm 'd 're 've 'll
_NT = _ci("n") + _APOS_ANY + _ci("t")
_NT_STEM = "[A-Za-z\u00ad]*[A-MO-Za-mo-z]\u00ad*"  # what n't splits off: not ending in n
_INSENTP = "[,;:\u3001]"
_NAME = r"[A-Za-z][A-Za-z0-9_:.\-]*"
_SGML = (
    r"<(?:[!?][A-Za-z\-][^>\r\n]*"
    rf"|{_NAME}(?:[ ]+(?:{_NAME}[ ]*=[ ]*(?:'[^']*'|\"[^\"]*\")|{_NAME}))*[ ]*/?"
    rf"|/{_NAME})[ ]*>"
)
# acronyms: letters with inner periods, and a few hyphenated U.S. compounds
_ACRONYMS = (
    r"[A-Za-z](?:\.[A-Za-z])*",
    _any_of("Canada", "Sino", "Korean", "EU", "Japan", "non") + _ci("-U.S"),
    _ci("U.S.-") + _any_of("U.K", "U.S.S.R"),
)
_ACRONYMS2 = (r"[A-Za-z](?:\.[A-Za-z])+",) + _ACRONYMS[1:]  # at least one inner period
_HTHING = (
    r"[A-Za-z0-9][A-Za-z0-9.,\u00ad]*(?:-(?:"
    + "|".join(a + r"\." for a in _ACRONYMS2)
    + r"|[A-Za-z0-9\u00ad]+))+"
)

# Abbreviations by the context they keep their period in (CoreNLP's lists).
# Usually followed by a lower-case word: keep the period before anything.
_ABBREV_LOWER = "(?:" + "|".join([
    _any_of("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec"),
    _any_of("Mon", "Tue", "Tues", "Wed", "Thu", "Thurs", "Fri"),
    _any_of("Ala", "Ariz", "Calif", "Colo", "Conn", "Ct", "Dak", "Fla", "Ga", "Ind", "Kan", "Kans",
            "Ky", "Md", "Mich", "Minn", "Mo", "Mont", "Neb", "Nev", "Okla", "Penn", "Tenn", "Va",
            "Vt", "Wis", "Wisc", "Wyo"),
    "|".join(_capital_word(w) for w in ("Az", "Ark", "Del", "Ill", "La", "Mass", "Miss", "Ore", "Pa", "Tex", "Wash")),
    _any_of("Inc", "Co", "Cos", "Corp", "Ltd", "Plc", "Rt", "Bancorp", "Bhd", "Assn", "Univ", "Intl", "Sys"),
    _ci("P") + _ci("p") + "?" + _ci("t") + "[ye]" + _ci("s") + "?",  # Pty, Ptes
    _any_of("tel", "est", "ext", "sq", "Jr", "Sr", "Bros", "Ed.D", "Ph.D", "Blvd", "Rd", "Esq",
            "etc", "al", "seq", "Bldg"),
]) + r")\."
# Usually followed by a capitalised word (titles, acronyms): keep the period always.
_ABBREV_UPPER = (
    "(?:" + _any_of(
        "Mr", "Mrs", "Ms", "Dr", "Drs", "Prof", "Profs", "Sen", "Sens", "Rep", "Reps", "Atty", "Attys",
        "Lt", "Col", "Gen", "Messrs", "Gov", "Govs", "Adm", "Rev", "Maj", "Sgt", "Cpl", "Pvt", "Capt",
        "St", "Ste", "Ave", "Pres", "Lieut", "Hon", "Brig", "Cmdr", "Comdr", "Pfc", "Spc", "Supt",
        "Supts", "Det", "Mt", "Ft", "Adj", "Adv", "Asst", "Assoc", "Ens", "Insp", "Mlle", "Mme",
        "Msgr", "Sfc", "vs", "Alex", "Wm", "Jos", "Cie", "a.k.a", "cf", "TREAS", "Ph", "Invt", "Elec",
        "Natl", "Dept",
    ) + "|" + _capital_word("Miss") + "|" + _ci("M") + "[ft]" + _ci("g") + ")"
)
# Only before a number: keep the period there (fig. 3, no. 5).
_ABBREV_NUMBER = _any_of("ca", "fig", "figs", "prop", "no", "nos", "art", "bldg", "pp", "op") + r"\."
# Words after which a one-letter acronym's period ends the sentence (case of the first
# letter as written).
_SENTENCE_STARTS = "(?:" + "|".join(_capital_word(w) for w in (
    "About", "According", "Additionally", "After", "An", "A", "As", "At", "But", "Earlier", "He",
    "Her", "Here", "However", "If", "In", "It", "Last", "Many", "More", "Mr.", "Ms.", "Now",
    "Once", "One", "Other", "Our", "She", "Since", "So", "Some", "Such", "That", "The", "Their",
    "Then", "There", "These", "They", "This", "We", "When", "While", "What", "Yet", "You",
)) + "|" + _SGML + ")"
_FILE_EXT = _any_of(
    "bat", "bmp", "c", "class", "cgi", "cpp", "dll", "doc", "docx", "exe", "gif", "gz", "h", "htm",
    "html", "jar", "java", "jpeg", "jpg", "mov", "mp3", "pdf", "php", "pl", "png", "ppt", "ps", "py",
    "sql", "tar", "txt", "wav", "x", "xml", "zip",
)
_URL_PATH = r"(?:/[^ \t\n\f\r\"<>|()]+[^ \t\n\f\r\"<>|.!?(){},\-])?"
_EMAIL_PART = "[^ \t\n\f\r\"<>|(){}.\u00a0]+"
_PHONE_SEP = "[\\- \u00a0]"
_SMILEY_EYES = "[\\-\\^x=~<>']"
_QUOTE_CHARS = "`\u2018\u2019\u201a\u201b\u201c\u201d\u0091\u0092\u0093\u0094\u201e\u201f\u2039\u203a\u00ab\u00bb"
_MISC_SYMBOLS = (
    "+%&~\\^|\\\\\u00a6\u00a7\u00a8\u00a9\u00ac\u00ae\u00af\u00b0-\u00ba\u00d7\u00f7\u0387\u05be"
    "\u05c0\u05c3\u05c6\u05f3\u05f4\u0600-\u0603\u0606-\u060a\u060c\u0614\u061b\u061e\u066a\u066d"
    "\u0703-\u070d\u07f6-\u07f8\u0964\u0965\u0e4f\u1fbd\u2016\u2017\u2020-\u2023\u2030-\u2038"
    "\u203b\u203e-\u2042\u2044\u207a-\u207f\u208a-\u208e\u2100-\u214f\u2190-\u21ff\u2200-\u2bff"
    "\u3012\u30fb\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
)

# ---------------------------------------------------------------------------------------
# Token texts


def _drop_soft_hyphens(text: str) -> str:
    if "\u00ad" not in text:
        return text
    return text.replace("\u00ad", "") or "-"  # never an empty token


_AMP = re.compile("&amp;", re.IGNORECASE | re.ASCII)


def _unescape_amp(text: str) -> str:
    return _AMP.sub("&", text) if "&" in text else text


_QUOTE_MAP = str.maketrans({
    "\u0091": "`", "\u2018": "`", "\u201b": "`", "\u2039": "`",
    "\u0092": "'", "\u2019": "'", "\u203a": "'",
    "\u0093": "``", "\u201c": "``", "\u00ab": "``",
    "\u0094": "''", "\u201d": "''", "\u00bb": "''",
})


def _quotes(text: str, opening: bool = False) -> str:
    """CoreNLP's LaTeX quotes: ASCII ones by the side they probably open, curly ones by shape."""
    single, double = ("`", "``") if opening else ("'", "''")
    text = text.replace("&apos;", "'").replace("'", single)
    text = text.replace("&quot;", '"').replace('"', double)
    return text.translate(_QUOTE_MAP)


def _brackets(text: str) -> str:
    return text.replace("(", "-LRB-").replace(")", "-RRB-")


_FRACTIONS = str.maketrans({"\u00bc": "1/4", "\u00bd": "1/2", "\u00be": "3/4", "\u2153": "1/3", "\u2154": "2/3"})
_CURRENCY = str.maketrans({"\u00a2": "cents", "\u00a3": "#", "\u0080": "$", "\u00a4": "$", "\u20a0": "$", "\u20ac": "$"})


def _nbsp(text: str) -> str:
    return text.replace(" ", "\u00a0")


def _keep(text: str) -> str:
    return text


# ---------------------------------------------------------------------------------------
# The rules, in the lexer's order (ties go to the earlier one). Each is
# (patterns, trailing context or None, action); a rule's patterns are alternatives
# matched separately, so the longest of them counts. An action is a function of the
# matched text (the token, or None for no token), or ("split", n): the first n
# characters are the token and scanning resumes after them, or ("period", f): the
# token is f(text) and the final period is scanned again.

_CASELESS_SPLIT = ("split", 3)
# every word that keeps a period by some rule (for the lexer's shortcut)
_ABBREVIATION = re.compile(
    "|".join([_ABBREV_LOWER, _ABBREV_UPPER + r"\.", _ABBREV_NUMBER, "(?:" + _ci("pt") + "[eyEY]|" + _ci("co") + r")\."])
).fullmatch
_RULES = (
    ((r"[cC]\+\+", "[cCfF]#"), None, _keep),  # C++, C#, F#
    ((_ci("cannot"),), None, _CASELESS_SPLIT),
    (("'" + _ci("twas"), "'" + _ci("tis")), None, ("split", 2)),
    ((_any_of("gonna", "gotta", "lemme", "gimme", "wanna"),), None, _CASELESS_SPLIT),
    ((_SGML,), None, _nbsp),
    (("&" + _any_of("MD", "mdash", "ndash") + ";", "[\u0096\u0097\u2013\u2014\u2015]"), None, lambda t: "--"),
    ((_ci("&amp;"),), None, lambda t: "&"),
    (("&(?:" + "|".join(_ci(w) for w in ("HT", "TL", "UR", "LR", "QC", "QL", "QR", "odq", "cdq")) + "|#[0-9]+);",), None, _keep),
    ((_WORD,), _AUX, _drop_soft_hyphens),
    ((_NT_STEM,), _NT, _drop_soft_hyphens),
    ((_WORD,), None, _drop_soft_hyphens),
    (  # words with an apostrophe inside or at an end
        (
            _APOS + _ci("n") + _APOS + "?",
            "[lLdDjJ]" + _APOS,
            _ci("Dunkin") + _APOS, _ci("somethin") + _APOS, _ci("ol") + _APOS,
            _APOS + _ci("em"),
            rf"[A-HJ-XZn]{_APOS_ANY}[{_LETTER}]{{2,}}",
            _APOS + "[2-9]0" + _ci("s"),
            _APOS + _ci("til") + _ci("l") + "?",
            rf"[{_LETTER}]+[aeiouyAEIOUY]{_APOS_ANY}[aeiouA-Z][{_LETTER}]*",
            _APOS + _ci("cause"),
            _ci("cont'd") + r"\.?",
            *(_ci(w) for w in ("'twas", "nor'easter", "c'mon", "e'er", "s'mores", "ev'ry", "li'l", "nat'l")),
            _ci("O") + _APOS_ANY + _ci("o"),
        ),
        None,
        _keep,
    ),
    ((_ci("y") + _APOS,), f"[{_LETTER}]", _keep),  # y'all
    ((_ci("http") + _ci("s") + r"?://[^ \t\n\f\r\"<>|(){}]+[^ \t\n\f\r\"<>|.!?(){},\-]",), None, _keep),
    (
        (
            _ci("www") + r"\.(?:[^ \t\n\f\r\"<>|.!?(){},]+\.)+[a-zA-Z]{2,4}" + _URL_PATH,
            # (",-_" is a range, as in CoreNLP: no digits or capitals before ".com")
            r"(?:[^ \t\n\f\r\"`'<>|.!?(){},-_$]+\.)+" + _any_of("com", "net", "org", "edu") + _URL_PATH,
        ),
        None,
        _keep,
    ),
    (
        ("(?:" + _ci("&lt;") + "|<)?[a-zA-Z0-9][^ \t\n\f\r\"<>|()\u00a0{}]*@"
         + f"(?:{_EMAIL_PART}\\.)*{_EMAIL_PART}(?:" + _ci("&gt;") + "|>)?",),
        None,
        _keep,
    ),
    (("@[a-zA-Z_][a-zA-Z_0-9]*", f"#{_WL}+"), None, _keep),  # @name, #tag
    ((_AUX,), "[^A-Za-z]", _quotes),
    ((_NT,), "[^A-Za-z]", _quotes),
    ((f"[{_DIGIT}]{{1,2}}[\\-/][{_DIGIT}]{{1,2}}[\\-/][{_DIGIT}]{{2,4}}",), None, _keep),  # dates
    ((f"[\\-+]?(?:[{_DIGIT}]*(?:[.:,\u00ad\u066b\u066c][{_DIGIT}]+)+|[{_DIGIT}]+)",), None, _drop_soft_hyphens),
    (("[\u207a\u207b\u208a\u208b]?(?:[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+|[\u2080-\u2089]+)",), None, _keep),
    ((f"(?:[{_DIGIT}]{{1,4}}[\\- \u00a0])?[{_DIGIT}]{{1,4}}(?:\\\\?/|\u2044)[{_DIGIT}]{{1,4}}",), None, _nbsp),
    (("[\u00bc\u00bd\u00be\u2153-\u215e]",), None, lambda t: t.translate(_FRACTIONS)),
    (
        (
            "-" + _any_of("RRB", "LRB", "RCB", "LCB", "RSB", "LSB") + "-",
            _ci("C.D.s"), _ci("pro-"), _ci("anti-"),
            _ci("S") + "(?:&|" + _ci("&amp;") + ")" + _ci("P-500"),
            _ci("S") + "(?:&|" + _ci("&amp;") + ")" + _ci("Ls"),
            _ci("Cap") + _APOS + _ci("n"), _ci("c") + _APOS + _ci("est"),
        ),
        None,
        _unescape_amp,
    ),
    ((r"[A-Za-z0-9]+(?:-[A-Za-z]+){0,2}(?:\\?/[A-Za-z0-9]+(?:-[A-Za-z]+){0,2}){1,2}",), None, _keep),  # and/or
    ((r"[A-Z]*\$|#",), None, _keep),
    (("[\u00a2\u00a3\u00a4\u00a5\u0080\u20a0\u20ac\u060b\u0e3f\u20a4\uffe0\uffe1\uffe5\uffe6]",), None, lambda t: t.translate(_CURRENCY)),
    (tuple(a + r"\." for a in _ACRONYMS), f"{_SPACENL}+(?:{_SENTENCE_STARTS}){_SPACENL}", "acronym"),
    ((_ABBREV_NUMBER,), f"{_SPACENL}?[{_DIGIT}]", _keep),
    (("(?:" + _ci("pt") + "[eyEY]|" + _ci("co") + r")\.",), f"[{_SPACE}]" + _any_of("ltd", "lim"), _keep),
    ((_ABBREV_LOWER,), r"[\s\S]{2}", _keep),
    ((_ABBREV_LOWER,), None, ("period", _keep)),
    ((_ABBREV_UPPER + r"\.",) + tuple(a + r"\." for a in _ACRONYMS), None, _keep),
    ((_ABBREV_UPPER,) + _ACRONYMS, f"[{_SPACE}]", _keep),
    (_ACRONYMS, _SPACENL, _keep),
    ((_APOS + "[0-9][0-9]",), _SPACENL, _keep),  # '99
    ((f"(?:{_WL}|[{_DIGIT}])+(?:\\.(?:{_WL}|[{_DIGIT}])+)*\\.{_FILE_EXT}",), f"(?:{_SPACENL}|[.?!,])", _keep),
    ((_WORD + r"\.",), _INSENTP, _drop_soft_hyphens),
    (
        (
            rf"\([0-9]{{2,3}}\)[ \u00a0]?[0-9]{{3,4}}{_PHONE_SEP}?[0-9]{{3,5}}",
            rf"(?:\+\+?)?(?:[0-9]{{2,4}}{_PHONE_SEP})?[0-9]{{2,4}}{_PHONE_SEP}[0-9]{{3,4}}{_PHONE_SEP}?[0-9]{{3,5}}",
            r"(?:(?:\+\+?)?[0-9]{2,4}\.)?[0-9]{2,4}\.[0-9]{3,4}\.[0-9]{3,5}",
        ),
        None,
        lambda t: _brackets(_nbsp(t)),
    ),
    (('"' + "|" + _ci("&quot;"),), "[A-Za-z0-9$]", lambda t: _quotes(t, opening=True)),
    (('"' + "|" + _ci("&quot;"),), None, _quotes),
    (("\x7f",), None, None),
    (("<|" + _ci("&lt;"),), None, lambda t: "<"),
    ((">|" + _ci("&gt;"),), None, lambda t: ">"),
    (("[<>]?[:;=][\\-o*']?[()DPdpO\\\\{@|\\[\\]]",), "[^A-Za-z0-9]", _brackets),  # smileys
    (
        (  # Asian smileys; the first is CoreNLP's expression as JFlex reads it (a literal "[^x=~<>]")
            r"[\^x=~<>]\.\[\^" + _ci("x") + r"=~<>\]",
            f"{_SMILEY_EYES}_{_SMILEY_EYES}",
            f"\\({_SMILEY_EYES}[_.]?{_SMILEY_EYES}\\)",
            r"\([\^x=~<>']-[\^x=~<>'`]\)",
        ),
        None,
        _brackets,
    ),
    ((r"\{",), None, lambda t: "-LCB-"),
    ((r"\}",), None, lambda t: "-RCB-"),
    ((r"\[",), None, lambda t: "-LSB-"),
    ((r"\]",), None, lambda t: "-RSB-"),
    ((r"\(",), None, lambda t: "-LRB-"),
    ((r"\)",), None, lambda t: "-RRB-"),
    ((r"-+",), None, lambda t: "--" if 3 <= len(t) <= 4 else t),
    ((r"\.{3,5}|(?:\.[ \u00a0]){2,4}\.|[\u0085\u2026]",), None, lambda t: "..."),
    ((r"@+|#+|_+", r"\*+|(?:\\\*){1,3}"), None, _keep),
    ((_INSENTP, r"[?!]+", "[.\u00a1\u00bf\u037e\u0589\u061f\u06d4\u0700-\u0702\u07fa\u3002]", "=", "/"), None, _keep),
    ((_HTHING + r"\.",), _INSENTP, _drop_soft_hyphens),
    ((_HTHING,), None, _drop_soft_hyphens),
    ((_THING + r"\.",), _INSENTP, _keep),
    ((_THING,), None, _keep),
    ((_THINGA + r"\.",), _INSENTP, _unescape_amp),
    ((_THINGA,), None, _unescape_amp),
    (("'",), "[A-Za-z][^ \t\n\r\u00a0]", lambda t: _quotes(t, opening=True)),
    ((_AUX, _NT), None, _quotes),
    ((_APOS, "''", f"[{_QUOTE_CHARS}]{{1,2}}"), None, _quotes),
    (("<<|>>",), None, _keep),
    ((f"[{_MISC_SYMBOLS}]",), None, _keep),
    ((f"\x00|[{_SPACE}]+|[\u200b\u200e\u200f\ufeff]",), None, None),
    ((r"\r\n?|[\n\u2028\u2029\x0b\x0c\x85]",), None, "break"),  # the jar's line ends
    ((_ci("&nbsp;"),), None, None),
    (("[^\n]",), None, None),  # untokenizable: deleted
)


try:  # the parser of Python's re (for the characters a rule can start with)
    from re import _constants as _sre
    from re import _parser as _sre_parse
except ImportError:  # Python 3.10
    import sre_constants as _sre
    import sre_parse as _sre_parse

_ALL_UNITS = ((0, 0xFFFF),)


def _first_units(items) -> tuple[list[tuple[int, int]], bool]:
    """(code-unit ranges a parsed pattern can start with, whether it can match empty); a superset."""
    ranges: list[tuple[int, int]] = []
    for op, av in items:
        if op is _sre.LITERAL:
            ranges.append((av, av))
            return ranges, False
        if op is _sre.IN:
            ranges.extend(_class_units(av))
            return ranges, False
        if op in (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT):
            continue  # zero width
        if op is _sre.SUBPATTERN:
            sub, nullable = _first_units(av[-1].data)
        elif op is _sre.BRANCH:
            sub, nullable = [], False
            for branch in av[1]:
                more, empty = _first_units(branch.data)
                sub += more
                nullable |= empty
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, getattr(_sre, "POSSESSIVE_REPEAT", None)):
            sub, nullable = _first_units(av[2].data)
            nullable |= av[0] == 0
        else:  # anything else (ANY, NOT_LITERAL, ...): any code unit
            return list(_ALL_UNITS), False
        ranges += sub
        if not nullable:
            return ranges, False
    return ranges, True


def _class_units(items) -> list[tuple[int, int]]:
    ranges, negate = [], False
    for op, av in items:
        if op is _sre.LITERAL:
            ranges.append((av, av))
        elif op is _sre.RANGE:
            ranges.append(av)
        elif op is _sre.NEGATE:
            negate = True
        else:  # a category: take every unit
            return list(_ALL_UNITS)
    if not negate:
        return ranges
    out, low = [], 0
    for a, b in sorted(ranges):
        if a > low:
            out.append((low, a - 1))
        low = max(low, b + 1)
    if low <= 0xFFFF:
        out.append((low, 0xFFFF))
    return out


def _units(ranges) -> set[int]:
    return {c for a, b in ranges for c in range(a, min(b, 0xFFFF) + 1)}


class _Scanner:
    """The rule alternatives that can start with one set of code units, in one expression.

    Each alternative sits in a lookahead holding a capturing group, so one ``match``
    reports every alternative's length; the group that spans an alternative's match and
    trailing context comes first, its end is the length the alternative competes with.
    """

    def __init__(self, alternatives):
        parts, totals, mains = [], [], []
        group = 0
        for pattern, context, _ in alternatives:
            group += 1
            totals.append(group)
            if context is None:
                parts.append(f"(?:(?=({pattern}))|)")
            else:
                group += 1
                parts.append(f"(?:(?=(({pattern})(?:{context})))|)")
            mains.append(group)
        self.match = re.compile("".join(parts)).match
        self.totals = operator.itemgetter(*totals) if len(totals) > 1 else (lambda spans, g=totals[0]: (spans[g],))
        self.mains = tuple(mains)
        self.actions = tuple(action for _, _, action in alternatives)


class _LazyScanner:
    """A ``_Scanner`` compiled on its first use (most code units never occur)."""

    __slots__ = ("alternatives", "scanner")

    def __init__(self, alternatives):
        self.alternatives, self.scanner = alternatives, None

    def get(self) -> _Scanner:
        if self.scanner is None:
            self.scanner = _Scanner(self.alternatives)
        return self.scanner


_SPACE_RUN_BODY = f"[{_SPACE}]+"
# Most tokens are a word, or a hyphenated compound, followed by a character that no
# rule starting at a letter reads past: there the word is the token (what the scanners
# give, faster). In the translated text: letters ASCII or stand-ins (not the named ones);
# a compound has no marks (the compound rule takes only Java letters and digits).
# Safe after a word: spacing, brackets and quotes that end every rule's span; a comma,
# semicolon, colon, "?" or "!" unless a hyphenated compound (a,b-c) or an e-mail
# address (a;b@c.d) may run through it or a word continues after "?"/"!"; after a
# simple word, a period before spacing, ")" or '"' unless the word is one letter, an
# abbreviation or "www" (checked in the lexer).
_NO_EMAIL = "(?![^ \t\n\f\r\"<>|()\u00a0{}]*@)"
_PLAIN_WORD = re.compile(
    "(?:[A-Za-z\ue000][A-Za-z0-9\ue000\ue002]*(?P<compound>(?:-[A-Za-z0-9\ue000\ue002]+)+)"
    "|[A-Za-z\ue000\ue001][A-Za-z0-9\ue000\ue001\ue002]*)(?:"
    "(?=[ \t\n)(\"<>|{}])"
    f"|(?=,(?![A-Za-z0-9.,\u00ad]*-){_NO_EMAIL})"
    f"|(?=[;:]{_NO_EMAIL})"
    f"|(?=[?!](?![A-Za-z&\u0080-\uffff]){_NO_EMAIL})"
    "|(?P<period>(?=\\.[ \t\n)\"])))"
)
_SPLIT_WORDS = frozenset(["cannot", "gonna", "gotta", "lemme", "gimme", "wanna"])
_NOT_PLAIN = _SPLIT_WORDS | {"http", "https", "www"}  # (URLs: "http:", "www.")


def _literal_units(items) -> list[tuple[int, int]]:
    """Every code-unit range named in a parsed pattern (literals and class items)."""
    out = []
    for op, av in items:
        if op is _sre.LITERAL or op is _sre.NOT_LITERAL:
            out.append((av, av))
        elif op is _sre.IN:
            out += [item[1] if item[0] is _sre.RANGE else (item[1], item[1]) for item in av if item[0] in (_sre.LITERAL, _sre.RANGE)]
        elif op is _sre.BRANCH:
            for branch in av[1]:
                out += _literal_units(branch.data)
        elif op in (_sre.SUBPATTERN,):
            out += _literal_units(av[-1].data)
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, getattr(_sre, "POSSESSIVE_REPEAT", None)):
            out += _literal_units(av[2].data)
        elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
            out += _literal_units(av[1].data)
    return out


def _ranges(units: set[int]) -> str:
    """``units`` as a character-class body."""
    items, run = [], None
    for c in sorted(units):
        if run and c == run[1] + 1:
            run[1] = c
        else:
            run = [c, c]
            items.append(run)
    return "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b in items)


# Python's re compiles a character class in time proportional to its size, and the
# Unicode letter class (48,000 code units) sits in dozens of rules. So the scanners see
# a translated text: every non-ASCII code unit that no rule names by itself becomes one
# of four stand-ins (private-use characters), one per behaviour, and the big classes
# shrink to their stand-in plus the named code units they hold. Token texts are cut from
# the untranslated text at the same positions.
_STAND_IN = {"letter": "\ue000", "mark": "\ue001", "digit": "\ue002", "other": "\ue003"}
_BIG_CLASSES = (  # (class body in the rules, stand-ins it holds); WORD_START first: it holds LETTER's text
    (coco_unicode.WORD_START, "letter", "mark"),
    (coco_unicode.LETTER, "letter"),
    (coco_unicode.DIGIT, "digit"),
)


class _Lexer:
    """The translation to stand-ins and, for each code unit, the scanner of the rules that can start there."""

    def __init__(self):
        big = [(body, [_STAND_IN[k] for k in kinds]) for body, *kinds in _BIG_CLASSES]
        members = {body: _units(_class_units(_sre_parse.parse(f"[{body}]").data[0][1])) for body, _ in big}
        alternatives = [(p, c, a) for patterns, c, a in _RULES for p in patterns]

        def shrink(pattern, named=None):
            for body, stand_ins in big:
                extra = "" if named is None else _ranges(named & members[body])
                pattern = pattern.replace(body, "".join(stand_ins) + extra)
            return pattern

        # the non-ASCII code units some rule names by itself keep their identity
        named: set[int] = set()
        for pattern, context, _ in alternatives:
            for part in (pattern, context or "", _SPACE_RUN_BODY):
                named |= {c for c in _units(_literal_units(_sre_parse.parse(shrink(part)).data)) if c >= 0x80}
        named -= {ord(c) for c in _STAND_IN.values()}
        self.alternatives = [(shrink(p, named), c and shrink(c, named), a) for p, c, a in alternatives]
        letter, word, digit = members[coco_unicode.LETTER], members[coco_unicode.WORD_START], members[coco_unicode.DIGIT]
        other_units = set(range(0x80, 0x10000)) - named
        table = {}
        for c in other_units:
            kind = "letter" if c in letter else "mark" if c in word else "digit" if c in digit else "other"
            table[c] = _STAND_IN[kind]
        self.translation = table
        self.space_run = re.compile(f"[{_SPACE}]+").match
        self.dispatch = self._dispatch()

    def _dispatch(self):
        # the alternatives that can start with each code unit (a superset, from the
        # patterns' syntax trees), as runs of code units with the same alternatives ...
        events = []
        for index, (pattern, _, _) in enumerate(self.alternatives):
            for a, b in _first_units(_sre_parse.parse(pattern).data)[0]:
                events += [(a, index, 1), (min(b, 0xFFFF) + 1, index, -1)]
        events.sort()
        runs, active, position = [], {}, 0
        for unit, index, delta in events + [(0x10000, -1, 0)]:
            if unit > position:
                runs.append((position, unit, frozenset(active)))
                position = unit
            if index >= 0:
                active[index] = active.get(index, 0) + delta
                if not active[index]:
                    del active[index]
        starts = []
        for a, b, indices in runs:
            starts += [indices] * (b - a)
        # ... united over letters and over digits, which share most of their rules: one
        # expression each instead of one per letter (compiling them is the cost)
        for family in (string.ascii_letters + _STAND_IN["letter"] + _STAND_IN["mark"], string.digits + _STAND_IN["digit"]):
            union = frozenset().union(*(starts[ord(c)] for c in family))
            for c in family:
                starts[ord(c)] = union
        scanners: dict = {}
        for indices in set(starts):
            chosen = [self.alternatives[i] for i in sorted(indices)] or [("[^\\n]", None, None)]
            scanners[indices] = _LazyScanner(chosen)
        return [scanners[indices] for indices in starts]

    def __call__(self, text: str, breaks: bool = False, shortcuts: bool = True) -> list:
        """The PTB lexer's tokens of ``text`` (UTF-16 code units), before lowercasing and filtering.

        Line breaks give no token, or ``None`` if ``breaks``. ``shortcuts=False`` scans
        every token with the rules (for tests of the shortcuts).
        """
        scan = text if text.isascii() else text.translate(self.translation)
        dispatch, space_run, plain_word = self.dispatch, self.space_run, _PLAIN_WORD.match
        tokens = []
        pos, end = 0, len(scan)
        while pos < end:
            if scan[pos] == " " and shortcuts:  # only the space rule starts with a space
                pos = space_run(scan, pos).end()
                continue
            if scan[pos] == "\n" and shortcuts:  # only the line-break rule starts with one
                if breaks:
                    tokens.append(None)
                pos += 1
                continue
            plain = plain_word(scan, pos) if shortcuts else None
            if plain is not None:
                word = plain[0]
                if plain["compound"] is not None:
                    ok = plain["period"] is None
                else:
                    ok = word.lower() not in _NOT_PLAIN and (
                        plain["period"] is None or (len(word) > 1 and not _ABBREVIATION(word + "."))
                    )
                if ok:
                    tokens.append(text[pos:plain.end()])
                    pos = plain.end()
                    continue
            scanner = dispatch[ord(scan[pos])].get()
            spans = scanner.match(scan, pos).regs
            chosen = scanner.totals(spans)
            k = chosen.index(max(chosen))
            start, stop = spans[scanner.mains[k]]
            action = scanner.actions[k]
            if action is None or action == "break":
                if action and breaks:
                    tokens.append(None)
                pos = stop
                continue
            matched = text[start:stop]
            if type(action) is tuple:
                kind, arg = action
                if kind == "split":
                    tokens.append(matched[:arg])
                    pos = start + arg
                else:  # "period": the token, then its period again
                    tokens.append(arg(matched))
                    pos = stop - 1
            elif action == "acronym":
                # a one-letter acronym gives its letter, a longer one itself, and the
                # period is scanned again (a "." token)
                tokens.append(matched[:-1] if len(matched) == 2 else matched)
                pos = stop - 1
            else:
                tokens.append(action(matched))
                pos = stop
        return tokens


_LEXER = None


def lex(text: str, breaks: bool = False, shortcuts: bool = True) -> list:
    """The PTB lexer's tokens of ``text`` (UTF-16 code units), before lowercasing and filtering.

    Line breaks give no token, or ``None`` if ``breaks``; ``shortcuts=False`` scans every
    token with the rules (for tests of the shortcuts).
    """
    global _LEXER
    if _LEXER is None:  # built on first use
        _LEXER = _Lexer()
    return _LEXER(text, breaks, shortcuts)


# ---------------------------------------------------------------------------------------
# pycocoevalcap's wrapper around the lexer

# pycocoevalcap 1.2's PUNCTUATIONS, compared with the lowercased tokens (so its
# "-LRB-", "-RRB-", "-LCB-", "-RCB-" never match)
PUNCTUATIONS = frozenset(["''", "'", "``", "`", "-LRB-", "-RRB-", "-LCB-", "-RCB-",
                          ".", "?", "!", ",", ":", "-", "--", "...", ";"])

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _utf16_units(text: str) -> str:
    """``text`` with each character beyond U+FFFF written as its two surrogate code units."""
    def pair(m):
        code = ord(m[0]) - 0x10000
        return chr(0xD800 + (code >> 10)) + chr(0xDC00 + (code & 0x3FF))

    return _ASTRAL.sub(pair, text)


def _characters(token: str) -> str:
    """Surrogate pairs joined into characters; a lone surrogate is ``?``, as Java's UTF-8 encoder writes it."""
    token = _SURROGATE_PAIR.sub(lambda m: m[0].encode("utf-16-le", "surrogatepass").decode("utf-16-le"), token)
    return _SURROGATE.sub("?", token)


def _jar_units(text: str) -> str:
    """``text`` as the jar reads it: UTF-16 code units."""
    return _utf16_units(text) if _ASTRAL.search(text) else text


def _jar_token(token: str) -> str:
    """A token as the jar writes it: lowercased, surrogate pairs joined, lone ones ``?``."""
    token = _characters(token) if _SURROGATE.search(token) else token
    return _java_lower(token) if "\u03a3" in token else token.lower()


# Java lowercases a capital sigma to a final sigma by its own rule: the token's "word"
# (java.text.BreakIterator's, Java's legacy rules) holds a cased letter before it and
# none after it. Python's Final_Sigma skips only case-ignorable characters, so the two
# differ where a digit, an uncased letter, a dash or "_" joins a word ("ΑΣ1B": Java
# "ασ1b", Python "ας1b"). Each character is classed, then the words are matched on the
# class letters: l letter, d digit, w b p mid-word (p also mid-number and before a
# number, b also mid-number), n mid-number, c before a number, q after a number,
# a danda, k t h kanji katakana hiragana, s space, r CR, e line separator, x other.
_BREAK_CLASSES = {
    **dict.fromkeys("\"'", "b"), ".": "p", ",": "n", "\u066b": "n", "\u00ad": "w", "\u2027": "w", "_": "w",
    **dict.fromkeys("#", "c"), **dict.fromkeys("%&\u00a2\u066a\u2030\u2031", "q"), "\u0964": "a", "\u0965": "a",
    "\t": "s", "\r": "r", **dict.fromkeys("\n\x0c\u2028\u2029", "e"),
}
_BREAK_RULES = [re.compile(p) for p in (
    "(?:l+(?:[wbp]l+)*a?)?(?:d+(?:[nbp]d+)*l+(?:[wbp]l+)*a?)*(?:d+(?:[nbp]d+)*q?)?",
    "[cp](?:d+(?:[nbp]d+)*l+(?:[wbp]l+)*a?)*(?:d+(?:[nbp]d+)*q?)?",
    "s*r?e?", "k+", "t+", "h+", ".",
)]


def _break_class(ch: str) -> str:
    known = _BREAK_CLASSES.get(ch)
    if known is not None:
        return known
    code, category = ord(ch), unicodedata.category(ch)
    if code == 0x3005 or 0x4E00 <= code <= 0x9FA5 or 0xF900 <= code <= 0xFA2D:
        return "k"
    if 0x3099 <= code <= 0x309C or 0x30A1 <= code <= 0x30FE:
        return "t"
    if 0x3041 <= code <= 0x309E or code == 0x30FC:
        return "h"
    if category[0] == "L" or category == "Mc":
        return "l"
    if category[0] == "N":
        return "d"
    if category in ("Pd", "Pc"):
        return "w"
    if category == "Sc":
        return "c"
    if category == "Zs":
        return "s"
    return "x"


def _java_cased(ch: str) -> bool:
    code = ord(ch)
    return unicodedata.category(ch) in ("Lu", "Ll", "Lt") or any(a <= code <= b for a, b in _OTHER_CASED)


_OTHER_CASED = ((0x2B0, 0x2B8), (0x2C0, 0x2C1), (0x2E0, 0x2E4), (0x345, 0x345), (0x37A, 0x37A),
                (0x1D2C, 0x1D61), (0x2160, 0x217F), (0x24B6, 0x24E9))


def _java_lower(token: str) -> str:
    """``token.toLowerCase(Locale.ENGLISH)`` in Java (Python's ``lower`` but for capital sigma)."""
    # format characters are skipped, marks go with a letter or digit before them (else break)
    kept, classes = [], []
    for i, ch in enumerate(token):
        kind, category = _break_class(ch), unicodedata.category(ch)
        if category == "Cf":
            continue
        if category in ("Mn", "Me"):
            if classes and classes[-1] in "ld":
                continue
            kind = "x"
        kept.append(i)
        classes.append(kind)
    classes = "".join(classes)
    word_of = [0] * len(token)  # word start and end (indices into token) of each character
    pos = 0
    while pos < len(classes):
        end = max(m.end() for m in (rule.match(classes, pos) for rule in _BREAK_RULES) if m)
        start_at, end_at = kept[pos], kept[end] if end < len(kept) else len(token)
        for i in range(start_at, end_at):
            word_of[i] = (start_at, end_at)
        pos = end
    out = []
    for i, ch in enumerate(token):
        if ch == "\u03a3":
            start, end = word_of[i] if word_of[i] else (i, i + 1)
            final = any(_java_cased(c) for c in token[start:i]) and not any(_java_cased(c) for c in token[i + 1:end])
            out.append("\u03c2" if final else "\u03c3")
        else:
            out.append(ch.lower())
    return "".join(out)


def _lexed(text: str) -> list[str]:
    """Lowercased tokens of ``text`` as the jar writes them, ``text`` followed by a line end."""
    return [_jar_token(t) for t in lex(_jar_units(text) + "\n")]


def _filtered(tokens: list[str]) -> str:
    """pycocoevalcap's line: right-stripped, split on spaces, punctuation dropped."""
    line = " ".join(tokens).rstrip()
    return _kept(line.split(" ")) if line else ""


def _kept(tokens: list[str]) -> str:
    """The tokens pycocoevalcap keeps, joined by spaces."""
    return " ".join(t for t in tokens if t not in PUNCTUATIONS)


# Pieces. A space run is safe when no rule reads across it: then a line's tokens are
# its pieces' tokens, each piece scanned as if a line end followed it. Unsafe are: a run
# between digits, or ")" and a digit (fractions, phone numbers: "1 1/2", "555 1234");
# after a period before a digit, "l"/"L" or a period ("fig. 3", "Co. Ltd", ". . .");
# after a letter and a period before a capital or "<" (a one-letter acronym loses its
# period before "The", "He", ...), unless a lower-case letter precedes that letter and
# no apostrophe or "&" comes before (then the two letters are one word: only rules for
# fixed words such as 'em or c'est end a token between two letters); and a run next to
# other spacing or zero-width characters (the lexer's spacing is not Python's). A line
# with an SGML tag, which may hold spaces, is one piece.
_DIGITS = "0-9" + coco_unicode.DIGIT
_SPACING = "\x00\t\n\r\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff"
# (characters after which a fixed-word rule may end a token before a letter: 'em, c'est)
_ENDS_WORD = "'`&\u0091\u0092\u2018\u2019\u201b"
_UNSAFE_TEMPLATE = (
    "(?:^|[^a-z])[A-Za-z]\\. +[A-Z<]|[{w}][^ ]*[A-Za-z]\\. +[A-Z<]"
    "|\\. +[.lL{d}]|[){d}] +[{d}]|[{s}] | [{s}]|<[A-Za-z!?/]"
)
_SPECIAL_LINE = re.compile(_UNSAFE_TEMPLATE.format(d=_DIGITS, s=_SPACING, w=_ENDS_WORD))
_DIGIT_SET = frozenset(_units(_class_units(_sre_parse.parse(f"[{_DIGITS}]").data[0][1])))
_SPACING_SET = frozenset(_units(_class_units(_sre_parse.parse(f"[{_SPACING}]").data[0][1])))
_LETTER_PERIOD_END = re.compile(f"(?:(?:^|[^a-z])|[{_ENDS_WORD}].*)[A-Za-z]\\.\\Z")
_SGML_START = re.compile("<[A-Za-z!?/]")
_SPACE_RUNS = re.compile("( +)")


def _unsafe(left: str, right: str) -> bool:
    """Whether a space run between pieces ``left`` and ``right`` (both non-empty) is unsafe."""
    last, first = ord(left[-1]), ord(right[0])
    if last in _SPACING_SET or first in _SPACING_SET:
        return True
    if first in _DIGIT_SET:
        return last in _DIGIT_SET or left[-1] in ")."
    if left[-1] == ".":
        return right[0] in ".lL" or (("A" <= right[0] <= "Z" or right[0] == "<") and _LETTER_PERIOD_END.search(left) is not None)
    return False


def _pieces(text: str) -> list[str]:
    """``text`` cut at its safe spaces (empty pieces possible)."""
    if _SPECIAL_LINE.search(text) is None:
        return text.split(" ")
    if _SGML_START.search(text):
        return [text]
    parts = _SPACE_RUNS.split(text)
    pieces = [parts[0]]
    for i in range(1, len(parts), 2):
        spaces, right = parts[i], parts[i + 1]
        if pieces[-1] and right and _unsafe(pieces[-1], right):
            pieces[-1] += spaces + right
        else:
            pieces.append(right)
    return pieces


def caption_tokens(caption: str) -> list[str]:
    """pycocoevalcap's tokens of one caption (scanned whole, no cache); the reference path."""
    line = _filtered(_lexed(caption.replace("\n", " ")))
    return line.split(" ") if line else []


def jar_lines(captions: Sequence[str]) -> list[str]:
    """The lines pycocoevalcap reads back for ``captions`` written to one file, context included.

    pycocoevalcap pairs its captions with these lines in order (``zip``): there are more
    lines than captions when a caption holds a line break other than ``"\\n"``, fewer when
    an SGML tag runs over a line end. No cache: for tests and exact comparisons.
    """
    text = "\n".join(c.replace("\n", " ") for c in captions)
    lines, current = [], []
    for token in lex(_jar_units(text), breaks=True):
        if token is None:
            lines.append(_filtered(current))
            current = []
        else:
            current.append(_jar_token(token))
    lines.append(_filtered(current))
    return lines


def _re2_class(body: str) -> str:
    """A Python character-class body as RE2 (pyarrow) reads it: all but ASCII letters and digits escaped."""
    def unit(code: int) -> str:
        return chr(code) if chr(code).isascii() and chr(code).isalnum() else f"\\x{{{code:x}}}"

    out = []
    for op, av in _sre_parse.parse(f"[{body}]").data[0][1]:
        a, b = av if op is _sre.RANGE else (av, av)
        out.append(unit(a) if a == b else f"{unit(a)}-{unit(b)}")
    return "".join(out)


# The lines ``_pieces`` cuts other than at every space, found by pyarrow (RE2)
_SPECIAL_LINE_RE2 = _UNSAFE_TEMPLATE.format(d=_re2_class(_DIGITS), s=_re2_class(_SPACING), w=_re2_class(_ENDS_WORD))


class TokenizerCoco(BaseTokenizer):
    """pycocoevalcap's ``PTBTokenizer`` (CoreNLP 3.4.1 PTB tokens, lowercased, punctuation dropped).

    ``tokenize_batch`` cuts the lines at their spaces in pyarrow, lexes each distinct
    piece once in Python and joins the pieces' tokens back in pyarrow; lines with an
    unsafe space or an SGML tag are cut in Python (``_pieces``).
    """

    name = "coco"
    strip_lines = False  # pycocoevalcap tokenizes each caption as it is

    def lowercasing(self) -> "TokenizerCoco":
        return self  # -lowerCase: it lowercases its own tokens, after tokenizing, whatever it is asked

    def signature(self) -> str:
        return "coco"

    def __call__(self, line: str) -> str:
        return _line(line.replace("\n", " "), {})

    def tokenize_batch(self, lines: Sequence[str]) -> list[str]:
        import numpy as np
        import pyarrow as pa
        import pyarrow.compute as pc

        if len(lines) == 0:
            return []
        arr = pc.replace_substring(pa.array(lines, type=pa.large_string()), "\n", " ")
        lists = pc.split_pattern(arr, " ")
        encoded = pc.dictionary_encode(lists.flatten())
        cache: dict[str, tuple[str, int]] = {}
        done = [_piece(p, cache) for p in encoded.dictionary.to_pylist()]
        tokens = pc.take(pa.array([d[0] for d in done], type=pa.large_string()), encoded.indices)
        joined = pc.binary_join(type(lists).from_arrays(lists.offsets, tokens), pa.scalar(" ", pa.large_string()))
        out = pc.utf8_trim(pc.replace_substring_regex(joined, " {2,}", " "), " ").to_pylist()
        # lines done again in Python: those the split above may have cut wrongly, and
        # those holding a piece whose last token ends in spacing (the line's right strip)
        again = np.array(pc.match_substring_regex(arr, _SPECIAL_LINE_RE2).to_numpy(zero_copy_only=False), dtype=bool)
        stripped = np.flatnonzero([d[1] == _SPACED_TOKEN for d in done])
        if len(stripped):
            codes = encoded.indices.to_numpy(zero_copy_only=False)
            offsets = lists.offsets.to_numpy(zero_copy_only=False)
            rows = np.searchsorted(offsets, np.flatnonzero(np.isin(codes, stripped)), side="right") - 1
            again[rows] = True
        for i in np.flatnonzero(again):
            out[i] = _line(arr[i].as_py(), cache)
        return out


# The commonest pieces, whose tokens are known without scanning: in the middle an
# ASCII word (with 's 'm 'd 're 've 'll or a final apostrophe: "it's", "players'"),
# a word ending in n't ("don't" -> "do n't"), a hyphenated compound ("covid-19") or a
# number ("1,000.5"); before it maybe an opening bracket or quote, after it maybe a
# closing one and one punctuation mark, in either order ("(word),"). Scanned anyway
# where a rule reads the piece differently: a period after an abbreviation or a
# single letter ("etc.", "B.": kept), after a compound (a period before , ; : is
# kept, acronyms such as "U.S." may end one), a smiley (":)", ";]"), the Asian
# smileys "(xx)" and "(x-x)", the apostrophe words CoreNLP keeps whole ("l'",
# "Dunkin'", "ol'"), and "’”" (one quote token, kept).
_APOSTROPHES = "'\u2019"  # ASCII and right single quote: the lexer's apostrophes here
_SHAPED_PIECE = re.compile(
    "(?P<open>[(\\[{\"\u201c]?)(?:"
    f"(?P<word>[A-Za-z]+)(?:(?P<aux>[{_APOSTROPHES}](?:s|m|d|re|ve|ll))|(?P<possessive>[{_APOSTROPHES}]))?"
    f"|(?P<stem>[A-Za-z]*[A-MO-Za-mo-z])(?P<nt>[nN][{_APOSTROPHES}][tT])"
    "|(?P<compound>[A-Za-z]+(?:-[A-Za-z0-9]+)+)"
    "|(?P<number>[0-9]+(?:[.,:][0-9]+)*))"
    "(?:(?P<mark>[,;:.!?])(?P<close>[)\\]}\"\u201d]?)|(?P<close2>[)\\]}\"\u201d])(?P<mark2>[,;:.!?]?))?"
)
_BRACKETS = {"(": "-lrb-", ")": "-rrb-", "[": "-lsb-", "]": "-rsb-", "{": "-lcb-", "}": "-rcb-"}
_WHOLE_WITH_APOSTROPHE = frozenset(["l", "d", "j", "dunkin", "somethin", "ol"])


def _word_piece(piece: str):
    """The tokens of a ``_SHAPED_PIECE`` piece as pycocoevalcap's string, or None where it must be scanned."""
    m = _SHAPED_PIECE.fullmatch(piece)
    if m is None:
        return None
    mark, close = m["mark"], m["close"] or m["close2"] or ""
    if mark in (":", ";") and close in (")", "]"):
        return None
    word = m["word"]
    if word is not None:
        lower = word.lower()
        if lower in _NOT_PLAIN:
            return None
        if m["aux"]:
            middle = [lower, "'" + m["aux"][1:]]
        elif m["possessive"]:
            # (a right single quote before a right double one is one quote token)
            if lower in _WHOLE_WITH_APOSTROPHE or (m["possessive"] == "\u2019" and m["close2"] == "\u201d"):
                return None
            middle = [lower]
        else:
            if mark == "." and (len(word) == 1 or _ABBREVIATION(word + ".")):
                return None
            if lower == "xx" and m["open"] == "(" and close == ")":
                return None
            middle = [lower]
    elif m["stem"] is not None:
        middle = [m["stem"].lower(), "n't"]
    elif m["compound"] is not None:
        compound = m["compound"].lower()
        if mark == "." or (compound == "x-x" and m["open"] == "(" and close == ")"):
            return None
        middle = [compound]
    else:
        middle = [m["number"]]
    tokens = [_BRACKETS.get(m["open"], "")] + middle + [_BRACKETS.get(close, "")]
    return " ".join(t for t in tokens if t)


# What a piece's last token means for pycocoevalcap's strip of the line's right end
_NO_TOKEN, _TOKEN, _SPACED_TOKEN = 0, 1, 2


def _piece(piece: str, cache: dict) -> tuple[str, int]:
    """(the tokens pycocoevalcap keeps of a piece, ``_NO_TOKEN``, ``_TOKEN`` or ``_SPACED_TOKEN``).

    ``_SPACED_TOKEN``: the last token ends in spacing, which pycocoevalcap strips if the
    piece ends the line.
    """
    done = cache.get(piece)
    if done is None:
        if piece.isascii() and (piece.isdigit() or (piece.isalpha() and piece.lower() not in _SPLIT_WORDS)):
            shaped = piece.lower()  # (most pieces)
        else:
            shaped = _word_piece(piece)
        if shaped is not None:
            done = (shaped, _TOKEN)
        else:
            tokens = _lexed(piece)
            last = _NO_TOKEN if not tokens else _SPACED_TOKEN if tokens[-1][-1:].isspace() else _TOKEN
            done = (_kept(tokens), last)
        cache[piece] = done
    return done


def _line(text: str, cache: dict) -> str:
    """One caption (its newlines already spaces), cut at its safe spaces; ``cache`` holds done pieces."""
    joined = []
    last = _NO_TOKEN
    for piece in _pieces(text):
        if piece:
            tokens, kind = _piece(piece, cache)
            last = kind or last
            if tokens:
                joined.append(tokens)
    if last == _SPACED_TOKEN:  # pycocoevalcap strips the line before dropping punctuation
        return _filtered(_lexed(text))
    return " ".join(joined)
