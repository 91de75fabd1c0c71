"""An OpenRLHF reward file: ``--remote_rm_url examples/openrlhf_reward.py`` (``--label_key`` names
the reference column: a string, or a list of strings per prompt).

OpenRLHF imports this file and calls its ``reward_func(queries, prompts, labels)`` after each
generation; every response gets its sentence BLEU (sacreBLEU's, 0-1) against its label. Put
your tokenizer's end-of-sequence text in ``eos_tokens`` and any metric of ``ngram_core`` and
its options in the call. ``python examples/openrlhf_reward.py`` calls it once, as OpenRLHF does.
"""
from __future__ import annotations

from ngram_core.adapters.openrlhf import reward_func as make_reward_func

reward_func = make_reward_func("bleu", eos_tokens=("<|im_end|>", "</s>"))

if __name__ == "__main__":
    prompt = "Translate to English: Der Ausschuss hat den Haushalt am Dienstag gebilligt.\n"
    query = prompt + "The committee approved the budget on Tuesday.<|im_end|>"
    print(reward_func([query], [prompt], ["The committee approved the budget on Tuesday."]))
