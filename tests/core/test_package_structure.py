"""The package's shape: no import cycles, and no way in that branches on a metric's name.

Both read the source with ``ast`` (nothing is imported but the registry, for the
metric names): every ``import`` counts, also those inside functions, and importing
``a.b.c`` counts as importing the packages ``a.b`` and ``a`` too (Python runs their
``__init__`` first).
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, Iterator, List, Set, Tuple

import pytest

from ngram_core import registry

PACKAGE = Path(__file__).resolve().parents[2] / "ngram_core"


def modules(root: Path = PACKAGE) -> Dict[str, Tuple[Path, bool]]:
    """Dotted module name -> (file, is a package's ``__init__``)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imported(module: str, is_package: bool, node: ast.AST, known: Set[str]) -> List[str]:
    """The modules of ``known`` that one import statement (or ``import_module("...")``) imports."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        here = module.split(".") if is_package else module.split(".")[:-1]
        base = here[:len(here) - node.level + 1] if node.level else []
        target = ".".join(base + (node.module.split(".") if node.module else []))
        targets = [target] + [f"{target}.{alias.name}" for alias in node.names]
    elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
          and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        targets = [node.args[0].value]
    else:
        return []
    out = []
    for target in targets:
        parts = target.split(".")
        for i in range(1, len(parts) + 1):  # the packages on the way are imported too
            name = ".".join(parts[:i])
            if name in known and name != module and not module.startswith(name + "."):
                out.append(name)
    return out


def import_graph(root: Path = PACKAGE) -> Dict[str, Set[str]]:
    found = modules(root)
    known = set(found)
    graph = {}
    for module, (path, is_package) in found.items():
        edges: Set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            edges.update(imported(module, is_package, node, known))
        graph[module] = edges
    return graph


def cycles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_package_has_no_import_cycle():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_sees_imports_inside_functions(tmp_path):
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .sub import b\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("def f():\n    from .. import a\n    return a\n")
    (package / "c.py").write_text("import pkg.a\n")
    assert cycles(import_graph(package)) == [["pkg.a", "pkg.sub.b"]]


# -- metric names ---------------------------------------------------------------------------
def metric_names() -> Set[str]:
    return set(registry.names())


def is_metric_module(module: str, names: Set[str]) -> bool:
    """A metric's own modules: its package (``bleu.*``, ``nist.*``, ``meteor.*``), and
    the registry, which lists the metrics."""
    first = module.split(".")[1] if "." in module else ""
    return module == "ngram_core.registry" or any(first == n or first.startswith(n + "_") for n in names)


def _names_in(node: ast.AST, names: Set[str]) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names:
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for item in node.elts:
            yield from _names_in(item, names)


def name_branches(source: str, label: str, names: Set[str]) -> List[str]:
    """``label:line: name`` of every metric name (any case) compared with, tested for
    membership, used as a dict key or subscripted with."""
    hits = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            operands = [key for key in node.keys if key is not None]
        elif isinstance(node, ast.Subscript):
            operands = [node.slice]
        else:
            continue
        hits += [f"{label}:{node.lineno}: {name!r}" for operand in operands for name in _names_in(operand, names)]
    return hits


def test_no_way_in_branches_on_a_metric_name():
    names = metric_names()
    assert {"bleu", "nist", "meteor"} <= names
    hits = [hit for module, (path, _) in modules().items() if not is_metric_module(module, names)
            for hit in name_branches(path.read_text(encoding="utf-8"), module, names)]
    assert hits == []


def test_metric_modules_are_those_named_for_a_metric():
    names = metric_names()
    inside = ["ngram_core.bleu", "ngram_core.bleu.variants.nltk", "ngram_core.nist.entry", "ngram_core.meteor.jar.beam",
              "ngram_core.registry"]
    outside = ["ngram_core.suite", "ngram_core.adapters.cli.flags", "ngram_core.significance.systems", "ngram_core.bleuish"]
    assert [m for m in inside if not is_metric_module(m, names)] == []
    assert [m for m in outside if is_metric_module(m, names)] == []


@pytest.mark.parametrize("source, found", [
    ('if name == "nist":\n    pass\n', ["'nist'"]),
    ('x = name in ("bleu", "other")\n', ["'bleu'"]),
    ('WIDTHS = {"METEOR": 4}\n', ["'METEOR'"]),
    ('y = results["bleu"]\n', ["'bleu'"]),
    ('z = {"score": 1}["score"]\nMETRICS = ("bleu", "nist")\n', []),  # a default list is not a branch
])
def test_the_name_scan_finds_comparisons_keys_and_subscripts(source, found):
    assert [hit.split(": ", 1)[1] for hit in name_branches(source, "probe", metric_names())] == found
