"""The Snowball stemmers of ``meteor-1.5.jar``, as the jar has them.

The jar carries 2015 Java builds of the Snowball stemmers (``org.tartarus.snowball``).
Snowball has changed since, so today's ``snowballstemmer`` gives other stems:

- English: ``snowballstemmer`` 3.x gives 46 other stems on the 61,243 lowercased WMT
  English word types (new ``-ogist`` rule, new region prefixes such as ``emerg``, no
  undoubling in ``added`` -> ``ad``, ...); 2.x gives none;
- German: every version gives 35 other stems there (the ``-nisse`` rule, which deletes
  the s of ``-niss`` after ``-e``/``-en``/``-es``, is newer than the jar); 3.x 725;
- Russian: versions from 2.0 map ``ё`` to ``е`` first (11 other stems there).

So the English, German and Russian stemmers are written out here from the Snowball
algorithms as the jar runs them (Porter2 with the region prefixes gener/commun/arsen;
German without the ``-nisse`` rule; Russian without the ``ё`` mapping) and checked
word by word against the jar (``tests/test_meteor_jar_stemmers.py``). Like the jar's
Java, they work on UTF-16 code units: a character above U+FFFF counts as two
non-vowels. The jar's other stemming languages use ``snowballstemmer``'s stemmer of
that language (not checked against the jar: no data).

A stemmer here is a function from one word to its stem; :func:`jar_stemmer` gives the
language's, with a bounded cache (stems are a pure function of the word).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Optional, Tuple

Stem = Callable[[str], str]

# ---------------------------------------------------------------- English (Porter2)

_EN_VOWELS = frozenset("aeiouy")
_EN_DOUBLES = frozenset(("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"))
_EN_LI_ENDINGS = frozenset("cdeghkmnrt")
_EN_REGION_PREFIXES = ("gener", "commun", "arsen")
_EN_WHOLE_WORDS = {
    "skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
    "idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl",
    "sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias", "andes": "andes",
}
_EN_AFTER_1A = frozenset(("inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"))
_EN_STEP2 = {
    "tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent",
    "izer": "ize", "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate",
    "alism": "al", "aliti": "al", "alli": "al", "fulness": "ful", "ousli": "ous", "ousness": "ous",
    "iveness": "ive", "iviti": "ive", "biliti": "ble", "bli": "ble", "ogi": "og", "fulli": "ful",
    "lessli": "less", "li": "",
}
_EN_STEP3 = {"tional": "tion", "ational": "ate", "alize": "al", "icate": "ic", "iciti": "ic", "ical": "ic",
             "ful": "", "ness": "", "ative": ""}
_EN_STEP4 = ("al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate",
             "iti", "ous", "ive", "ize", "ion")


def _longest_suffix(word: str, suffixes) -> Optional[str]:
    """The longest of ``suffixes`` that ``word`` ends with (Snowball's ``among``)."""
    best = None
    for suffix in suffixes:
        if word.endswith(suffix) and (best is None or len(suffix) > len(best)):
            best = suffix
    return best


def _by_length(suffixes) -> Tuple[str, ...]:
    return tuple(sorted(suffixes, key=len, reverse=True))


_EN_STEP2_ORDER = _by_length(_EN_STEP2)
_EN_STEP3_ORDER = _by_length(_EN_STEP3)
_EN_STEP4_ORDER = _by_length(_EN_STEP4)


def _first_suffix(word: str, ordered: Tuple[str, ...]) -> Optional[str]:
    """The longest suffix of ``word`` in ``ordered`` (sorted longest first)."""
    if not word.endswith(ordered):  # one call for the common case: none of them
        return None
    for suffix in ordered:
        if word.endswith(suffix):
            return suffix
    return None


def _en_region_after(word: str, start: int) -> int:
    """Snowball ``gopast v gopast non-v`` from ``start``: the index after the first
    non-vowel that follows a vowel, or len(word) if there is none."""
    n = len(word)
    i = start
    while i < n and word[i] not in _EN_VOWELS:
        i += 1
    while i < n and word[i] in _EN_VOWELS:
        i += 1
    return i + 1 if i < n else n


def _en_short_syllable(word: str) -> bool:
    """Snowball English ``shortv`` at the end of ``word``."""
    n = len(word)
    if n >= 3 and word[-1] not in _EN_VOWELS and word[-1] not in "wxY" and word[-2] in _EN_VOWELS \
            and word[-3] not in _EN_VOWELS:
        return True
    return n == 2 and word[1] not in _EN_VOWELS and word[0] in _EN_VOWELS


def english_stem(word: str) -> str:
    """The jar's English (Porter2) stem of ``word``."""
    if word in _EN_WHOLE_WORDS:
        return _EN_WHOLE_WORDS[word]
    if len(word) < 3:
        return word
    # prelude: one leading apostrophe goes; a y that starts the word or follows a vowel is a consonant (Y)
    if word[0] == "'":
        word = word[1:]
    if not word:
        return word
    chars = list(word)
    if chars[0] == "y":
        chars[0] = "Y"
    for i in range(1, len(chars)):
        if chars[i] == "y" and chars[i - 1] in _EN_VOWELS:
            chars[i] = "Y"
    w = "".join(chars)
    y_found = w != word  # the postlude lowers every Y, a Y of the input too, only then
    # regions
    n = len(w)
    prefix = next((p for p in _EN_REGION_PREFIXES if w.startswith(p)), None)
    if prefix is not None:
        p1 = len(prefix)
        p2 = _en_region_after(w, p1)
    else:
        p1 = _en_region_after(w, 0)
        p2 = _en_region_after(w, p1) if p1 < n else n
    w = _en_step_1a(w)
    if w not in _EN_AFTER_1A:
        w = _en_step_1b(w, p1)
        # step 1c: a final y after a non-vowel that is not the first letter becomes i
        if len(w) >= 3 and w[-1] in "yY" and w[-2] not in _EN_VOWELS:
            w = w[:-1] + "i"
        w = _en_step_2(w, p1)
        w = _en_step_3(w, p1, p2)
        w = _en_step_4(w, p2)
        w = _en_step_5(w, p1, p2)
    return w.replace("Y", "y") if y_found else w


def _en_step_1a(w: str) -> str:
    for suffix in ("'s'", "'s", "'"):
        if w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    if w.endswith("sses"):
        return w[:-2]
    if w.endswith(("ied", "ies")):
        return w[:-3] + ("i" if len(w) - 3 >= 2 else "ie")
    if w.endswith(("ss", "us")):
        return w
    if w.endswith("s"):
        # delete when a vowel comes before the letter that precedes the s
        if len(w) >= 2 and any(c in _EN_VOWELS for c in w[:-2]):
            return w[:-1]
    return w


def _en_step_1b(w: str, p1: int) -> str:
    suffix = _first_suffix(w, ("eedly", "ingly", "edly", "eed", "ing", "ed"))
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if suffix in ("eed", "eedly"):
        return w[:start] + "ee" if start >= p1 else w
    if not any(c in _EN_VOWELS for c in w[:start]):
        return w
    w = w[:start]
    if w.endswith(("at", "bl", "iz")):
        return w + "e"
    if w[-2:] in _EN_DOUBLES:
        return w[:-1]
    if len(w) == p1 and _en_short_syllable(w):
        return w + "e"
    return w


def _en_step_2(w: str, p1: int) -> str:
    suffix = _first_suffix(w, _EN_STEP2_ORDER)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if start < p1:
        return w
    if suffix == "ogi" and not (start >= 1 and w[start - 1] == "l"):
        return w
    if suffix == "li" and not (start >= 1 and w[start - 1] in _EN_LI_ENDINGS):
        return w
    return w[:start] + _EN_STEP2[suffix]


def _en_step_3(w: str, p1: int, p2: int) -> str:
    suffix = _first_suffix(w, _EN_STEP3_ORDER)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if start < p1 or (suffix == "ative" and start < p2):
        return w
    return w[:start] + _EN_STEP3[suffix]


def _en_step_4(w: str, p2: int) -> str:
    suffix = _first_suffix(w, _EN_STEP4_ORDER)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if start < p2:
        return w
    if suffix == "ion" and not (start >= 1 and w[start - 1] in "st"):
        return w
    return w[:start]


def _en_step_5(w: str, p1: int, p2: int) -> str:
    if w.endswith("e"):
        start = len(w) - 1
        if start >= p2 or (start >= p1 and not _en_short_syllable(w[:start])):
            return w[:start]
    elif w.endswith("l"):
        start = len(w) - 1
        if start >= p2 and start >= 1 and w[start - 1] == "l":
            return w[:start]
    return w


# ---------------------------------------------------------------- German

_DE_VOWELS = frozenset("aeiouyäöü")
_DE_S_ENDING = frozenset("bdfghklmnrt")
_DE_ST_ENDING = _DE_S_ENDING - {"r"}
_DE_POSTLUDE = str.maketrans({"Y": "y", "U": "u", "ä": "a", "ö": "o", "ü": "u"})


def _region_after(word: str, start: int, vowels) -> int:
    """Snowball ``gopast v gopast non-v`` from ``start``: the index after the first
    non-vowel that follows a vowel, or -1 if there is none."""
    n = len(word)
    i = start
    while i < n and word[i] not in vowels:
        i += 1
    while i < n and word[i] in vowels:
        i += 1
    return i + 1 if i < n else -1


def german_stem(word: str) -> str:
    """The jar's German stem of ``word`` (Snowball German before its ``-nisse`` rule)."""
    chars = list(word.replace("ß", "ss"))
    for i in range(1, len(chars) - 1):  # u and y between vowels are consonants
        if chars[i] in "uy" and chars[i - 1] in _DE_VOWELS and chars[i + 1] in _DE_VOWELS:
            chars[i] = chars[i].upper()
    w = "".join(chars)
    n = len(w)
    p1 = p2 = n
    if n >= 3:
        found = _region_after(w, 0, _DE_VOWELS)
        if found >= 0:
            p1 = max(found, 3)  # R1 starts at 3 at the earliest; R2 is searched from the unmoved mark
            after = _region_after(w, found, _DE_VOWELS)
            p2 = after if after >= 0 else n
    # step 1 (R1)
    suffix = _first_suffix(w, ("ern", "em", "en", "er", "es", "e", "s"))
    if suffix is not None and len(w) - len(suffix) >= p1:
        start = len(w) - len(suffix)
        if suffix != "s" or (start >= 1 and w[start - 1] in _DE_S_ENDING):
            w = w[:start]
    # step 2 (R1)
    suffix = _first_suffix(w, ("est", "en", "er", "st"))
    if suffix is not None and len(w) - len(suffix) >= p1:
        start = len(w) - len(suffix)
        if suffix != "st" or (start >= 4 and w[start - 1] in _DE_ST_ENDING):
            w = w[:start]
    # step 3 (R2)
    suffix = _first_suffix(w, ("lich", "isch", "heit", "keit", "end", "ung", "ig", "ik"))
    if suffix is not None and len(w) - len(suffix) >= p2:
        start = len(w) - len(suffix)
        before_e = start >= 1 and w[start - 1] == "e"
        if suffix in ("end", "ung"):
            w = w[:start]
            if w.endswith("ig") and not w.endswith("eig") and len(w) - 2 >= p2:
                w = w[:-2]
        elif suffix in ("ig", "ik", "isch"):
            if not before_e:
                w = w[:start]
        elif suffix in ("lich", "heit"):
            w = w[:start]
            if w.endswith(("er", "en")) and len(w) - 2 >= p1:
                w = w[:-2]
        else:  # keit
            w = w[:start]
            inner = _first_suffix(w, ("lich", "ig"))
            if inner is not None and len(w) - len(inner) >= p2:
                w = w[: len(w) - len(inner)]
    return w.translate(_DE_POSTLUDE)


# ---------------------------------------------------------------- Russian

_RU_VOWELS = frozenset("аеиоуыэюя")
_RU_GERUND_AFTER_A = ("вшись", "вши", "в")
_RU_GERUND = ("ившись", "ывшись", "ивши", "ывши", "ив", "ыв")
_RU_ADJECTIVE = _by_length(("ее", "ие", "ые", "ое", "ими", "ыми", "ей", "ий", "ый", "ой", "ем", "им", "ым", "ом",
                            "его", "ого", "ему", "ому", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею"))
_RU_PARTICIPLE_AFTER_A = ("ем", "нн", "вш", "ющ", "щ")
_RU_PARTICIPLE = ("ивш", "ывш", "ующ")
_RU_VERB_AFTER_A = ("ла", "на", "ете", "йте", "ли", "й", "л", "ем", "н", "ло", "но", "ет", "ют", "ны", "ть", "ешь",
                    "нно")
_RU_VERB = ("ила", "ыла", "ена", "ейте", "уйте", "ите", "или", "ыли", "ей", "уй", "ил", "ыл", "им", "ым", "ен",
            "ило", "ыло", "ено", "ят", "ует", "уют", "ит", "ыт", "ены", "ить", "ыть", "ишь", "ую", "ю")
_RU_NOUN = _by_length(("а", "ев", "ов", "ие", "ье", "е", "иями", "ями", "ами", "еи", "ии", "и", "ией", "ей", "ой",
                       "ий", "й", "иям", "ям", "ием", "ем", "ам", "ом", "о", "у", "ах", "иях", "ях", "ы", "ь", "ию",
                       "ью", "ю", "ия", "ья", "я"))


def _ru_ending(s: str, endings: Tuple[Tuple[str, ...], Tuple[str, ...]]) -> Optional[str]:
    """Snowball ``[substring] among(...)`` on ``s`` for endings of two kinds: those that
    must follow а or я and the others (``endings``: the first kind, then all, longest
    first); the remaining string, or None when the longest ending found may not go
    (or there is none)."""
    after_a, ordered = endings
    suffix = _first_suffix(s, ordered)
    if suffix is None:
        return None
    start = len(s) - len(suffix)
    if suffix in after_a and not (start >= 1 and s[start - 1] in "ая"):
        return None
    return s[:start]


def _ru_kinds(after_a, plain) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    return after_a, _by_length((*after_a, *plain))


_RU_GERUNDS = _ru_kinds(_RU_GERUND_AFTER_A, _RU_GERUND)
_RU_PARTICIPLES = _ru_kinds(_RU_PARTICIPLE_AFTER_A, _RU_PARTICIPLE)
_RU_VERBS = _ru_kinds(_RU_VERB_AFTER_A, _RU_VERB)


def russian_stem(word: str) -> str:
    """The jar's Russian stem of ``word`` (Snowball Russian before it mapped ё to е)."""
    n = len(word)
    rv_start = p2 = n
    i = 0
    while i < n and word[i] not in _RU_VOWELS:
        i += 1
    if i < n:
        rv_start = i + 1
        # p2: after the first non-vowel, then a vowel, then a non-vowel
        j = rv_start
        while j < n and word[j] in _RU_VOWELS:
            j += 1
        if j < n:
            after = _region_after(word, j + 1, _RU_VOWELS)
            if after >= 0:
                p2 = after
    # every ending lies in RV, the part after the first vowel
    head, s = word[:rv_start], word[rv_start:]
    p2 -= rv_start
    rest = _ru_ending(s, _RU_GERUNDS)
    if rest is not None:
        s = rest
    else:
        reflexive = _first_suffix(s, ("ся", "сь"))
        if reflexive is not None:
            s = s[:-2]
        adjective = _first_suffix(s, _RU_ADJECTIVE)
        if adjective is not None:
            s = s[: len(s) - len(adjective)]
            rest = _ru_ending(s, _RU_PARTICIPLES)
            if rest is not None:
                s = rest
        else:
            rest = _ru_ending(s, _RU_VERBS)
            if rest is not None:
                s = rest
            else:
                noun = _first_suffix(s, _RU_NOUN)
                if noun is not None:
                    s = s[: len(s) - len(noun)]
    if s.endswith("и"):
        s = s[:-1]
    derivational = _first_suffix(s, ("ость", "ост"))
    if derivational is not None and len(s) - len(derivational) >= p2:
        s = s[: len(s) - len(derivational)]
    tidy = _first_suffix(s, ("ейше", "ейш", "н", "ь"))
    if tidy in ("ейше", "ейш"):
        s = s[: len(s) - len(tidy)]
        if s.endswith("нн"):
            s = s[:-1]
    elif tidy == "н":
        if s.endswith("нн"):
            s = s[:-1]
    elif tidy == "ь":
        s = s[:-1]
    return head + s


# ---------------------------------------------------------------- all languages

_OWN = {"english": english_stem, "german": german_stem, "russian": russian_stem}
_SNOWBALL_NAMES = {
    "french": "french", "spanish": "spanish", "portuguese": "portuguese", "danish": "danish",
    "romanian": "romanian", "hungarian": "hungarian", "turkish": "turkish", "finnish": "finnish",
    "dutch": "dutch", "italian": "italian", "norwegian": "norwegian", "swedish": "swedish",
}
_CACHE_SIZE = 1 << 18


def _as_utf16_units(word: str) -> str:
    """``word`` with each character above U+FFFF written as its two surrogates."""
    return "".join(c if ord(c) <= 0xFFFF else chr(0xD7C0 + (ord(c) >> 10)) + chr(0xDC00 + (ord(c) & 0x3FF)) for c in word)


def _utf16_safe(stem: Stem) -> Stem:
    """``stem`` applied to Java's view of a word: each character above U+FFFF as its two
    UTF-16 surrogates (two non-letters to the algorithm), joined again afterwards."""
    def on_units(word: str) -> str:
        if all(ord(c) <= 0xFFFF for c in word):
            return stem(word)
        return stem(_as_utf16_units(word)).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return on_units


@lru_cache(maxsize=None)
def jar_stemmer(language: str) -> Stem:
    """The jar's stemmer of ``language`` (a name of ``Constants.normLanguageName``:
    "english", "german", ...), as a cached function of one word."""
    if language in _OWN:
        stem = _OWN[language]
    elif language in _SNOWBALL_NAMES:
        import snowballstemmer

        stem = snowballstemmer.stemmer(_SNOWBALL_NAMES[language]).stemWord
    else:
        raise ValueError(f"METEOR 1.5 has no stemmer for language {language!r}; leave 'stem' out of the modules")
    return lru_cache(maxsize=_CACHE_SIZE)(_utf16_safe(stem))
