"""The limits of a public Space: one request may not take it down for the others.

A public Space (2 vCPU, 16 GB on the Hub's free hardware) serves every visitor; larger jobs
belong to the command line or the Python API. The page states the limits (:data:`LIMITS_NOTE`).

Size is checked before scoring (:func:`ngram_core.adapters.space.inputs.check_size`); time
while scoring: each request is scored in a child process (:func:`within_time`) that is
stopped after :data:`MAX_SECONDS` (``NGRAM_CORE_SPACE_SECONDS`` sets another bound), so a
request that would run for minutes (METEOR 1.5 on a line of one word repeated, within the
word limits) gets a message and frees the only worker; the metric, its options and its input
play no part in the bound. The child is a fork of the app, which holds the loaded metric
(:func:`ngram_core.adapters.space.layout.build_app` scores the prefilled example in the app's
process at the first request, so the metric's resources are loaded before the first fork); nothing is pickled but the
result. Where the system cannot fork (Windows), requests run in the app's own process,
unbounded in time, and a line in the log says so.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
from typing import Any, Callable, Optional

logger = logging.getLogger("ngram_core.adapters.space")

MAX_FILE_SIZE = "10mb"  # per uploaded file (Gradio's max_file_size, enforced at upload)
MAX_SEGMENTS = 10_000  # segments per request
MAX_WORDS = 500_000  # whitespace-separated words per request: predictions and references (a second system alone)
MAX_SEGMENT_WORDS = 2_000  # words in any one line (METEOR's search grows with a segment's length)
SECONDS_VARIABLE = "NGRAM_CORE_SPACE_SECONDS"  # another bound on a request's time, in seconds
DEFAULT_SECONDS = 60.0  # a request of real text at the size limits takes a few seconds


def seconds_from_environment() -> float:
    """The bound on a request's time: ``NGRAM_CORE_SPACE_SECONDS`` if set, else :data:`DEFAULT_SECONDS`."""
    text = os.environ.get(SECONDS_VARIABLE, "").strip()
    if not text:
        return DEFAULT_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not seconds > 0 or seconds == float("inf"):
        raise ValueError(f"{SECONDS_VARIABLE}={text!r} is not a number of seconds above 0: set it to one "
                         f"(e.g. {DEFAULT_SECONDS:g}) or unset it for {DEFAULT_SECONDS:g}")
    return seconds


MAX_SECONDS = seconds_from_environment()  # per request, scoring or comparing
QUEUE = {"default_concurrency_limit": 1, "max_size": 32}  # one request scores at a time; 32 may wait
LAUNCH = {"max_file_size": MAX_FILE_SIZE}  # app.py: demo.launch(**space.LAUNCH)


def limits_note(seconds: float) -> str:
    """The page's line on the limits, with ``seconds`` the bound on a request's time."""
    return (f"Limits of this Space: {MAX_SEGMENTS:,} segments and {MAX_WORDS:,} words per request, "
            f"{MAX_SEGMENT_WORDS:,} words per line, {MAX_FILE_SIZE.upper()} per file, {seconds:g} seconds per "
            "request; one request runs at a time. "
            "For larger jobs use the command line (`ngram-score`) or the Python API (`pip install ngram-core`).")


LIMITS_NOTE = limits_note(MAX_SECONDS)


def over_time_message(seconds: float) -> str:
    """What a visitor reads when a request ran out of time: what happened and what to do."""
    return (f"**Stopped:** this request took more than {seconds:g} seconds, this Space's limit per request. "
            "Send fewer lines or shorter ones (a line of one word repeated is the slowest input), or run it "
            "on your own machine, where there is no time limit: `pip install ngram-core`, then the command line "
            "(`ngram-score`) or the Python API.")


class OverTime(Exception):
    """A request stopped at its time bound; ``str()`` is the visitor's message."""


def within_time(work: Callable[[], Any], seconds: Optional[float] = None) -> Any:
    """``work()``'s result, computed in a forked child process that is killed after ``seconds``
    (default :data:`MAX_SECONDS`): then :class:`OverTime`. ``work`` should catch its own errors
    (the Space's handlers do): one that escapes, or a child that dies, comes back as a
    RuntimeError naming it. Without fork, ``work()`` runs here, unbounded."""
    seconds = MAX_SECONDS if seconds is None else seconds
    if "fork" not in multiprocessing.get_all_start_methods():
        logger.warning("this system cannot fork: the Space's requests run unbounded in time")
        return work()
    context = multiprocessing.get_context("fork")
    reader, writer = context.Pipe(duplex=False)
    child = context.Process(target=_run_and_send, args=(work, writer), daemon=True)
    child.start()
    writer.close()  # the child's end: at the child's exit the reader sees the end of the pipe
    try:
        if not reader.poll(seconds):
            raise OverTime(over_time_message(seconds))
        try:
            done, value = reader.recv()
        except EOFError:
            child.join()
            raise RuntimeError(f"the scoring process ended without a result (exit code {child.exitcode})") from None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        reader.close()
    if not done:
        raise RuntimeError(value)
    return value


def _run_and_send(work: Callable[[], Any], writer) -> None:
    """The child: ``work()``'s result through ``writer``, or the error in words."""
    try:
        result = (True, work())
    except BaseException as err:  # noqa: B902 - the parent says it; the child only reports
        result = (False, f"{type(err).__name__}: {err}")
    try:
        writer.send(result)
    except Exception as err:  # a result that cannot be pickled
        writer.send((False, f"{type(err).__name__}: {err}"))
    writer.close()
