"""ngram_core.ngrams.libm gives the C library's results (Python's math) bit for bit on this CPU,
where numpy's own SIMD exp/log/pow may not: the scorers that mirror sacreBLEU, NLTK and
mteval call it so that their last bits do not depend on the machine."""
import math

import numpy as np
import pytest

from ngram_core import compiled
from ngram_core.ngrams import libm


@pytest.fixture(autouse=True, params=[True, False], ids=["compiled loops", "python math"])
def numba_loaded(request, monkeypatch):
    """libm runs compiled loops or Python's math as ngram_core.compiled.use says: both are checked."""
    monkeypatch.setattr(compiled, "use", lambda tokens=0: request.param)
    return request.param


@pytest.fixture(scope="module")
def arguments():
    rng = np.random.default_rng(2026)
    return np.concatenate([rng.uniform(-30, 5, 300_000), rng.uniform(0, 1, 300_000),
                           rng.uniform(0, 1e6, 300_000), [0.0, 1.0, -0.0, 100.0, 1e-300]])


def test_exp_is_math_exp_on_every_argument(arguments):
    finite = arguments[arguments < 700]  # math.exp raises OverflowError beyond
    assert libm.exp(finite).tobytes() == np.array([math.exp(x) for x in finite]).tobytes()


def test_log_is_math_log_on_every_positive_argument(arguments):
    positive = arguments[arguments > 0]
    assert libm.log(positive).tobytes() == np.array([math.log(x) for x in positive]).tobytes()


def test_log_of_zero_and_negative_is_what_numpy_gives():
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = np.log(np.array([0.0, -1.0]))
    got = libm.log(np.array([0.0, -1.0]))
    assert got[0] == expected[0] == -math.inf and math.isnan(got[1])


def test_power_is_math_pow_and_broadcasts(arguments):
    bases = np.abs(arguments[:200_000]) % 3.0
    assert libm.power(bases, 0.2).tobytes() == np.array([math.pow(x, 0.2) for x in bases]).tobytes()
    assert libm.power(np.array([[0.5], [2.0]]), np.array([1.0, 3.0])).tolist() == [[0.5, 0.125], [2.0, 8.0]]


def test_overflow_and_invalid_arguments_give_what_numpy_gives():
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        assert libm.exp(np.array([800.0])).tolist() == np.exp(np.array([800.0])).tolist() == [math.inf]
        got = libm.power(np.array([-8.0, 0.0, 1e200]), np.array([0.5, -1.0, 2.0]))
        assert math.isnan(got[0]) and got[1] == math.inf and got[2] == math.inf


def test_broadcasting_warns_of_nothing():
    """A broadcast view handed to a compiled loop makes numba's first type check (in a
    fresh process; later calls take a C fast path) raise numpy's FutureWarning: METEOR
    1.5 scoring one segment did, on every first compute."""
    import subprocess
    import sys

    code = ("import numba, numpy as np, math\n"
            "from ngram_core.ngrams import libm\n"
            "assert libm.power(np.array([0.5]), 0.2).tolist() == [math.pow(0.5, 0.2)]\n"
            "assert libm.power(np.array([0.5, 2.0]), np.array([[1.0], [2.0]])).tolist() == [[0.5, 2.0], [0.25, 4.0]]\n")
    done = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-1500:]


def test_shapes_and_integer_input_are_kept():
    assert libm.exp(np.zeros((3, 4), np.int64)).shape == (3, 4)
    assert libm.exp(0.0).shape == libm.log(np.float64(2.0)).shape == libm.power(2.0, 0.5).shape == ()
    assert libm.log(np.arange(1.0, 13.0).reshape(3, 4)[:, ::2]).tolist() == [[math.log(x) for x in row]
                                                                             for row in [[1, 3], [5, 7], [9, 11]]]
    assert libm.log(np.ones((2, 0))).shape == (2, 0)
