"""A tiny seq2seq setup built locally (no downloads): a word-level tokenizer made
with the ``tokenizers`` library, a randomly initialised T5 of a few thousand
parameters, a toy translation data set, and a minimal ``translation`` pipeline.

transformers 5 has no ``text2text-generation`` / ``translation`` pipeline any
more, so :class:`TranslationPipeline` is a ``transformers.Pipeline`` subclass of
a few lines: what ``evaluate.evaluator("translation")`` needs is a callable with
``task == "translation"`` that returns ``[{"translation_text": ...}]``.
"""
from __future__ import annotations

import random
from typing import Dict, List

WORDS = "the cat dog sat on mat a is there house big small red runs home garden tree under".split()
SPECIAL = ["<pad>", "</s>", "<unk>"]


def make_tokenizer():
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    vocab = {token: i for i, token in enumerate(SPECIAL + WORDS)}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    core.post_processor = processors.TemplateProcessing(single="$A </s>", special_tokens=[("</s>", vocab["</s>"])])
    core.decoder = decoders.WordPiece(prefix="##")  # joins word-level tokens with spaces
    return PreTrainedTokenizerFast(tokenizer_object=core, pad_token="<pad>", eos_token="</s>", unk_token="<unk>")


def make_model(tokenizer, seed: int = 0):
    import torch
    from transformers import T5Config, T5ForConditionalGeneration

    torch.manual_seed(seed)
    config = T5Config(vocab_size=len(tokenizer), d_model=16, d_kv=8, d_ff=32, num_layers=1, num_decoder_layers=1,
                      num_heads=2, pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id,
                      decoder_start_token_id=tokenizer.pad_token_id)
    model = T5ForConditionalGeneration(config)
    model.generation_config.max_length = 12
    model.generation_config.do_sample = False
    # a random model would mostly emit padding: keep it to words, so that scores are not all 0
    model.generation_config.suppress_tokens = [tokenizer.pad_token_id, tokenizer.unk_token_id]
    return model.eval()


def make_pairs(n: int = 24, seed: int = 3) -> Dict[str, List[str]]:
    """source/target pairs: the target is the source reversed (a toy translation)."""
    rng = random.Random(seed)
    sources = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 8))) for _ in range(n)]
    return {"source": sources, "target": [" ".join(reversed(s.split())) for s in sources]}


def make_pipeline(model, tokenizer):
    """A ``translation`` pipeline around ``model`` (a ``transformers.Pipeline`` subclass)."""
    from transformers import Pipeline

    class _TranslationPipeline(Pipeline):
        def _sanitize_parameters(self, **kwargs):
            forward = {k: v for k, v in kwargs.items() if k in ("max_length", "max_new_tokens", "num_beams")}
            return {}, forward, {}

        def preprocess(self, text):
            return self.tokenizer(text, return_tensors="pt", truncation=True)

        def _forward(self, inputs, **generate_kwargs):
            return {"ids": self.model.generate(**inputs, **generate_kwargs)}

        def postprocess(self, outputs):
            return {"translation_text": self.tokenizer.decode(outputs["ids"][0], skip_special_tokens=True).strip()}

    pipe = _TranslationPipeline(model=model, tokenizer=tokenizer, device=-1)
    pipe.task = "translation"
    return pipe


def translation_evaluator():
    """``evaluate.evaluator("translation")``, made to work with transformers 5.

    evaluate 0.4.6's evaluator asks transformers whether the task exists (transformers
    5 removed the translation pipelines) and tests ``isinstance(x,
    transformers.TFPreTrainedModel)`` (removed with TensorFlow support). Given a
    ready pipeline it needs neither: this subclass skips those two checks and keeps
    everything else (data preparation, the pipeline call, the metric, timings).
    """
    import evaluate
    import transformers

    if int(transformers.__version__.split(".")[0]) < 5:
        return evaluate.evaluator("translation")

    class TranslationEvaluator(evaluate.TranslationEvaluator):
        def prepare_pipeline(self, model_or_pipeline, tokenizer=None, feature_extractor=None, device=None):
            if not callable(model_or_pipeline) or getattr(model_or_pipeline, "task", None) != self.task:
                raise ValueError("pass a ready pipeline whose task is 'translation'")
            return model_or_pipeline

    return TranslationEvaluator()
