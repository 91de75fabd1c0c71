"""Per-segment statistics that declare how each field combines.

A metric's statistics are a dataclass of :class:`Statistics` whose fields are
:func:`segment_field` s (one value or one row per segment, an array whose first axis
is the segment) or :func:`constant_field` s (one value for every segment: settings the
rows were made with). Each segment field declares its reduction, as torchmetrics'
``add_state(..., dist_reduce_fx=...)`` does:

- ``"sum"``: the corpus value is the sum over segments (counts, lengths);
- ``"sum_known"``: the sum, or -1 (unknown) when any segment's value is -1;
- ``"last"``: the last segment's value (NLTK's smoothing methods 5-7 read the last segment);
- ``"refs"``: the segment's number of references, which only the signature's ``nrefs``
  field reads: a corpus keeps the fewest and the most (see :func:`global_n_refs`).

From the declaration the base derives what every way in needs and no metric writes:
``a + b`` (the two corpora one after the other), ``stats[rows]`` (some segments),
``len``, ``sum()`` (one row of corpus totals), :meth:`~Statistics.columns` /
:meth:`~Statistics.from_columns` (plain columns, one row per segment: what Arrow and
``datasets`` store) and :meth:`~Statistics.reduce` (the statistics of every rank's
segments over a :class:`Wire`: ``torch.distributed``, the engines).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Mapping, Optional, Protocol, Sequence, Tuple, Type, TypeVar

from .lazy import np

REDUCTIONS = ("sum", "sum_known", "last", "refs")

T = TypeVar("T", bound="Statistics")


class Wire(Protocol):
    """The collective operations a reduction may use (every rank calls them in the same
    order): element-wise sums and maxima of equal-length numeric vectors, every rank's
    object in rank order, and this rank's number."""

    rank: int

    def sum(self, values: np.ndarray) -> np.ndarray: ...

    def max(self, values: np.ndarray) -> np.ndarray: ...

    def gather(self, value: Any) -> List[Any]: ...


class LocalWire:
    """A :class:`Wire` of one rank: every collective is the identity."""

    rank = 0

    def sum(self, values: np.ndarray) -> np.ndarray:
        return np.asarray(values)

    def max(self, values: np.ndarray) -> np.ndarray:
        return np.asarray(values)

    def gather(self, value: Any) -> List[Any]:
        return [value]


_NO_SEGMENTS = 2 ** 63 - 1  # (the largest int64)


def global_n_refs(n_refs: np.ndarray, wire: Wire) -> np.ndarray:
    """Per-segment reference counts standing for the whole corpus, for the signature's
    ``nrefs`` field: [fewest] or [fewest, most] over every rank (empty: no segments)."""
    local = np.array([-(n_refs.min() if len(n_refs) else _NO_SEGMENTS), n_refs.max(initial=0)], dtype=np.int64)
    neg_fewest, most = wire.max(local)
    fewest = -neg_fewest
    if fewest == _NO_SEGMENTS:
        return np.zeros(0, dtype=np.int64)
    return np.array([fewest] if fewest == most else [fewest, most], dtype=np.int64)


def int_column(column: Any) -> np.ndarray:
    """A column of ints (a list, or a ``datasets`` column) as an int64 array."""
    return np.asarray(list(column), dtype=np.int64)


def segment_field(reduce: str = "sum", *, dtype: str = "int64", ndim: int = 1, column: Optional[str] = "",
                  derived: bool = False) -> Any:
    """A field with one value (``ndim=1``) or one row (``ndim=2``) per segment.

    ``reduce``: one of :data:`REDUCTIONS`. ``column``: its column's name after the
    metric's prefix ("" for the field's name, None for no column: a value the
    statistics derive from other fields). ``derived=True``: it may be left out (an
    empty array), and the dataclass's ``__post_init__`` derives it from the others.
    """
    if reduce not in REDUCTIONS:
        raise ValueError(f"reduce={reduce!r} is not one of {', '.join(REDUCTIONS)}")
    metadata = {"reduce": reduce, "dtype": dtype, "ndim": ndim, "column": column}
    if derived or column is None:
        shape = (0,) * ndim
        return dataclasses.field(default_factory=lambda: np.zeros(shape, dtype=dtype), metadata=metadata)
    return dataclasses.field(metadata=metadata)


def constant_field(default: Any = None) -> Any:
    """A value that holds for every segment (settings the rows were made with): kept by
    every operation; statistics of different constants do not add. None: not known
    (statistics read back from columns), which adds to any value."""
    return dataclasses.field(default=default, metadata={"reduce": "constant"})


def _sequential_sum(values: np.ndarray) -> np.ndarray:
    """The sum over the first axis, one row after the other (floats: the order Python's
    ``sum`` and a row-by-row corpus loop add in, not numpy's pairwise order)."""
    if values.dtype.kind == "f" and len(values):
        return np.add.accumulate(values, axis=0)[-1]
    return values.sum(axis=0)


class Statistics:
    """The base of a metric's per-segment statistics (see the module docstring)."""

    # ---- the declaration ----------------------------------------------------------
    @classmethod
    def segment_fields(cls) -> Tuple[dataclasses.Field, ...]:
        return tuple(f for f in dataclasses.fields(cls) if f.metadata.get("reduce") in REDUCTIONS)

    @classmethod
    def constant_fields(cls) -> Tuple[dataclasses.Field, ...]:
        return tuple(f for f in dataclasses.fields(cls) if f.metadata.get("reduce") == "constant")

    def _arrays(self) -> List[np.ndarray]:
        return [getattr(self, f.name) for f in self.segment_fields()]

    def _constants(self) -> Dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in self.constant_fields()}

    def _with(self: T, arrays: Sequence[np.ndarray], constants: Optional[Mapping[str, Any]] = None) -> T:
        values = {f.name: a for f, a in zip(self.segment_fields(), arrays)}
        return type(self)(**values, **(self._constants() if constants is None else constants))

    # ---- segments ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._arrays()[0])

    def __add__(self: T, other: T) -> T:
        if type(other) is not type(self):
            return NotImplemented
        constants = self._constants()
        for name, value in other._constants().items():
            if constants[name] is None:
                constants[name] = value
            elif value is not None and value != constants[name]:
                raise ValueError(f"cannot add {type(self).__name__} of different {name}: {constants[name]} and {value}")
        for f, a, b in zip(self.segment_fields(), self._arrays(), other._arrays()):
            if a.shape[1:] != b.shape[1:]:
                raise ValueError(f"cannot add {type(self).__name__} whose {f.name} rows differ in width: "
                                 f"{a.shape[1:]} and {b.shape[1:]}")
        return self._with([np.concatenate([a, b]) for a, b in zip(self._arrays(), other._arrays())], constants)

    def __radd__(self: T, other: Any) -> T:
        if isinstance(other, int) and other == 0:  # sum() starts from 0
            return self
        return NotImplemented

    def __getitem__(self: T, rows: Any) -> T:
        """The statistics of some segments (an index, an index array, a slice or a mask)."""
        return self._with([np.asarray(a[rows]).reshape((-1,) + a.shape[1:]) for a in self._arrays()])

    # ---- the corpus --------------------------------------------------------------------
    def sum(self: T) -> T:
        """One row: the corpus totals, each field by its reduction (``refs``: the most
        references of any segment, 0 for none; ``last``: -1 for no segments)."""
        out = []
        for f, a in zip(self.segment_fields(), self._arrays()):
            how = f.metadata["reduce"]
            if how == "sum":
                total = _sequential_sum(a)
            elif how == "sum_known":
                total = np.full(a.shape[1:], -1, dtype=a.dtype) if (a < 0).any() else a.sum(axis=0)
            elif how == "last":
                total = a[-1] if len(a) else np.full(a.shape[1:], -1, dtype=a.dtype)
            else:  # refs
                total = a.max(axis=0) if len(a) else np.zeros(a.shape[1:], dtype=a.dtype)
            out.append(np.asarray(total, dtype=a.dtype).reshape((1,) + a.shape[1:]))
        return self._with(out)

    def reduce(self: T, wire: Wire) -> T:
        """The statistics of every rank's segments, on every rank (collectives in the
        declared order of the fields: the same on every rank).

        The result's first row holds the sums, its last row the ``last`` values of the
        last rank that has segments; ``refs`` holds the fewest and the most references
        of any segment (:func:`global_n_refs`): one row, or two when they differ (the
        second row is zero but for them)."""
        fields, arrays = self.segment_fields(), self._arrays()
        total = self.sum()._arrays()
        by_kind: Dict[str, List[int]] = {}
        for i, f in enumerate(fields):
            by_kind.setdefault(f.metadata["reduce"], []).append(i)
        reduced: Dict[int, np.ndarray] = {}
        # one wire.sum per dtype of the summed fields (ints stay exact)
        summed = [i for i in range(len(fields)) if fields[i].metadata["reduce"] in ("sum", "sum_known")]
        for dtype in sorted({arrays[i].dtype.str for i in summed}):
            group = [i for i in summed if arrays[i].dtype.str == dtype]
            vector = np.concatenate([np.where(total[i] < 0, 0, total[i]).ravel()
                                     if fields[i].metadata["reduce"] == "sum_known" else total[i].ravel()
                                     for i in group]).astype(dtype)
            sums, at = wire.sum(vector), 0
            for i in group:
                size = total[i].size
                reduced[i] = np.asarray(sums[at:at + size]).reshape(total[i].shape)
                at += size
        known = by_kind.get("sum_known", [])
        if known:
            unknown = wire.max(np.array([int((total[i] < 0).any()) for i in known], dtype=np.int64))
            for i, flag in zip(known, unknown):
                if flag:
                    reduced[i] = np.full(total[i].shape, -1, dtype=total[i].dtype)
        last = by_kind.get("last", [])
        if last:
            last_rank = wire.max(np.array([wire.rank if len(self) else -1], dtype=np.int64))[0]
            mine = np.concatenate([total[i].ravel() for i in last]).astype(np.result_type(*(total[i] for i in last)))
            values, at = wire.sum(mine if wire.rank == last_rank else np.zeros_like(mine)), 0
            for i in last:
                size = total[i].size
                reduced[i] = np.asarray(values[at:at + size]).astype(total[i].dtype).reshape(total[i].shape)
                at += size
        refs = [global_n_refs(arrays[i], wire) for i in by_kind.get("refs", [])]
        rows = max([len(r) for r in refs] + [1])
        out = []
        for i, f in enumerate(fields):
            how = f.metadata["reduce"]
            a = np.zeros((rows,) + arrays[i].shape[1:], dtype=arrays[i].dtype)
            if how == "refs":
                r = refs[by_kind["refs"].index(i)]
                a = r.astype(a.dtype) if len(r) else np.zeros(1, dtype=a.dtype)
                if len(a) < rows:
                    a = np.concatenate([a, np.zeros(rows - len(a), dtype=a.dtype)])
            elif how == "last":
                a[-1] = reduced[i][0]
            else:
                a[0] = reduced[i][0]
            out.append(a)
        return self._with(out)

    # ---- columns -------------------------------------------------------------------------
    @classmethod
    def required_columns(cls, prefix: str) -> Tuple[str, ...]:
        """The columns :meth:`from_columns` cannot do without (the others it derives)."""
        return tuple(f"{prefix}_{f.metadata['column'] or f.name}" for f in cls.segment_fields()
                     if f.metadata["column"] is not None and f.default_factory is dataclasses.MISSING)

    def columns(self, prefix: str) -> Dict[str, list]:
        """The statistics as plain columns (``{prefix}_{field}``), one row per segment."""
        return {f"{prefix}_{f.metadata['column'] or f.name}": a.tolist()
                for f, a in zip(self.segment_fields(), self._arrays()) if f.metadata["column"] is not None}

    @classmethod
    def from_columns(cls: Type[T], prefix: str, columns: Mapping[str, Any], names: Sequence[str],
                     **constants: Any) -> T:
        """The statistics of every row of :meth:`columns` (``names``: the columns present;
        a field whose column is absent is derived by the dataclass, as from older columns)."""
        values: Dict[str, np.ndarray] = {}
        rows: Optional[int] = None
        for f in cls.segment_fields():
            name = f"{prefix}_{f.metadata['column'] or f.name}"
            if f.metadata["column"] is None or name not in names:
                continue
            a = np.asarray(list(columns[name]), dtype=f.metadata["dtype"])
            rows = len(a) if rows is None else rows
            if f.metadata["ndim"] > 1:
                a = a.reshape(len(a), -1) if len(a) else np.zeros((0, 0), dtype=a.dtype)
            values[f.name] = a
        return cls(**values, **constants)


def declared_reductions(stats_type: Type[Statistics]) -> Dict[str, str]:
    """``{field: reduction}`` of a statistics type (what the documentation shows)."""
    return {f.name: f.metadata["reduce"] for f in dataclasses.fields(stats_type)}

