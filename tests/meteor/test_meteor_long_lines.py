"""METEOR 1.5 on very long lines (issue 28, item 1): memory and time stay bounded.

Before: one line of 1,000,000 words from a 10-word vocabulary ran for minutes past 12 GB,
and 1,000,000 words of a 50-word vocabulary against itself ended in ``MemoryError``
under a 4 GB address-space limit. Now a prediction or reference over
``jar_corpus.MAX_WORDS`` words is refused with a ``ValueError`` that names the segment
and the limit, and a line at the limit scores within the same bound.

The bound is checked in a fresh interpreter with an address-space limit
(``RLIMIT_AS``, 2.5 GB). Address space counts what is reserved, not only what is used:
every thread of OpenBLAS, OpenMP and numba's pool reserves its own arena and pyarrow's
jemalloc reserves large regions, so an idle warm interpreter already reserves 2.1 GB
for 0.5 GB resident. The child runs those pools single-threaded and pyarrow on the
system allocator (the scores do not depend on either); there, reservations are about
0.5 GB above resident memory, and 2.5 GB of address space holds the 2 GB of resident
memory the METEOR card promises. numba and LLVM start and compile within it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from ngram_core.meteor import compute_meteor
from ngram_core.meteor.jar.corpus import MAX_WORDS
from ngram_core.meteor.jar.normalize import jar_tokens

from helpers.data import REPO, require_wmt

ADDRESS_SPACE = int(2.5 * 2**30)
SINGLE_THREADED = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
                   "NUMBA_NUM_THREADS": "1", "ARROW_DEFAULT_MEMORY_POOL": "system"}

# The child: warm up (numba's kernels), build the lines, score them; prints one JSON line.
_CHILD = r"""
import json, random, resource, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from ngram_core.meteor import compute_meteor
compute_meteor(["a b c"], [["a b d"]])
n, size, itself = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "itself"
rng = random.Random(0)
vocabulary = sys.argv[5].split() if len(sys.argv) > 5 else [f"w{i}" for i in range(size)]
line = lambda: " ".join(rng.choice(vocabulary) for _ in range(n))
hyp = line()
ref = hyp if itself else line()
try:
    out = {"meteor": compute_meteor(["short one", hyp], [["short one"], [ref]])["meteor_mean"]}
except (ValueError, MemoryError) as error:
    out = {"error": type(error).__name__, "message": str(error)}
print(json.dumps(out))
"""


def _run(words: int, vocabulary_size: int, itself: bool = False, vocabulary: str = "") -> dict:
    """Score ["short one", a line of ``words`` words] in a child limited to ADDRESS_SPACE."""
    env = {**os.environ, **SINGLE_THREADED, "PYTHONPATH": str(REPO)}
    argv = [sys.executable, "-c", _CHILD, str(ADDRESS_SPACE), str(words), str(vocabulary_size),
            "itself" if itself else "other"] + ([vocabulary] if vocabulary else [])
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _refused(out: dict, side: str, words: int) -> None:
    assert out.get("error") == "ValueError", out
    assert f"segment 1 has a {side} of {words:,} words" in out["message"], out["message"]
    assert f"limit of {MAX_WORDS:,} words" in out["message"], out["message"]


@pytest.mark.slow
def test_a_million_words_of_ten_words_is_refused_under_the_address_space_limit():
    # before: minutes, then MemoryError under the limit (12 GB and counting without it)
    _refused(_run(1_000_000, 10), "prediction", 1_000_000)


@pytest.mark.slow
def test_a_million_words_of_fifty_words_against_itself_is_refused_under_the_limit():
    # before: MemoryError under a 4 GB address-space limit
    _refused(_run(1_000_000, 50, itself=True), "prediction", 1_000_000)


@pytest.mark.slow
@pytest.mark.parametrize("vocabulary", [
    "",  # w0 ... w9: exact matches only, 128 candidates at every reference word
    # related words: exact, stem, synonym and paraphrase candidates at every word
    "run runs running ran car cars automobile auto big large great the a of in house home",
])
def test_a_line_at_the_limit_scores_under_the_address_space_limit(vocabulary):
    # before: MemoryError under the limit
    out = _run(MAX_WORDS, 10, vocabulary=vocabulary)
    assert "meteor" in out, out
    assert 0.3 < out["meteor"] < 0.75  # (1 + a random line's score) / 2


def test_the_error_names_the_first_segment_over_the_limit_and_its_side():
    long_line = "word " * (MAX_WORDS + 1)
    with pytest.raises(ValueError, match=rf"segment 2 has a reference of {MAX_WORDS + 1:,} words, over the limit "
                                         rf"of {MAX_WORDS:,} words"):
        compute_meteor(["a b", "c d", "e f", long_line], [["a b", "x"], ["c d", "y"], ["e f", long_line], ["g", "h"]])
    with pytest.raises(ValueError, match=rf"segment 0 has a prediction of {MAX_WORDS + 1:,} words"):
        compute_meteor([long_line], [["a b"]])


def test_a_line_at_the_limit_is_not_refused():
    line = "word " * MAX_WORDS
    assert compute_meteor([line], [["other " * MAX_WORDS]])["meteor"] == 0.0


def test_the_limit_refuses_no_wmt_segment():
    wmt = require_wmt()
    # a line of n words after -norm (which splits punctuation off) has at least n characters
    lines = [line for path in sorted(wmt.glob("*/*/*.txt")) for line in path.read_text(encoding="utf-8").splitlines()
             if len(line) >= 200]
    longest = int(np.diff(jar_tokens(lines, "english", True, True).offsets).max())
    assert 200 < longest < MAX_WORDS / 100, longest
