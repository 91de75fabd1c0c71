# SPDX-License-Identifier: GPL-3.0-or-later
# ngram-core-coco: a port of Stanford CoreNLP 3.4.1's PTBLexer rules (GPL), so GPL-3.0-or-later
# (LICENSE beside this package), kept apart from ngram-core (Apache-2.0).
"""``tokenize="coco"`` for ngram-core: pycocoevalcap's PTB tokenization (Stanford CoreNLP
3.4.1's ``PTBTokenizer -preserveLines -lowerCase``) in Python, without Java.

ngram-core finds it through the entry point ``coco`` of the group ``ngram_core.tokenizers``
(this distribution's setup.cfg): once installed, ``corpus_bleu(..., tokenize="coco")`` and
the evaluate metrics use it. ``TokenizerCoco`` gives each caption its tokens;
``jar_lines`` gives pycocoevalcap's lines for a whole file of captions (:mod:`.tokenizer`).
"""
from .tokenizer import TokenizerCoco, jar_lines

__version__ = "0.1.0"

__all__ = ["TokenizerCoco", "jar_lines"]
