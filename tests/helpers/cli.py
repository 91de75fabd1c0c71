"""The ``ngram-score`` command line run in this process: its exit status, stdout and stderr.

Shared by the command line's tests (``tests/ways_in/test_cli.py``) and the tests of other
folders that check a flag there (``tests/tokenization/test_tokenizer_spm.py``)."""
from __future__ import annotations

import io

from ngram_core.adapters.cli import run


def cli(*args, stdin: bytes = None):
    out, err = io.StringIO(), io.StringIO()
    status = run(list(args), stdin=io.BytesIO(stdin) if stdin is not None else None, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def ok(*args, **kwargs) -> str:
    status, out, err = cli(*args, "-q", **kwargs)
    assert status == 0, err
    assert err == ""
    return out
