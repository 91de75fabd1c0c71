"""A live oracle: evaluate's ``nist_mt`` metric, its ``_compute`` copied (Apache-2.0) so that it runs
offline (loading the metric from the Hub would download it)."""
from __future__ import annotations

from helpers.require import require_module
from helpers.nltk_offline import nltk_nist_tokenizer

# --- evaluate's metrics/nist_mt/nist_mt.py, NistMt._compute (huggingface/evaluate @ a7dd338, 2026-04-08) ---
# Copyright 2020 The HuggingFace Datasets Authors and the current dataset script contributor.
# Licensed under the Apache License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0).
# Changes: a function instead of a method; NISTTokenizer and corpus_nist imported at the call.
def evaluate_nist_mt(predictions, references, n: int = 5, lowercase=False, western_lang=True):
    tokenizer = nltk_nist_tokenizer()  # NISTTokenizer(), its tables on the path (nothing downloaded)
    corpus_nist = require_module("nltk.translate.nist_score").corpus_nist

    # Account for single reference cases: references always need to have one more dimension than predictions
    if isinstance(references[0], str):
        references = [[ref] for ref in references]

    predictions = [
        tokenizer.tokenize(pred, return_str=False, lowercase=lowercase, western_lang=western_lang)
        for pred in predictions
    ]
    references = [
        [
            tokenizer.tokenize(ref, return_str=False, lowercase=lowercase, western_lang=western_lang)
            for ref in ref_sentences
        ]
        for ref_sentences in references
    ]
    return {"nist_mt": corpus_nist(list_of_references=references, hypotheses=predictions, n=n)}
# --- end of the copy ---
