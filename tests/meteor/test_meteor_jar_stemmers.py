"""The jar's stemmers, word by word: ours give the stems ``meteor-1.5.jar`` gives.

English, German and Russian (the languages of the WMT data): every word type of the
lowercased WMT system outputs and references of that target language (and of the
sources in that language), plus generated words built from the letters and endings the
algorithms act on (apostrophes, y/Y, ß, umlauts, ё, astral characters). The jar's other
twelve stemming languages: generated words (the language's letters, then endings its
rules act on, often stacked). One JVM for each test.
"""
from __future__ import annotations

import random

import pytest

from helpers.data import read_lines, require_wmt
from helpers.jar_oracle import decode, jar_probe
from ngram_core.meteor.jar.stemmers import jar_stemmer

pytestmark = pytest.mark.oracle

LANGUAGES = {"en": "english", "de": "german", "ru": "russian"}
_LETTERS = {
    "en": "aeiouybcdlmnrstwxY'",
    "de": "aeiouyäöübdfghklmnrstßUYz",
    "ru": "аеиоуыэюяёбвгджзйклмнпрстфхцчшщьъ",
}
_ENDINGS = {
    "en": ["s", "es", "ed", "ing", "ly", "ness", "ation", "ational", "izer", "ies", "ied", "eed", "eedly", "ingly",
           "'s", "y", "er", "est", "ful", "ousness", "ement", "ion", "li", "bli", "ogi", "e", "l", "ative"],
    "de": ["e", "em", "en", "ern", "er", "es", "s", "st", "est", "end", "ung", "ig", "ik", "isch", "lich", "heit",
           "keit", "igkeit", "lichkeit", "nisse", "nissen"],
    "ru": ["в", "вши", "вшись", "ив", "ивши", "ившись", "ыв", "ся", "сь", "ее", "ие", "ыми", "его", "ому", "ем", "нн",
           "вш", "ивш", "ующ", "щ", "ла", "ила", "ейте", "ть", "ить", "ешь", "иями", "ость", "ост", "ейш", "ейше",
           "н", "ь", "и", "а", "я", "ё"],
}


def wmt_vocabulary(language: str):
    root = require_wmt()
    words = set()
    for path in sorted(root.glob(f"*/*-{language}/*.txt")) + sorted(root.glob(f"*/{language}-*/src.txt")):
        if path.name == "src.txt" and not path.parent.name.startswith(language + "-"):
            continue
        for line in read_lines(path):
            words.update(line.lower().split())
    return sorted(words)


def generated_words(language: str, n: int = 20000, seed: int = 7):
    rng = random.Random(seed)
    letters, endings = _LETTERS[language], _ENDINGS[language]
    words = []
    for _ in range(n):
        word = "".join(rng.choice(letters) for _ in range(rng.randint(1, 8)))
        word += "".join(rng.choice(endings) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.02:
            word = word[: len(word) // 2] + "\U0001F600" + word[len(word) // 2:]
        words.append(word)
    return words


def test_stems_are_the_jars_word_by_word():
    words = {lang: wmt_vocabulary(lang) + generated_words(lang) for lang in LANGUAGES}
    requests = [("stem", lang, w) for lang in LANGUAGES for w in words[lang]]
    answers = iter(jar_probe(requests))
    for lang, name in LANGUAGES.items():
        stem = jar_stemmer(name)
        theirs = [decode(next(answers)) for _ in words[lang]]
        bad = [(w, stem(w), t) for w, t in zip(words[lang], theirs) if stem(w) != t]
        assert not bad, f"{lang}: {len(bad)} of {len(theirs)} stems differ, e.g. {bad[:5]}"


# The jar's other stemming languages (Constants.newStemmer): no WMT data, so generated
# words: letters of the language, then endings its rules act on, often stacked.
OTHER_LANGUAGES = {
    "french": ("abcdefghijlmnopqrstuvxyzâàçëéêèïîôûùüq", "e es er ement ements ation ations issement euse euses ité "
               "ités if ive ifs ives eaux aux ance ences ique iques isme iste ent ant ons ez ais ait aient èrent "
               "assions ions ier ière yeux logie usion ution amment emment ment ments eux ir it is issent ées ée é s x "
               "ë ï qu gu"),
    "spanish": ("abcdefghijlmnopqrstuvxyzáéíóúñü", "a o os as es ando iendo ar er ir ación aciones amente mente "
                "idad idades ivo iva anza logía ución encia able ible ista oso osa ía ían aba aban ado ido arse arlo "
                "se me nos les ero era yendo"),
    "portuguese": ("abcdefghijlmnopqrstuvxzãõáéíóúâêôç", "a o os as es ação ações amente mente idade idades ivo iva "
                   "ança logia ução ência ável ível ista oso osa ar er ir ando endo indo aram eram ava avam ei ou ia "
                   "e i ç gue ci"),
    "italian": ("abcdefghilmnopqrstuvzàèéìòù", "a o i e zione zioni amento amenti mente ità ivo iva ivi ive anza logia "
                "uzione enza abile ibile ista oso osa are ere ire ando endo ato ito ava gliela cela sene mi ti ci vi "
                "lo la ne qu"),
    "danish": ("abdefghijklmnoprstuvyæøå", "e en er erne ene ernes et ets hed heden hedens ende lig ligt løst els s gd "
               "dt gt kt igst ig elig erende vv kk"),
    "norwegian": ("abdefghijklmnoprstuvyæøå", "a e ede ande ende ane ene hetene en heten ar er heter as es edes endes "
                  "enes hetenes ens hetens ers ets et het ast s dt vt leg eleg ig eig lig elig els lov elov slov "
                  "hetslov"),
    "swedish": ("abdefghijklmnoprstuvyåäö", "a arna erna heterna orna ad e ade ande arne are aste en anden aren heten "
                "ern ar er heter or as arnas ernas ornas es ades andes ens arens hetens erns at andet het ast dd gd "
                "nn dt gt kt tt lig ig els löst fullt"),
    "finnish": ("adeghijklmnoprstuvyäö", "ssa ssä sta stä lla llä lta ltä lle na nä ksi ine a ä n ni si mme nne kaan "
                "kään ko kö han hän pa pä imma impi mpi mma eja ja jä ihin siin seen hon tta ttä den tten ta tä"),
    "hungarian": ("abcdefghijklmnoprstuvxyzáéíóöőúüű", "al el ban ben ba be ra re nak nek val vel tól től ról ről "
                  "hoz hez höz ként ig ul ül vá vé ért ái éi áé ák ék ök ok ek ak ja je juk jük jaim jeim nként "
                  "ástul éstül unk ünk tok tek jai ei ai ainkat eimet ságok cs gy ny sz zs ő ű"),
    "romanian": ("abcdefghijlmnoprstuvxzăâîşţșț", "ul ului ele elor ilor iile ii ie ia a e i ea ată ate iune iuni ism "
                 "isme ist iste ator atori abil abilă ibil icitate ător itate ivă iv ează ăm aţi ați ând ind âră ără "
                 "ăsc esc ește eşte ire ise ase ui"),
    "turkish": ("abcdefghijklmnoprstuvyzçğıöşü", "lar ler ın in un ün nın nin da de ta te dan den tan ten a e ya ye ı "
                "i u ü yı yi la le yla yle dır dir dur dür sın sin ız iz ken cası casına mış miş yken sınız lık lik"),
    "dutch": ("abcdefghijklmnoprstuvwyzèëïéáöü", "e en ene s se heden heid end ing ig lijk baar bar je tje pje ger "
              "kje nen ssen jes"),
}


def generated_other_words(language: str, n: int = 8000, seed: int = 11):
    rng = random.Random(seed)
    letters, endings = OTHER_LANGUAGES[language][0], OTHER_LANGUAGES[language][1].split()
    words = []
    for _ in range(n):
        word = "".join(rng.choice(letters) for _ in range(rng.randint(1, 9)))
        words.append(word + "".join(rng.choice(endings) for _ in range(rng.choice((0, 1, 1, 2, 3)))))
    return words


def test_every_other_stemming_language_is_the_jars_on_generated_words():
    words = {lang: generated_other_words(lang) for lang in OTHER_LANGUAGES}
    answers = iter(jar_probe([("stem", lang, w) for lang in OTHER_LANGUAGES for w in words[lang]]))
    failures = []
    for lang in OTHER_LANGUAGES:
        stem = jar_stemmer(lang)
        theirs = [decode(next(answers)) for _ in words[lang]]
        bad = [(w, stem(w), t) for w, t in zip(words[lang], theirs) if stem(w) != t]
        if bad:
            failures.append(f"{lang}: {len(bad)} of {len(theirs)} stems differ, e.g. {bad[:3]}")
    assert not failures, "\n".join(failures)
