"""The command line's output formats: sacreBLEU's JSON, a text table, a LaTeX tabular.

A :class:`Report` holds what is printed: per system and score name a
:class:`~ngram_core.significance.Result`, the signatures, and the details
(precisions, brevity penalty...) of a single system. Layouts follow sacreBLEU 2.6.0:

- one system: JSON ``{"name", "score", "signature", ["confidence_mean",
  "confidence_var", "confidence"], "verbose_score", <signature fields>}`` per score
  (a list when there are several), scores rounded to the width; text ``SIGNATURE =
  score (μ = mean ± ci) details``;
- several systems or a test: JSON ``[{"system": name, "BLEU": {"score", "p_value",
  "mean", "ci"}, "NIST": {...}}, ...]`` with full-precision numbers (without a test
  or interval, each score is its rounded string, as sacreBLEU prints it); text a
  table whose cells are ``score (mean ± ci)`` and ``(p = 0.0123)``, ``*`` marking
  p <= 0.05 (sacreBLEU's rule); LaTeX the same as a booktabs ``tabular``, followed by
  the test's legend and the signatures as in text (as sacreBLEU prints them).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ...significance.settings import Result

DEFAULT_WIDTH = 4  # of a score whose metric gives none
SIGNIFICANCE_LEVEL = 0.05
# one system's text lines align on " = " as sacreBLEU's when the signatures are this close in length;
# further apart (METEOR's is twice BLEU's) they are not padded, rather than pushed 100+ spaces right
ALIGN_WITHIN = 16
_TEST_NAMES = {"bs": ("bootstrap resampling", "resampling trials"), "ar": ("approximate randomization", "trials")}


@dataclass
class Report:
    names: List[str]
    results: List[Dict[str, Result]]  # per system: score name -> result
    signatures: Dict[str, str]  # score name -> signature
    details: List[Dict[str, str]] = field(default_factory=list)  # per system: score name -> details
    width: Optional[int] = None  # -w; None: each score's default
    test: Optional[str] = None  # "bs", "ar" or None
    n: Optional[int] = None  # resamples or trials of the test
    widths: Dict[str, int] = field(default_factory=dict)  # score name -> its metric's default decimals

    @property
    def score_names(self) -> List[str]:
        return list(self.results[0]) if self.results else []

    def width_of(self, name: str) -> int:
        return self.width if self.width is not None else self.widths.get(name, DEFAULT_WIDTH)

    def has_interval(self, name: str) -> bool:
        return any(r[name].mean is not None for r in self.results)


def _fixed(value: float, width: int) -> str:
    return f"{value:.{width}f}"


def _p_text(p: float) -> str:
    return f"(p = {p:.4f})" + ("*" if p <= SIGNIFICANCE_LEVEL else "")


def _signature_fields(signature: str) -> Dict[str, str]:
    fields = {}
    for part in signature.split("|")[1:]:
        key, _, value = part.partition(":")
        fields[key] = value
    return fields


# -- one system ------------------------------------------------------------------------------
def single_json(report: Report) -> str:
    objects = []
    for name in report.score_names:
        result, width = report.results[0][name], report.width_of(name)
        signature = report.signatures[name]
        # sacreBLEU names one system's score as its signature does (chrF2, chrF2++ for -m chrf)
        item = {"name": signature.split("|", 1)[0], "score": float(_fixed(result.score, width)), "signature": signature}
        if result.mean is not None:
            mean, ci = _fixed(result.mean, width), _fixed(result.ci, width)
            item.update({"confidence_mean": float(mean), "confidence_var": float(ci), "confidence": f"μ = {mean} ± {ci}"})
        details = report.details[0].get(name) if report.details else None
        if details:
            item["verbose_score"] = details
        item.update(_signature_fields(signature))
        objects.append(json.dumps(item, indent=1, ensure_ascii=False))
    return objects[0] if len(objects) == 1 else "[\n" + ",\n".join(objects) + "\n]"


def single_text(report: Report, score_only: bool = False) -> str:
    lines = []
    for name in report.score_names:
        result, width = report.results[0][name], report.width_of(name)
        text = _fixed(result.score, width)
        if result.mean is not None:
            text += f" (μ = {_fixed(result.mean, width)} ± {_fixed(result.ci, width)})"
        if score_only:
            lines.append(text)
            continue
        details = report.details[0].get(name) if report.details else None
        lines.append((report.signatures[name], f"= {text}" + (f" {details}" if details else "")))
    if score_only:
        return "\n".join(lines)
    lengths = [len(left) for left, _ in lines]
    pad = max(lengths) if max(lengths) - min(lengths) <= ALIGN_WITHIN else 0
    return "\n".join(f"{left:>{pad}} {right}" for left, right in lines)


# -- several systems -----------------------------------------------------------------------
def _cell(result: Result, width: int, with_p: bool, separator: str) -> str:
    text = _fixed(result.score, width)
    if result.mean is not None:
        text += f" ({_fixed(result.mean, width)} ± {_fixed(result.ci, width)})"
    if with_p and result.p_value is not None:
        text += separator + _p_text(result.p_value)
    return text


def table_json(report: Report) -> str:
    rows = []
    plain = report.test is None and not any(report.has_interval(n) for n in report.score_names)
    for name, results in zip(report.names, report.results):
        row: Dict[str, object] = {"system": name}
        for score_name, result in results.items():
            row[score_name] = _fixed(result.score, report.width_of(score_name)) if plain else result.as_dict()
        rows.append(row)
    return json.dumps(rows, indent=4, ensure_ascii=False)


def _headers(report: Report) -> List[str]:
    return ["System"] + [n + (" (μ ± 95% CI)" if report.has_interval(n) else "") for n in report.score_names]


def _grid(header: List[str], rows: List[List[str]]) -> str:
    """A box-drawn table; cells may hold several lines (first column right-aligned, others centered)."""
    cells = [[c.split("\n") for c in row] for row in [header] + rows]
    widths = [max(len(line) for row in cells for line in row[k]) for k in range(len(header))]

    def rule(left: str, fill: str, middle: str, right: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right

    def render(row: List[List[str]]) -> List[str]:
        height = max(len(c) for c in row)
        out = []
        for i in range(height):
            parts = []
            for k, cell in enumerate(row):
                line = cell[i] if i < len(cell) else ""
                parts.append(f" {line:>{widths[k]}} " if k == 0 else f" {line:^{widths[k]}} ")
            out.append("│" + "│".join(parts) + "│")
        return out

    lines = [rule("╒", "═", "╤", "╕")] + render(cells[0]) + [rule("╞", "═", "╪", "╡")]
    for i, row in enumerate(cells[1:]):
        if i:
            lines.append(rule("├", "─", "┼", "┤"))
        lines += render(row)
    lines.append(rule("╘", "═", "╧", "╛"))
    return "\n".join(lines)


def _legend(report: Report) -> List[str]:
    if report.test is None:
        return []
    kind, unit = _TEST_NAMES[report.test]
    title = f"Paired {kind} test with {report.n} {unit}"
    baseline = report.names[0]
    shown = ("   Each cell: the actual score (bootstrap mean ± 95% interval)."
             if any(report.has_interval(n) for n in report.score_names) else "   Each cell: the actual score.")
    return ["-" * len(title), title, "-" * len(title),
            f" - Each system is compared to {baseline}.", shown,
            " - p is the probability of an absolute score difference at least this large arising by chance if",
            "   the system and the baseline came from the same process (null hypothesis); p <= 0.05 is marked",
            "   with * (significantly different from the baseline), otherwise the difference is not significant.",
            " - Significance says the difference is replicable, not which system is better.", ""]


def _signature_lines(report: Report) -> List[str]:
    lines = ["-----------------", "Metric signatures", "-----------------"]
    lines += [f" - {name:<11} {signature}" for name, signature in report.signatures.items()]
    return lines


def table_text(report: Report) -> str:
    rows = [[name] + [_cell(results[n], report.width_of(n), True, "\n") for n in report.score_names]
            for name, results in zip(report.names, report.results)]
    return "\n".join([_grid(_headers(report), rows), ""] + _legend(report) + _signature_lines(report))


def _latex_escape(text: str) -> str:
    special = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
               "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
    return "".join(special.get(ch, ch) for ch in text)


def table_latex(report: Report) -> str:
    def cell(text: str) -> str:
        return _latex_escape(text).replace("±", r"$\pm$").replace("μ", r"$\mu$")

    header = [cell(h) for h in _headers(report)]
    lines = [r"\begin{tabular}{r" + "c" * len(report.score_names) + "}", r"\toprule", " & ".join(header) + r" \\",
             r"\midrule"]
    for name, results in zip(report.names, report.results):
        cells = [cell(name)] + [cell(_cell(results[n], report.width_of(n), True, " ")) for n in report.score_names]
        lines.append(" & ".join(cells) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}", ""]
    return "\n".join(lines + _legend(report) + _signature_lines(report))  # sacreBLEU's, after the tabular


def score_only_lines(report: Report) -> str:
    """``-b`` with more than one number: one line per system, each score labelled with its
    name (``BLEU = 41.8``), its interval and its p-value kept, tab-separated; the system's
    name first when there are several systems."""
    several = len(report.names) > 1
    lines = []
    for system, results in zip(report.names, report.results):
        cells = [f"{n} = {_cell(results[n], report.width_of(n), True, ' ')}" for n in report.score_names]
        lines.append("\t".join(([system] if several else []) + cells))
    return "\n".join(lines)


def render(report: Report, fmt: str, score_only: bool = False) -> str:
    """The report in ``fmt`` ("json", "text" or "latex")."""
    single = len(report.names) == 1 and report.test is None
    if score_only:  # sacreBLEU's -b: the bare number when there is one, else every number labelled
        bare = single and len(report.score_names) == 1
        return single_text(report, score_only=True) if bare else score_only_lines(report)
    if fmt == "latex":
        return table_latex(report)
    if single:
        return single_json(report) if fmt == "json" else single_text(report)
    return table_json(report) if fmt == "json" else table_text(report)
