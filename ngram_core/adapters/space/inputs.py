"""The page's input: text boxes and uploaded files -> predictions and references, within the limits."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from . import limits


class InputError(ValueError):
    """Input the app cannot score; the message is shown to the user as is."""


def split_lines(text: str) -> List[str]:
    """One segment per line; a final newline ends the last line and adds none.

    Lines end at ``\\n`` (with an optional ``\\r``) only, as when a file is read line
    by line: other Unicode line breaks stay inside a segment.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _is_blank(text: Optional[str]) -> bool:
    return text is None or text.strip() == ""


def _read_file(path: str | Path, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"The {what} file {Path(path).name} is not UTF-8 text ({err.reason} at byte {err.start}).") from None


def check_size(texts: Sequence[Tuple[str, str]]) -> None:
    """Refuse a request over the Space's limits (:data:`limits.MAX_SEGMENTS`, :data:`limits.MAX_WORDS`,
    :data:`limits.MAX_SEGMENT_WORDS`); ``texts`` are (label, text) pairs, each one segment a line."""
    words = 0
    for label, text in texts:
        lines = text.count("\n") + (0 if text.endswith("\n") else 1)  # as split_lines counts them
        if lines > limits.MAX_SEGMENTS:
            raise InputError(f"{lines:,} lines in the {label}: this Space scores at most {limits.MAX_SEGMENTS:,} segments per "
                             "request. For larger jobs use the command line (ngram-score) or the Python API.")
        in_text = len(text.split())
        words += in_text
        if words > limits.MAX_WORDS:
            raise InputError(f"This request has more than {limits.MAX_WORDS:,} words; that is this Space's limit. For larger "
                             "jobs use the command line (ngram-score) or the Python API.")
        if in_text <= limits.MAX_SEGMENT_WORDS:
            continue  # no line can be too long
        for number, line in enumerate(split_lines(text), 1):
            if len(line.split()) > limits.MAX_SEGMENT_WORDS:
                raise InputError(f"Line {number} of the {label} has {len(line.split()):,} words; this Space takes at "
                                 f"most {limits.MAX_SEGMENT_WORDS:,} words per line. For longer segments use the command "
                                 "line (ngram-score) or the Python API.")


def gather_corpus(
    prediction_text: Optional[str],
    reference_texts: Sequence[Optional[str]],
    prediction_file: Optional[str | Path] = None,
    reference_files: Optional[Sequence[str | Path]] = None,
) -> Tuple[List[str], List[List[str]], str]:
    """(predictions, references as one list per segment, a note on the source).

    A file replaces the text boxes of its side. Each reference box or file is one
    reference set with one line per prediction; a tab inside a line separates
    several references of that segment. Blank reference boxes are skipped.
    Raises :class:`InputError` with a message for the user.
    """
    if prediction_file:
        hyp_text, hyp_source = _read_file(prediction_file, "predictions"), f"file {Path(prediction_file).name}"
    else:
        hyp_text, hyp_source = prediction_text or "", "text box"
    if _is_blank(hyp_text):
        raise InputError("The predictions are empty: type one segment per line, or upload a text file.")
    predictions = split_lines(hyp_text)

    sets: List[Tuple[str, str]] = []
    if reference_files:
        for path in reference_files:
            sets.append((f"reference file {Path(path).name}", _read_file(path, "reference")))
    else:
        for i, text in enumerate(reference_texts, start=1):
            if not _is_blank(text):
                sets.append((f"reference set {i}", text))
    if not sets or all(_is_blank(text) for _, text in sets):
        raise InputError("The references are empty: type one reference per line, or upload a text file.")
    check_size([("predictions", hyp_text)] + sets)

    references: List[List[str]] = [[] for _ in predictions]
    for label, text in sets:
        lines = split_lines(text)
        if len(lines) != len(predictions):
            raise InputError(
                f"The predictions ({hyp_source}) have {len(predictions)} lines but {label} has "
                f"{len(lines)}: give one reference line per prediction line."
            )
        for segment, line in zip(references, lines):
            segment.extend(line.split("\t"))
    source = f"{hyp_source}; " + ", ".join(label for label, _ in sets)
    return predictions, references, source


def read_second_system(text: Optional[str], file: Optional[str | Path], n_predictions: int) -> Tuple[List[str], str]:
    """(the second system's lines, where they came from); a file replaces the text box."""
    if file:
        text, source = _read_file(file, "second system"), f"file {Path(file).name}"
    else:
        text, source = text or "", "text box"
    check_size([("second system", text)])
    lines = split_lines(text)
    if _is_blank("\n".join(lines)):
        raise InputError("The second system is empty: type its output, one segment per line, or upload a text file.")
    if len(lines) != n_predictions:
        raise InputError(f"The second system ({source}) has {len(lines)} lines but the predictions have "
                         f"{n_predictions}: give one line per prediction line.")
    return lines, source
