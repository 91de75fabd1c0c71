"""A live oracle: evaluate's ``meteor`` metric, its ``_compute`` copied (Apache-2.0) so that it runs
offline (loading the metric from the Hub would download it)."""
from __future__ import annotations

import numpy as np
from helpers.require import require_module
from helpers.nltk_offline import nltk_word_tokenize
from helpers.nltk_wordnet import nltk_wordnet

# --- evaluate's metrics/meteor/meteor.py, Meteor._compute (huggingface/evaluate @ a7dd338, 2026-04-08) ---
# Copyright 2020 The HuggingFace Evaluate Authors.
# Licensed under the Apache License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0).
# Changes: a function instead of a method; only the NLTK >= 3.6.5 branch (NLTK is 3.10 here); word_tokenize
# and meteor_score imported at the call; meteor_score given WordNet (evaluate lets NLTK load its own).
def evaluate_meteor(predictions, references, alpha=0.9, beta=3, gamma=0.5):
    word_tokenize = nltk_word_tokenize()
    meteor_score = require_module("nltk.translate.meteor_score")
    wordnet = nltk_wordnet()

    multiple_refs = isinstance(references[0], list)
    # the version of METEOR in NLTK version 3.6.5 and earlier expect tokenized inputs
    if multiple_refs:
        scores = [
            meteor_score.meteor_score(
                [word_tokenize(ref) for ref in refs],
                word_tokenize(pred),
                alpha=alpha,
                beta=beta,
                gamma=gamma,
                wordnet=wordnet,
            )
            for refs, pred in zip(references, predictions)
        ]
    else:
        scores = [
            meteor_score.single_meteor_score(
                word_tokenize(ref), word_tokenize(pred), alpha=alpha, beta=beta, gamma=gamma, wordnet=wordnet
            )
            for ref, pred in zip(references, predictions)
        ]

    return {"meteor": np.mean(scores)}
# --- end of the copy ---
