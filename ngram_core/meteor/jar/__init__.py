# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5 as the jar computes it: settings, normalizer, stemmers, matchers,
beam search, statistics, and beside them their loops (``*_kernel.py``: plain Python,
compiled by numba where :mod:`ngram_core.compiled` says it pays)."""
