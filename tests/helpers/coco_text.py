"""Text for the ``coco`` tokenizer's tests: generated captions, probes, and the live tool.

:func:`pycocoevalcap_lines` runs pycocoevalcap 1.2's ``PTBTokenizer`` (Stanford CoreNLP
3.4.1 in Java) once over a list of captions, as one file, exactly as the COCO caption
metrics do. :func:`captions` generates hostile captions for hypothesis; the other
helpers build the deterministic inputs (every BMP code unit in context, COCO-like
captions).
"""
from __future__ import annotations

import random
import re
import shutil

from helpers.data import read_lines, require_wmt
from helpers.require import require, require_module
from hypothesis import strategies as st

# Pieces that exercise the lexer's rules, mixed with random characters below.
FRAGMENTS = [
    "a", "man", "The", "He", "I", "A", "In", "So", "Then", "you", "U.S.", "U.S", "U.K.", "e.g.", "i.e.",
    "etc.", "Mr.", "Mrs", "Dr.", "St", "fig.", "No.", "nos.", "pp.", "Co.", "Pty.", "Ltd", "lim", "Inc.",
    "Jan.", "Sept.", "Calif.", "Ga.", "Ark.", "ark.", "a.k.a", "vs.", "Ph.D.", "Ed.D.", "Canada-U.S.", "U.S.-U.K.",
    "can't", "don't", "won't", "DON'T", "it's", "It’s", "I'm", "we'll", "they're", "you've", "he'd", "'s", "n't",
    "n’t", "n‘t", "Students'", "James’", "radar’”,", "’”", "don’t", "DON’T", "IT'S", "He'S", "d's", "l're", "A're", "Dunkin'", "l'",
    "j’", "1,", "(12)", "12:30.", "well-known,", "covid-19)", "(x-x)", "x-x", "ol’", "o'clock", "O'Mahony", "d'Artagnan", "l'amour", "y'all", "Y’know", "'90s", "'99", "’99", "'cause",
    "'em", "'til", "'n'", "rock'n'roll", "cont'd", "nor'easter", "c'mon", "Cap'n", "c'est", "ol'", "somethin'",
    "cannot", "Cannot", "gonna", "gotta", "wanna", "gimme", "lemme", "'tis", "'twas", "C++", "c#", "F#",
    "AT&T", "AT&amp;T", "S&P-500", "S&Ls", "pro-", "anti-", "e-mail", "well-known", "x-ray", "co-op", "-LRB-",
    "U.S.-based", "e-U.S.", "non-U.S.", "and/or", "w/o", "1/2", "1 1/2", "3-1/2", "2⁄3", "½", "¼", "⅞",
    "12/31/99", "1-2-2020", "-1,000.50", "+3", "3.14", ".5", "1:30", "10 000", "10 000 000", "(800) 555-1234",
    "555-1234", "+1 212 555 1234", "12.345.678", "²", "⁵", "₂₃", "http://x.com/a?b=c", "https://t.co/x.",
    "HTTP://A.B", "www.example.co.uk", "www.x.yz/path,", "x.com/a\x1c", "http://a.b/c\u2002", "a@b.c\u3000", "x.com/a\x1c \x7f", "google.com", "Google.com", "a.b.net/x", "x@y.org",
    "<a@b.c>", "&lt;a@b.c&gt;", "@user", "@_x1", "#tag", "#é", "$5", "US$", "A$", "#", "£3", "€", "¤",
    "¢", "¥", "₠", "\x80", "100%", "file.txt", "a.tar.gz", "1.txt", "x.c", "(", ")", "[", "]", "{", "}",
    "<", ">", "<<", ">>", "&amp;", "&AMP;", "&lt;", "&gt;", "&quot;", "&QUOT;", "&apos;", "&nbsp;",
    "&eacute;", "caf&eacute;", "&mdash;", "&ndash;", "&MD;", "&HT;", "&#123;", "\"", "'", "`", "``", "''",
    "‘", "’", "“", "”", "„", "‚", "‛", "‟", "«", "»", "‹", "›", "\x91", "\x92", "\x93", "\x94", "…", "\x85",
    "...", "....", "......", ". . .", ".\xa0.\xa0.", "--", "---", "----", "-----", "–", "—", "―", "\x96",
    "\x97", "‐", "‑", "֊", "_", "__", "*", "**", "\\*", "/", "\\/", "=", ":", ";", ",", ".", "?", "!",
    "?!", "!!", "¿", "¡", "、", "。", ";", "·", ":)", ":-(", ";)", ":D", ":p", "=]", "<3", ":o)", "^_^",
    "(^_^)", "(^^)", "(^-^)", "(xx)", "xx", "x_x", "-_-", "^.[^x=~<>]", "°", "×", "÷", "→", "∀", "™", "©", "®", "§",
    "中文", "日本語", "한국어", "café", "Straße", "İstanbul", "ıi", "ſ", "K", "ß", "ǅ", "Σ", "ΟΔΟΣ.", "ΑΣ",
    "Ⅻ", "Ⓐ", "😀", "👍🏽", "𝔘", "\u00ad", "co\u00adop", "\u200b", "\u200e", "\ufeff", "\x00", "\x01",
    "\x7f", "\x1c", "\xa0", "\u2002", "\u3000", "\t", "e\u0301", "\u0301", "ـ", "١٢٣", "٫", "۰", "߀",
    "\ue000", "\uffff", "<b>", "</b>", "<br/>", "<br />", "<a href=\"x y\">", "<a b='1' c>", "<!-- c -->",
    "<?xml x?>", "Ⅰ.", "ﬁ", "\n",
]

# Characters for random runs: ASCII, the lexer's special characters, other scripts.
_ALPHABET = (
    "abcxyzAIMTUSn019 .,;:!?'\"`-_/\\()[]{}<>@#$%&*+=~^|"
    "\u00a0\u00ad\u2019\u2018\u201c\u201d\u2013\u2014\u2026\u00bd\u00a3\u20ac\u00e9\u0301\u4e2d\u0660\u2070"
    "\u2000\u3000\u200b\ufeff\x00\x7f\x85\x92\x1c\U0001f600"
)
# pycocoevalcap replaces only "\n": these end lines in the jar and make its output
# lines outnumber the captions (tests of that behaviour use them on purpose)
LINE_BREAKS = "\r\x0b\x0c\u2028\u2029"
# an SGML tag with an unclosed quoted attribute at the end of a caption may run into
# the next captions (documented); generated captions avoid it
_OPEN_ATTRIBUTE = re.compile(r"<[A-Za-z][^>]*=[ ]*['\"][^'\"]*\Z")


def wmt_english_lines() -> list[str]:
    """Every English line of the shared WMT data: references and systems of *-en pairs, sources of en-* pairs."""
    wmt = require_wmt()
    lines = []
    for pair in sorted(p for p in wmt.glob("*/*") if p.is_dir()):
        src, tgt = pair.name.split("-")
        if tgt == "en":
            files = sorted(pair.glob("ref.*.txt")) + sorted(pair.glob("sys.*.txt"))
        elif src == "en":
            files = [pair / "src.txt"]
        else:
            continue
        for path in files:
            lines.extend(read_lines(path))
    return lines


def _join(parts):
    return "".join(parts)


def captions():
    """A strategy for one hostile caption (no line breaks but ``"\\n"``)."""
    piece = st.one_of(
        st.sampled_from(FRAGMENTS),
        st.text(alphabet=_ALPHABET, min_size=1, max_size=6),
    )
    glue = st.sampled_from([" ", " ", " ", "", "  "])
    caption = st.lists(st.tuples(piece, glue), min_size=0, max_size=12).map(
        lambda items: _join(p + g for p, g in items)
    )
    return caption.filter(lambda c: _OPEN_ATTRIBUTE.search(c) is None)


def random_captions(n: int, seed: int = 14) -> list[str]:
    """``n`` captions drawn like :func:`captions` (fragments and random runs), from a seeded generator."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        parts = []
        for _ in range(rng.randint(0, 12)):
            if rng.random() < 0.7:
                parts.append(rng.choice(FRAGMENTS))
            else:
                parts.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 6))))
            parts.append(rng.choice([" ", " ", " ", "", "  "]))
        caption = "".join(parts)
        if _OPEN_ATTRIBUTE.search(caption) is None:
            out.append(caption)
    return out


def sigma_captions(n: int, seed: int = 14) -> list[str]:
    """Random strings around the capital sigma: Java lowercases it by word boundaries, not Python's rule."""
    alphabet = "ΑΣΒσ٠1U-_.'’·:,中א\u0301\u200b\"‐²½Ⅻ々ーぁ#$%&¢\u0964\u066b a\t"
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 10))) for _ in range(n)]


def bmp_probes() -> list[str]:
    """One caption per BMP code unit (not surrogates or line breaks), in several contexts."""
    out = []
    for code in range(0x10000):
        c = chr(code)
        if 0xD800 <= code <= 0xDFFF or c in LINE_BREAKS or c == "\n":
            continue
        out.append(f"a{c}b {c}x 1{c}2 x{c} {c} {c}{c} {c}-x {c}/1 {c}.q")
    return out


_SUBJECTS = ["A man", "a woman", "Two dogs", "A group of people", "The cat", "a little girl", "An old truck",
             "Several zebras", "A plate of food", "a young boy", "People", "A kitchen"]
_VERBS = ["riding", "standing next to", "sitting on", "holding", "playing with", "looking at", "eating",
          "walking down", "filled with", "parked near"]
_OBJECTS = ["a horse", "the beach", "a red bus", "a bench .", "a frisbee", "the snow", "a giant pizza",
            "a busy street", "an umbrella", "a laptop computer", "two bananas", "his cell phone"]
_ENDS = ["", ".", " .", ". ", "!", " ", "\n"]


def caption_like(wmt: list[str], n: int = 6000, seed: int = 14) -> list[str]:
    """COCO-like captions: short, mostly lower-case sentences, from a template and from WMT text."""
    rng = random.Random(seed)
    out = []
    for _ in range(n // 2):
        out.append(f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}{rng.choice(_ENDS)}")
    for _ in range(n - n // 2):
        words = rng.choice(wmt).split()
        start = rng.randrange(max(1, len(words) - 4))
        text = " ".join(words[start:start + rng.randint(4, 14)]).lower()
        if rng.random() < 0.5:
            text = text[:1].upper() + text[1:]
        out.append(text + rng.choice(_ENDS))
    return out


def pycocoevalcap_lines(captions: list[str]) -> list:
    """pycocoevalcap's tokenized caption for each caption, one Java run (None where it gave none)."""
    require(shutil.which("java") is not None, "java is not on PATH (apt-get install default-jre-headless)")
    ptb = require_module("pycocoevalcap.tokenizer.ptbtokenizer")
    out = ptb.PTBTokenizer().tokenize({i: [{"caption": c}] for i, c in enumerate(captions)})
    return [out[i][0] if i in out else None for i in range(len(captions))]


# The tokenizer's documented examples: caption -> pycocoevalcap's tokens (checked live in
# test_tokenizer_coco_parity.py).
EXAMPLES = {
    "A man riding a wave on top of a surfboard.": "a man riding a wave on top of a surfboard",
    "I can't go, it's late.": "i ca n't go it 's late",
    "They cannot, gonna, 'twas": "they can not gon na 't was",
    "Peter O'Mahony's o'clock y'all 'cause": "peter o'mahony 's o'clock y' all 'cause",
    'He said "hi" (twice) [ok] {x}': "he said hi -lrb- twice -rrb- -lsb- ok -rsb- -lcb- x -rcb-",
    "1 1/2 cups, ½ cup, (800) 555-1234, 10 000 000": "1\u00a01/2 cups 1/2 cup -lrb-800-rrb-\u00a0555-1234 10\u00a0000\u00a0000",
    "the U.S. The U.S. economy, plan B. The end": "the u.s. the u.s. economy plan b the end",
    "etc. fig. 3 fig. x Co. Ltd": "etc. fig. 3 fig x co. ltd",
    "“Curly” ‘quotes’ „low“ «guillemets»": "curly quotes „ low guillemets",
    "A -- B --- C ----- D — E … F...": "a b c ----- d e f.",  # F. is an acronym
    "&amp; &quot;x&quot; &lt;tag&gt; caf&eacute; :) ^_^": "& x < tag > caf&eacute; :-rrb- ^_^",
    "£5 €6 ¢7 US$8 see http://x.com/a, www.y.org and me@z.net": "# 5 $ 6 cents 7 us$ 8 see http://x.com/a www.y.org and me@z.net",
    "emoji 😀 gone, control \x01 gone, zero\u200bwidth": "emoji gone control gone zero width",
    "?! !! ¿ ¡ 、 ; :": "?! !! ¿ ¡ 、",
    # a URL may end in spacing, which only the line's end strips
    "x.com/a\x1c \x7f man x.com/b\x1c": "x.com/a\x1c man x.com/b",
    "": "",
    "   ": "",
}
