"""Rewards on fresh batches: ``ngram_core.rewards.trl(metric)`` against each metric's peer loop, in one run.

    python benchmarks/rewards.py                     # BLEU, NIST, METEOR (nltk); 64 and 1,024 completions
    python benchmarks/rewards.py --only bleu --calls 41

Inputs: distinct WMT system outputs into English (the completions) against distinct WMT
references (``pairwise.sentence_pool``); every call gets completions never scored before in
the process (as in RL, where every batch is new text; the caches are cleared between metrics,
and no reference repeats within a metric's run), and each batch is scored by ours and
by the peer one after the other, call by call, so that both see the same load. Medians of
21 calls of 64 completions and 9 of 1,024 (``--calls``) (the first call of each reward, made when it is made, is not
timed); the load (``os.getloadavg``) is printed with every row, and the ratio of the medians of
CPU time (``time.process_time``) beside the wall time's. The peers, as a user of
each tool computes one reward per completion:

- BLEU: ``sacrebleu.sentence_bleu(c, [r]).score / 100`` (the rewards must be equal);
- NIST: NLTK's ``sentence_nist([r], c)`` on sacreBLEU's 13a tokens (tokenizing in the loop;
  0 where NLTK divides by zero, a completion shorter than 5 tokens). Not the same number:
  the reward is NIST's segment score with the information weights of the whole batch's
  references, ``sentence_nist`` weighs by the one reference (the largest difference is printed);
- METEOR, ``variant="nltk"``: NLTK's ``meteor_score([word_tokenize(r)], word_tokenize(c))``
  (evaluate's meteor), WordNet from Debian's files (``tests/helpers/nltk_wordnet.py``);
  the rewards must be equal.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the NLTK helpers (nothing downloaded)

from pairwise import sentence_pool  # noqa: E402

from ngram_core import caches, rewards  # noqa: E402


def _load() -> str:
    return "load %.2f" % os.getloadavg()[0]


def bleu_peer():
    import sacrebleu

    return lambda completions, references: [sacrebleu.sentence_bleu(c, [r]).score / 100
                                            for c, r in zip(completions, references)]


def nist_peer():
    from nltk.translate.nist_score import sentence_nist
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    tokenize = Tokenizer13a()

    def one(completion, reference):
        try:
            return sentence_nist([tokenize(reference).split()], tokenize(completion).split())
        except ZeroDivisionError:  # NLTK's, for a completion without n-grams of some order
            return 0.0

    return lambda completions, references: [one(c, r) for c, r in zip(completions, references)]


def meteor_peer():
    from nltk.translate.meteor_score import meteor_score

    from helpers.nltk_offline import nltk_word_tokenize
    from helpers.nltk_wordnet import nltk_wordnet

    wordnet, word_tokenize = nltk_wordnet(), nltk_word_tokenize()
    return lambda completions, references: [meteor_score([word_tokenize(r)], word_tokenize(c), wordnet=wordnet)
                                            for c, r in zip(completions, references)]


METRICS = {  # name: (options, peer, the peer's name, whether the rewards must be equal)
    "bleu": ({}, bleu_peer, "sacrebleu.sentence_bleu loop", True),
    "nist": ({}, nist_peer, "NLTK sentence_nist loop (13a tokens)", False),
    "meteor": ({"variant": "nltk"}, meteor_peer, "NLTK meteor_score loop (word_tokenize)", True),
}


def reward_rows(metric: str, hyps, refs, sizes, calls) -> None:
    options, make_peer, peer_name, equal = METRICS[metric]
    caches.clear()  # (what an earlier metric tokenized is not this one's to reuse)
    reward, peer = rewards.trl(metric, **options), make_peer()
    peer(hyps[-2:], refs[-2:])  # (its imports and tables, on other texts)
    pool = iter(range(len(hyps)))
    for size, n_calls in zip(sizes, calls):
        ours, theirs, ours_cpu, theirs_cpu, gap = [], [], [], [], 0.0
        for _ in range(n_calls):
            rows = [next(pool) for _ in range(size)]
            completions, references = [hyps[k] for k in rows], [refs[k % len(refs)] for k in rows]
            start, cpu = time.perf_counter(), time.process_time()
            mine = reward(prompts=None, completions=completions, completion_ids=None, reference=references)
            ours.append(time.perf_counter() - start)
            ours_cpu.append(time.process_time() - cpu)
            start, cpu = time.perf_counter(), time.process_time()
            other = peer(completions, references)
            theirs.append(time.perf_counter() - start)
            theirs_cpu.append(time.process_time() - cpu)
            if equal:
                assert mine == other, (metric, size)
            gap = max(gap, max(abs(a - b) for a, b in zip(mine, other)))
        a, b = statistics.median(ours), statistics.median(theirs)
        check = "equal rewards" if equal else f"largest difference {gap:.3g} (another definition)"
        cpu = statistics.median(theirs_cpu) / max(statistics.median(ours_cpu), 1e-9)
        print(f"{metric} reward, {size} fresh completions: trl {a * 1e3:.2f} ms, {peer_name} {b * 1e3:.1f} ms: "
              f"{b / a:.1f}x (medians of {n_calls} calls; CPU time {cpu:.1f}x); {check}; {_load()}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(METRICS), action="append")
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 1024])
    parser.add_argument("--calls", type=int, nargs="+", default=[21, 9], help="calls per size")
    args = parser.parse_args()
    hyps, refs = sentence_pool()
    hyps = hyps[4000:]  # (pairwise.py's matrices use the first ones)
    if sum(s * c for s, c in zip(args.sizes, args.calls)) > len(refs):
        parser.error(f"more completions than the {len(refs)} distinct references: fewer --calls")
    print(f"{len(hyps)} distinct outputs, {len(refs)} distinct references; {os.cpu_count()} cores; {_load()}")
    for metric in args.only or list(METRICS):
        reward_rows(metric, hyps, refs, args.sizes, args.calls)


if __name__ == "__main__":
    main()
