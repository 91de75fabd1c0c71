"""``flores101``, ``flores200``, ``spBLEU-1K`` (and ``spm``): spBLEU's SentencePiece tokens.

sacreBLEU 2.6.0's SentencePiece tokenizers: a line's tokens are the pieces that the
tokenizer's SentencePiece model gives it, joined by spaces (``spm`` is sacreBLEU's old
name of ``flores101``: the same model and the signature ``flores101``). They need the
``sentencepiece`` module (``pip install 'ngram-core[spm]'``), imported only when such a
tokenizer is asked for, and the model file, which ngram-core never downloads. The file
(under the name sacreBLEU gives it, :data:`MODELS`) is looked for, in order:

1. in the folder named by the environment variable ``NGRAM_CORE_SPM_DIR``, if set;
2. in sacreBLEU's own cache, where ``sacrebleu`` puts it after a download:
   ``$SACREBLEU/models/``, or ``~/.sacrebleu/models/`` when ``SACREBLEU`` is not set.

No package on PyPI ships these models. A missing file raises :class:`SpmModelNotFound`,
which names the file, every place looked and how to get the file on a machine with network.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import List, Sequence

from .base import BaseTokenizer

MODEL_DIR_VARIABLE = "NGRAM_CORE_SPM_DIR"


@dataclass(frozen=True)
class SpmModel:
    """A SentencePiece model as sacreBLEU 2.6.0 names it: its signature, file and source."""

    signature: str
    file: str  # the file name in sacreBLEU's cache (the last part of the address)
    url: str  # where sacreBLEU downloads it from


_FLORES101 = SpmModel("flores101", "sacrebleu_tokenizer_spm.model",
                      "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model")
MODELS = {
    "flores101": _FLORES101,
    "spm": _FLORES101,
    "flores200": SpmModel("flores200", "flores200sacrebleuspm", "https://tinyurl.com/flores200sacrebleuspm"),
    "spBLEU-1K": SpmModel("spBLEU-1K", "spbleu-1k_tokenizer_spm.model",
                          "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model"),
}


class SpmModelNotFound(FileNotFoundError):
    """The SentencePiece model of ``tokenize=name`` is in none of the places looked."""


def sacrebleu_model_dir() -> Path:
    """Where sacreBLEU 2.6.0 keeps its downloaded models: ``$SACREBLEU/models`` (``~/.sacrebleu``)."""
    return Path(os.environ.get("SACREBLEU", os.path.join(os.path.expanduser("~"), ".sacrebleu"))) / "models"


def model_candidates(name: str) -> List[Path]:
    """The paths looked at for ``tokenize=name``'s model, in order."""
    file = MODELS[name].file
    given = os.environ.get(MODEL_DIR_VARIABLE)
    return ([Path(given) / file] if given else []) + [sacrebleu_model_dir() / file]


def find_model(name: str) -> Path:
    """The first existing file of :func:`model_candidates`, or :class:`SpmModelNotFound`."""
    candidates = model_candidates(name)
    for path in candidates:
        if path.is_file():
            return path
    model = MODELS[name]
    unset = [] if os.environ.get(MODEL_DIR_VARIABLE) else [f"{MODEL_DIR_VARIABLE} (not set)"]
    raise SpmModelNotFound(
        f"tokenize={name!r} needs the SentencePiece model {model.file!r}, which is not on this machine "
        f"(ngram-core never downloads it). Looked in: {'; '.join(unset + [str(p) for p in candidates])}. "
        f"On a machine with network, sacreBLEU downloads it into its cache: pip install sacrebleu, then "
        f"python -c \"from sacrebleu.tokenizers.tokenizer_spm import TokenizerSPM; TokenizerSPM({name!r})\" "
        f"(or fetch {model.url} and save it as {model.file}); then copy the file into the folder named by "
        f"{MODEL_DIR_VARIABLE} or into {sacrebleu_model_dir()}")


def _sentencepiece():
    try:
        import sentencepiece
    except ImportError as err:
        raise ImportError("the SentencePiece tokenizers (flores101, flores200, spBLEU-1K, spm) need the "
                          "sentencepiece module: pip install 'ngram-core[spm]'") from err
    return sentencepiece


class TokenizerSpm(BaseTokenizer):
    """The pieces of a SentencePiece model, joined by spaces (``tok:flores200`` etc.).

    Args:
        name: ``"flores101"``, ``"flores200"``, ``"spBLEU-1K"`` or ``"spm"`` (= flores101).

    Example:
        >>> get_tokenizer("flores200")("Hello world")  # doctest: +SKIP
        '▁Hello ▁world'
    """

    def __init__(self, name: str) -> None:
        self.name = name
        processor = _sentencepiece().SentencePieceProcessor()
        processor.Load(str(find_model(name)))
        self._processor = processor
        self._pieces = processor.IdToPiece(list(range(processor.GetPieceSize())))  # id -> piece

    def signature(self) -> str:
        return MODELS[self.name].signature

    def __call__(self, line: str) -> str:
        return " ".join(self._processor.EncodeAsPieces(line))

    def tokenize_batch(self, lines: Sequence[str]) -> List[str]:
        """Each distinct line is encoded once (encoding is the cost), in one batch call, as ids
        (a quarter less time than as pieces, whose Python strings cost): a known id's piece is
        its vocabulary entry. A line with an unknown id is encoded again as pieces, which show
        an unknown piece as its text and merge adjacent ones."""
        distinct = list(dict.fromkeys(lines))
        pieces, unknown, tokenized = self._pieces, self._processor.unk_id(), {}
        for line, ids in zip(distinct, self._processor.EncodeAsIds(distinct)):
            tokenized[line] = self(line) if unknown in ids else " ".join([pieces[i] for i in ids])
        return [tokenized[line] for line in lines]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


flores101 = partial(TokenizerSpm, "flores101")
flores200 = partial(TokenizerSpm, "flores200")
spbleu_1k = partial(TokenizerSpm, "spBLEU-1K")
spm = partial(TokenizerSpm, "spm")
