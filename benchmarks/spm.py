"""spBLEU (``tokenize="flores200"``) against sacreBLEU's ``tokenize="flores200"``, in one process.

    python benchmarks/spm.py [--repeats N] [--model FILE]

The real FLORES-200 model is not on PyPI and nothing here downloads it: with ``--model``
(a file sacreBLEU downloaded, ``~/.sacrebleu/models/flores200sacrebleuspm``) the run uses
it; without, a unigram model of 8,000 pieces is trained on the WMT references first (a
second or two; its pieces differ from FLORES-200's, the cost of encoding is of the same
kind). The file is put where both tools look (``NGRAM_CORE_SPM_DIR`` and sacreBLEU's
``SACREBLEU`` folder), so both read the same model, and the scores are printed to show
they agree.

Rows: a one-off call (the 5 segments of the quickstart's size, the tokenizer built once
beforehand by both, as a reward loop or a server would) and the 59,516 segments of
``corpora.all_systems()``; each a median over ``--repeats`` calls, ours and sacreBLEU's in
turn, with the load average (1 min).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILE = "flores200sacrebleuspm"


def _train(lines, folder: Path) -> Path:
    import sentencepiece

    path = folder / FILE
    with open(path, "wb") as model:
        sentencepiece.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, vocab_size=8000,
                                                 character_coverage=0.9995, model_type="unigram",
                                                 input_sentence_size=200_000, shuffle_input_sentence=True,
                                                 minloglevel=2)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--model", type=Path, help="a FLORES-200 SentencePiece model file (default: train one)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import corpora

    corpus = corpora.all_systems()
    folder = Path(tempfile.mkdtemp(prefix="spm-bench-"))
    try:
        models = folder / "models"
        models.mkdir()
        if args.model:
            shutil.copy(args.model, models / FILE)
            model = f"{args.model}"
        else:
            _train(sorted({r for refs in corpus.references for r in refs}), models)
            model = "a unigram model of 8,000 pieces trained on the WMT references"
        os.environ["NGRAM_CORE_SPM_DIR"] = str(models)
        os.environ["SACREBLEU"] = str(folder)
        import sacrebleu
        import sacrebleu.utils

        sacrebleu.utils.SACREBLEU_DIR = str(folder)  # (sacreBLEU reads $SACREBLEU once, at import)
        from pairwise import median_time  # (imports sacrebleu: after $SACREBLEU is set)
        from ngram_core import compiled
        from ngram_core.bleu import corpus_bleu

        compiled.long_running()
        K = max(map(len, corpus.references))

        def streams(refs):
            return [[r[k] if k < len(r) else None for r in refs] for k in range(K)]

        theirs = sacrebleu.BLEU(tokenize="flores200")
        rows = []
        for label, hyps, refs in (("one-off call, 5 segments", corpus.hypotheses[:5], corpus.references[:5]),
                                  (f"all systems, {len(corpus):,} segments", corpus.hypotheses, corpus.references)):
            ref_streams = streams(refs)
            ours_score = corpus_bleu(hyps, refs, tokenize="flores200")["score"]  # (the model loaded: both warm)
            their_score = theirs.corpus_score(hyps, ref_streams).score
            repeats = args.repeats * (20 if len(hyps) < 100 else 1)
            load = os.getloadavg()[0]
            ours = median_time(lambda: corpus_bleu(hyps, refs, tokenize="flores200"), repeats)
            sacre = median_time(lambda: theirs.corpus_score(hyps, ref_streams), repeats)
            load = max(load, os.getloadavg()[0])
            rows.append(f"| {label} | {ours * 1000:.1f} | {sacre * 1000:.1f} | {sacre / ours:.1f}x | "
                        f"{ours_score:.6f} / {their_score:.6f} | {load:.1f} |")
        print(f"### spBLEU (tok:flores200), {model}; medians of {args.repeats} calls (x20 for the one-off)\n")
        print("| input | ours ms | sacreBLEU ms | sacreBLEU / ours | scores (ours / sacreBLEU) | load |")
        print("|---|---|---|---|---|---|")
        print("\n".join(rows))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
