"""``compute_metrics`` for 🤗 ``Seq2SeqTrainer``: BLEU, NIST and METEOR in one pass.

    trainer = Seq2SeqTrainer(..., args=Seq2SeqTrainingArguments(..., predict_with_generate=True),
                             compute_metrics=make_compute_metrics(tokenizer))
    trainer.evaluate()  # logs eval_bleu (0-1), eval_nist, eval_meteor (0-1), eval_gen_len

The function decodes the generated ids and the labels (label padding ``-100``, and
the ``-100`` the Trainer pads generated ids with when it concatenates batches of
different lengths, become the pad id; special tokens are skipped; texts are
stripped), then scores the corpus with :func:`ngram_core.suite.score_all`: one
tokenization, one n-gram index shared by BLEU and NIST. Under multi-GPU or
multi-node training the Trainer gathers every process' generated ids before
calling ``compute_metrics``, so the scores are those of the whole evaluation set.

Needs the ``trainer`` extra only for the Trainer itself; this module imports
nothing from transformers or torch.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Sequence

import numpy as np

from ..suite import METRICS, headline_scores, score_all, split_options

LABEL_PAD = -100  # what Hugging Face data collators and the Trainer pad labels with


def decode(tokenizer: Any, ids: Any) -> List[str]:
    """Token ids (a 2-D array, ``-100`` anywhere for padding) to stripped texts, special tokens skipped."""
    ids = np.asarray(ids)
    if ids.ndim != 2:
        raise ValueError(
            f"expected generated token ids of shape (examples, length), got shape {ids.shape}: set "
            "predict_with_generate=True in Seq2SeqTrainingArguments (logits cannot be scored)"
        )
    pad = tokenizer.pad_token_id
    if pad is None:
        raise ValueError("the tokenizer has no pad_token_id: set tokenizer.pad_token before evaluating")
    ids = np.where(ids != LABEL_PAD, ids, pad)
    return [text.strip() for text in tokenizer.batch_decode(ids.tolist(), skip_special_tokens=True)]


def make_compute_metrics(tokenizer: Any, metrics: Sequence[str] = METRICS, **options: Any) -> Callable[[Any], Dict[str, float]]:
    """A ``compute_metrics(eval_pred)`` for ``Seq2SeqTrainer(predict_with_generate=True)``.

    Returns flat scalars: one per metric (``bleu`` 0-1, ``nist`` [0, inf),
    ``meteor`` 0-1, the number of the variant's tool) and ``gen_len``, the mean number of
    non-pad tokens generated. ``options`` are those of
    :func:`ngram_core.suite.score_all` (e.g. ``tokenize="intl"``, ``max_order=4``,
    ``meteor={"lowercase": False}``); they are checked here, before training starts.
    """
    split_options(metrics, options)  # fail now, not after the first evaluation loop
    if options.get("return_segments"):
        raise ValueError("return_segments does not fit the Trainer's flat scalar metrics")

    def compute_metrics(eval_pred: Any) -> Dict[str, float]:
        predictions, labels = eval_pred.predictions, eval_pred.label_ids
        if isinstance(predictions, tuple):
            predictions = predictions[0]
        hypotheses = decode(tokenizer, predictions)
        references = decode(tokenizer, labels)
        results = score_all(hypotheses, references, metrics, **options)
        scores = headline_scores(results)
        generated = np.where(np.asarray(predictions) != LABEL_PAD, np.asarray(predictions), tokenizer.pad_token_id)
        scores["gen_len"] = float(np.mean(np.count_nonzero(generated != tokenizer.pad_token_id, axis=1)))
        return scores

    return compute_metrics
