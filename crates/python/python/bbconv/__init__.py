"""Game-board representations converted exactly, a batch at a time.

bbconv reads boards in the notations engines and datasets use (FEN, EPD, packed base-3, trits,
bitboard pairs, piece planes, JSON, grids, SGF, PDN, Edax, ...) and writes them in any other,
with every square-numbering convention explicit. This package calls the same Rust code as the
``bbconv`` command line, in-process, with the GIL released, on lists, numpy arrays and Arrow
arrays (so on Polars, pandas, DuckDB and Spark columns too).

>>> import bbconv
>>> bbconv.convert("8/8/8/8/8/8/8/R6k w - - 0 1", to="pair").tolist()
[1, 128]
>>> bbconv.convert(["8/8/8/8/8/8/8/R6k w - - 0 1"], to="packed").shape
(1, 13)
>>> bbconv.convert("8/8/8/8/8/8/8/R6k w - - 0 1", to="squares")
'first: a1; second: h1'
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, Optional

import numpy as np

from . import _bbconv, _fields

__all__ = [
    "convert",
    "formats",
    "explain",
    "diff",
    "infer",
    "Form",
    "Reading",
    "Explanation",
    "Difference",
    "Inference",
    "ParseError",
]



class ParseError(ValueError):
    """A record that does not convert.

    ``index`` is the record's position in the batch, ``column`` the 1-based character column
    within the record where the problem is (or ``None``), ``message`` what was wrong and what
    was expected, as the command line words it.
    """

    def __init__(self, index: int, column: Optional[int], message: str):
        self.index = index
        self.column = column
        self.message = message
        where = f"record {index}" + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}")

    def __reduce__(self):
        # Rebuilt from its own fields, so that it survives pickle: multiprocessing, Spark and
        # Dask send a worker's exception back to the caller that way.
        return (type(self), (self.index, self.column, self.message))


@dataclasses.dataclass(frozen=True)
class Form:
    """A form bbconv reads or writes, as ``bbconv formats`` lists it."""

    name: str
    aliases: tuple
    holds: str
    description: str
    example: str
    binary: bool
    #: The form whose fixed-size records a batch converted to this one gives
    #: (``packed`` -> ``packed-bin``; ``pair``: two 64-bit words a row), or ``None``.
    fixed: Optional[str] = None
    #: Whether those fixed-size records are 64-bit words (``pair``'s sides, ``planes``'
    #: planes), not bytes.
    words: bool = False
    #: Whether a record is bytes of no length of their own (BinaryFen): a file holds its hex,
    #: one a line; ``bytes``, Arrow binary values and numpy ``S`` items hold the raw bytes.
    raw: bool = False


def formats() -> list:
    """The forms bbconv knows, with their names as ``frm=`` and ``to=`` take them.

    >>> [f.name for f in bbconv.formats()][:3]
    ['auto', 'int', 'hex']
    """
    return [
        Form(n, tuple(a), h, d, e, b, x, w, r) for (n, a, h, d, e, b, x, w, r) in _bbconv.formats()
    ]


def _fixed_forms() -> dict:
    """Output forms whose records have a fixed size, and the command line's form that writes
    them, from the forms' records: a binary form by any of its names, a text form with a
    fixed-size twin by its name only (an alias such as ``packed-hex`` asks for the text)."""
    table = {}
    for f in formats():
        if f.fixed is not None:
            names = (f.name, *f.aliases) if f.binary else (f.name,)
            table.update(dict.fromkeys(names, f.fixed))
    return table


#: Output forms whose records have a fixed size, and the command line's form that writes them.
_FIXED = _fixed_forms()

#: The names of the binary forms (their records are raw bytes).
_BINARY = frozenset(n for f in formats() if f.binary for n in (f.name, *f.aliases))

#: What the rows of a 2-D numpy array are, for the forms with a binary spelling.
_ROWS = {name: form for name, form in _FIXED.items() if form in _BINARY}

#: The fixed-size forms whose rows are 64-bit words (every other one's are bytes).
_WORDS = frozenset(f.name for f in formats() if f.words)

#: The forms whose rows are the two sides' 64-bit words (``pair``), not planes, by every name.
_SIDES = frozenset(n for f in formats() if f.words and f.holds == "two" for n in (f.name, *f.aliases))

#: The forms whose records are raw bytes in a container (BinaryFen), by their names.
_RAW = frozenset(f.name for f in formats() if f.raw)


@dataclasses.dataclass(frozen=True)
class Reading:
    """One way a board's text may have been meant.

    ``description`` says it in words (``"berlef (W*(H-1-r) + f)"``), ``settings`` are the
    keyword arguments of :func:`convert` that read a text this way (``{"order": "berlef"}``),
    ``needs_fix`` says the text must also be fixed by hand as described (a negated number, a
    byte swap: no option does that), ``squares`` are the squares it gives.
    """

    description: str
    settings: dict
    needs_fix: bool
    squares: list


@dataclasses.dataclass(frozen=True)
class Explanation:
    """What :func:`explain` finds: the squares of the value under each order, and the readings
    that make it the squares expected (exact, else the closest order and the near misses)."""

    size: str
    orders: dict
    expected: Optional[list]
    exact: list
    closest: Optional[tuple]
    near: list


@dataclasses.dataclass(frozen=True)
class Difference:
    """What :func:`diff` finds between boards A and B: the symmetries and shifts that map A
    onto B, the readings of B's text that give A, near misses, and (when nothing maps them)
    the squares only in one, by side."""

    a: str
    b: str
    same: bool
    both_empty: bool
    mappings: list
    readings: list
    near: list
    only_in_a: dict
    only_in_b: dict


@dataclasses.dataclass(frozen=True)
class Inference:
    """What :func:`infer` finds over its samples: the readings that fit every one (simplest
    first), else the best reading, how many samples agree with it and which do not."""

    samples: int
    fits: list
    best: Optional[Reading]
    agree: int
    disagree: list


def _reading(r):
    words, settings, fix, squares = r
    values = {k: (True if v == "true" else v) for k, v in settings}
    return Reading(words, values, fix, list(squares))


def _typed(rust):
    """The public function ``rust`` backs: its one typed signature is the extension's
    (``rust``'s arguments are checked and parsed in Rust), shown by ``help`` and
    ``inspect.signature``; this function keeps the Python return type and the docstring."""

    def wrap(python):
        python.__signature__ = inspect.signature(rust)
        return python

    return wrap


@_typed(_bbconv.explain)
def explain(*args: Any, **kwargs: Any) -> Explanation:
    """Decode a number (or digit string) under every square order, and find the readings that
    make it the squares expected, as ``bbconv explain`` does. An ``int`` is read as its decimal
    text.

    ``expect`` names squares (``"e1"``, ``"a1 h8"``); ``expect_fen`` gives a FEN instead, whose
    ``side`` (``first``, ``second``, ``occupied`` or a piece letter) is compared.

    >>> e = bbconv.explain("0x1000000000000000", "e1")
    >>> e.exact[0].settings
    {'order': 'berlef'}
    >>> e.orders["lerf"]
    ['e8']
    """
    d = _bbconv.explain(*args, **kwargs)
    return Explanation(
        size=d["size"],
        orders=dict(d["orders"]),
        expected=d["expected"],
        exact=[_reading(r) for r in d["exact"]],
        closest=d["closest"],
        near=[(_reading(r), why) for r, why in d["near"]],
    )


@_typed(_bbconv.diff)
def diff(*args: Any, **kwargs: Any) -> Difference:
    """Compare two boards and say how B relates to A, as ``bbconv diff`` does. An ``int`` is
    read as its decimal text.

    >>> d = bbconv.diff("0x000000000000ffff", "0xffff000000000000")
    >>> d.mappings[0]
    "flipped vertically (ranks reversed) (A's number read as berlef gives B)"
    >>> d.readings[0].settings
    {'order': 'berlef'}
    """
    d = _bbconv.diff(*args, **kwargs)
    only = d["only"]
    return Difference(
        a=d["a"],
        b=d["b"],
        same=d["same"],
        both_empty=d["both_empty"],
        mappings=list(d["mappings"]),
        readings=[_reading(r) for r in d["readings"]],
        near=[(_reading(r), why) for r, why in d["near"]],
        only_in_a={side or "board": sq for side, sq, _ in only},
        only_in_b={side or "board": sq for side, _, sq in only},
    )


@_typed(_bbconv.infer)
def infer(*args: Any, **kwargs: Any) -> Inference:
    """Find the square numbering (and number fixes) that explain every sample, as
    ``bbconv infer`` does. A sample is ``(VALUE, EXPECTED)`` or ``"VALUE\tEXPECTED"``:
    EXPECTED is square names, a FEN (its ``side``), a rows string, or ``NAME:NUMBER``; an
    ``int`` VALUE is read as its decimal text. No sample is a ``ValueError``, as the command
    exits 1.

    >>> r = bbconv.infer([("0x1000000000000000", "e1"), ("0x1", "a8")])
    >>> r.fits[0].settings
    {'order': 'berlef'}
    """
    d = _bbconv.infer(*args, **kwargs)
    best = d["best"]
    return Inference(
        samples=d["samples"],
        fits=[_reading(r) for r in d["fits"]],
        best=_reading(best[0]) if best else None,
        agree=best[1] if best else d["samples"],
        disagree=list(d["disagree"]),
    )


def _with_values(rust):
    """:func:`_typed` for :func:`convert`: ``values``, then the extension's ``Settings``."""

    def wrap(python):
        params = list(inspect.signature(rust).parameters.values())
        values = inspect.Parameter("values", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        python.__signature__ = inspect.Signature([values, *params])
        return python

    return wrap


@_with_values(_bbconv.Settings)
def convert(values: Any, *args: Any, **kwargs: Any):
    """Convert boards from one form to another, a batch at a time.

    Parameters
    ----------
    values
        One board (a ``str`` or ``bytes``: the result is one row, or a ``str`` for a text
        form), or a batch: a sequence of ``str``/``bytes``/``None``, a numpy array of strings,
        or of fixed-size records (a 2-D ``uint8`` array of ``packed``, ``trits`` or ``planes``
        rows), a pandas ``Series`` (``None``, ``NaN`` and ``pd.NA`` are missing records; a
        ``category`` is read through its dictionary), or any object that exports Arrow data
        through the PyCapsule interface (``__arrow_c_stream__`` or ``__arrow_c_array__``):
        pyarrow arrays, chunked arrays, tables and record batches, polars ``Series`` and
        ``DataFrame``, DuckDB relations, nanoarrow arrays. Arrow strings, binary, their large
        and view variants, fixed-size binary and dictionary-encoded columns are read in place
        (Arrow data is immutable while exported: changing it during the call is outside the
        contract), and released before the call returns. A struct (a table, a relation) of
        one field is read as that field; of more, ``column=`` names it.
        A ``str`` holding a lone surrogate (as ``surrogateescape`` decoding gives) is not
        text: it is a bad record. A 2-D array's dtype is that of ``to=``'s output: ``uint8``
        for ``packed`` and ``trits``, integers for ``pair`` (``(n, 2)`` or ``(n, 2, W)``),
        64-bit integers (or their bytes as ``uint8``) for ``planes``.
    frm, to
        The forms, with the command line's names (``bbconv.formats()``). ``to`` of a fixed
        size gives the bytes of the command line's binary forms: ``packed`` uint8
        ``(n, ceil(N/5))``, ``trits`` uint8 ``(n, N)``, ``pair`` uint64 ``(n, 2)`` (``(n, 2,
        ceil(N/64))`` past 64 squares), ``planes`` uint64 ``(n, P)`` for the ``planes``
        letters (``(n, P, ceil(N/64))`` past 64 squares); the trainers' ``sf-bin``,
        ``sf-compressed``, ``marlin`` and ``bullet`` uint8 ``(n, 40)``, ``(n, 24)``, ``(n, 32)``.
        ``binary-fen`` gives the raw BinaryFen bytes (not the hex text files hold): ``bytes``,
        Arrow ``binary``, a numpy object array of ``bytes``; ``frm="binary-fen"`` reads
        ``bytes``, numpy bytes and Arrow binary as raw records and ``str`` as their hex text
        (one batch is one or the other). Any other ``to`` gives text.
    size
        ``"WxH"``. Without it, each record is read as the command line reads it, without a
        size, and the batch's size is that of the first record that converts: a record of
        another size is then a bad record.
    order
        The square order of numbers and digit strings read (``to_order=`` for those written):
        ``lerf`` (a1 = bit 0), ``lefr``, ``lerf-flipped`` and the other orders and layouts the
        command line lists.
    errors
        ``"raise"``: a bad record raises :class:`ParseError`, naming its index and column.
        ``"null"``: bad records (and null inputs) give zeroed rows and ``(array, valid)`` is
        returned for numpy outputs; nulls for Arrow outputs and ``None`` in lists. Nothing is
        dropped or reordered.
    jobs
        Threads, as ``--jobs``: ``None`` uses the cores up to 8, ``0`` all of them, at most
        256 (an int outside 0 to 256 is a ``ValueError``, anything else but ``None`` or an int
        a ``TypeError``). A batch under 20,000 records runs on the calling
        thread.
    output
        ``"numpy"``, ``"arrow"`` or ``"list"``. By default the container the batch came in: a
        pandas ``Series`` with the input's index and name (``ArrowDtype`` of fixed-size binary
        or of a fixed-size list of uint64 for fixed-size forms, ``string[pyarrow]`` for text),
        a polars ``Series`` with the input's name (``Binary``, ``Array(UInt64, k)`` or
        ``String``), pyarrow for pyarrow (a ``ChunkedArray`` for one) and for any other Arrow
        exporter, numpy for numpy, and for a list numpy (fixed-size forms) or a list of ``str``
        (text forms). Under ``errors="null"`` the pandas, polars and Arrow outputs hold nulls.
    column
        Of Arrow data that is a struct of several fields (a table, a DuckDB relation) or of a
        pandas ``DataFrame``, the field or column that holds the boards (of a batch with no
        columns, a ``ValueError``).
    swap
        Exchange the two sides (first <-> second; piece letters change case).
    bits
        With ``to="planes"``: bool ``(n, P, H, W)`` with ``[..., r, f]``, rank 0 first.
    train
        Training fields (``score``, ``result`` -1/0/1, ``move`` as UCI, ``ply``), from White's
        point of view as bbconv's JSON ``train`` member has them (each form turns them to its
        own). Given as a dict of arrays aligned with the records (any of the four; numpy,
        lists, pyarrow, pandas or polars; or a DataFrame or an Arrow struct of them): each
        sets the records' field over their own (``None``, ``NaN``, null or masked: no value,
        the record's own or the form's default, as a JSON record without it). A value the
        field cannot take (a result of 2, a bad UCI move, a score past the form's 16 bits) is a
        bad record; fields of another length are a ``ValueError``, non-integers a
        ``TypeError``. ``train=True`` returns ``(boards, fields)``: the fields each record
        holds, as a dict of numpy arrays (``score`` int32, ``result`` int8, ``ply`` uint32,
        masked where missing; ``move`` an object array of ``str`` and ``None``), a dict of
        lists (``output="list"``), an Arrow ``StructArray`` (Arrow), a ``DataFrame`` (pandas,
        polars), or a dict of values for one board.
    **options
        The command line's other board options, with ``_`` for ``-``: ``to_order``,
        ``layer``, ``digits`` (``"lsd"``/``"msd"``), ``digit_map``, ``letters``, ``lenient``,
        ``fields``, ``one_based``, ``planes``, ``coords``, ``to_coords``, ``sgf_node``,
        ``lang``.

    Examples
    --------
    >>> import bbconv
    >>> start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    >>> bbconv.convert([start], to="packed").shape
    (1, 13)
    >>> planes = bbconv.convert([start], to="planes", bits=True)
    >>> planes.shape, bool(planes[0, 0, 1, 4])   # a white pawn on e2
    ((1, 12, 8, 8), True)
    >>> bbconv.convert(start, to="pair").tolist() == [0xFFFF, 0xFFFF000000000000]
    True
    >>> bbconv.convert(["8/8/8/8/8/8/8/R6k", "8/8/x"], to="pair", errors="null")[1].tolist()
    [True, False]
    >>> bbconv.convert("8/8/x", to="pair")
    Traceback (most recent call last):
    ...
    bbconv.ParseError: record 0, column 6: ...
    >>> rows = bbconv.convert([start], to="marlin", train={"score": [31], "result": [1]})
    >>> boards, fields = bbconv.convert(rows, frm="marlin", to="fen", train=True)
    >>> fields["score"].tolist(), fields["result"].tolist()
    ([31], [1])
    """
    call = _Call(_bbconv.Settings(*args, **kwargs))
    single = isinstance(values, (str, bytes))
    if single:
        values = [values]
    if call.settings.train is not None:
        call.fields = _fields.given(call.settings.train, single, values)
    kind, default = _kind(values)
    out = call.settings.output or default or ("numpy" if call.fixed else "list")
    result = call.run(kind, values, out)
    if call.settings.take_train:
        fields = call.fields_taken("list" if single else _container(kind, values, out))
        return (_first(result), _fields.first(fields)) if single else (result, fields)
    if single:
        return _first(result)
    return result


def _container(kind, values, out):
    """The container of the fields ``train=True`` returns: that of the boards."""
    if out != "same":
        return out
    if kind == "pandas":
        return "pandas"
    return "polars" if type(values).__module__.split(".")[0] == "polars" else "arrow"


def _kind(values):
    """The kind of a batch and the output it gets by default: a container of its own kind
    (``"same"``: pandas in, pandas out; polars in, polars out; pyarrow in, pyarrow out)."""
    module = type(values).__module__.split(".")[0]
    if module == "pandas":
        return "pandas", "same"
    if module in ("pyarrow", "polars") or _exports_arrow(values):
        return "capsule", "same"
    if isinstance(values, np.ndarray):
        return "numpy", "numpy"
    return "list", None


def _missing(v):
    """Whether a pandas value is a missing record: ``None``, ``NaN`` or ``pd.NA``."""
    if v is None:
        return True
    try:
        return bool(v != v) or type(v).__name__ == "NAType"
    except TypeError:
        return type(v).__name__ == "NAType"


def _exports_arrow(values):
    """Whether ``values`` exports Arrow data through the PyCapsule interface."""
    t = type(values)
    return hasattr(t, "__arrow_c_stream__") or hasattr(t, "__arrow_c_array__")


def _first(result):
    """The one row of a batch of one."""
    if isinstance(result, tuple):
        arr, valid = result
        return arr[0], bool(valid[0])
    if isinstance(result, np.ndarray):
        return result[0]
    if isinstance(result, list):
        return result[0]
    return result[0].as_py()


class _Call:
    """One call of :func:`convert`: its forms and settings, and the batch's shape."""

    def __init__(self, settings):
        # Every keyword argument, checked and parsed by the extension.
        self.settings = settings
        self.frm, self.fixed = settings.frm, settings.fixed
        self.errors, self.bits = settings.errors, settings.bits
        # The index of the first record of the part being converted (chunked input), and
        # the size the batch's first board gave.
        self.base, self.found = 0, None
        # The struct field or DataFrame column that holds the boards (``column=``).
        self.column = settings.column
        # BinaryFen written as its raw bytes, not its hex text.
        self.raw = settings.to in _RAW
        # The training fields given (``train=``, for the extension) and taken (``train=True``:
        # the extension's buffers, the validity, the pandas index).
        self.fields, self.taken, self.index = None, None, None

    def as_list(self, out):
        """Whether the extension gives a text output as a list of ``str``."""
        return out == "list" and not self.fixed and not self.raw

    def fields_taken(self, container):
        """The training fields taken from the records, in ``container`` (:mod:`._fields`)."""
        buffers, valid = self.taken
        if buffers is None:
            raise RuntimeError("internal error (a bug in bbconv, please report): no training fields were taken")
        return _fields.taken(buffers, valid, container, self.index)

    def run(self, kind, values, out):
        if self.column is not None and kind != "capsule" and not hasattr(values, "columns"):
            # It was ignored: a list, an array or a Series is one column already.
            raise ValueError(
                f"column={self.column!r} names a field of a table or a column of a DataFrame: "
                f"a {type(values).__name__} has none (leave column= out)"
            )
        if kind == "capsule":
            return self.capsule(values, out)
        if kind == "pandas":
            return self.pandas(values, out)
        if kind == "numpy":
            return self.numpy(values, out)
        return self.finish(self.list(values if type(values) is list else list(values), out), out)

    # -- sources -------------------------------------------------------------------------

    def list(self, values, out):
        return _bbconv.convert_list(values, self.settings, self.as_list(out), self.fields)

    def capsule(self, values, out):
        """Arrow data read in place through its PyCapsule interface (a stream of every chunk,
        or one array), and given back in the container it came in."""
        result = _bbconv.convert_capsule(values, self.settings, self.as_list(out), self.column, self.fields)
        if out != "same":
            return self.finish(result, out)
        arrow = self.finish(result, "arrow")
        module = type(values).__module__.split(".")[0]
        if module == "polars":
            import polars as pl

            name = getattr(values, "name", None)
            if name is None and hasattr(values, "columns"):
                # A DataFrame: the column read.
                name = self.column if self.column is not None else values.columns[0]
            return pl.Series(name or "", arrow).alias(name or "")
        if module == "pyarrow":
            import pyarrow as pa

            return pa.chunked_array([arrow]) if isinstance(values, pa.ChunkedArray) else arrow
        return arrow

    def pandas(self, values, out):
        """A pandas ``Series`` (or array) through Arrow, its ``None``, ``NaN`` and ``pd.NA``
        null, a ``category`` through its dictionary; a ``Series`` back with its index and name.
        A ``DataFrame`` is read as its one column, or the one ``column=`` names."""
        import pandas as pd
        import pyarrow as pa

        name = getattr(values, "name", None)
        if isinstance(values, pd.DataFrame):
            names = [str(c) for c in values.columns]
            if self.column is None and len(names) != 1:
                raise ValueError(
                    f"the DataFrame has {len(names)} columns ({', '.join(names)}): pick the board's with column="
                )
            name = self.column if self.column is not None else names[0]
            if name not in names:
                raise ValueError(f"column={name!r}: the DataFrame has no such column; its columns are: {', '.join(names)}")
            if names.count(name) > 1:
                raise ValueError(f"column={name!r}: the DataFrame has {names.count(name)} columns named so: rename one")
            index, values = values.index, values[values.columns[names.index(name)]]
        else:
            index = getattr(values, "index", None)
        column, self.column = self.column, None
        self.index = index
        try:
            arr = pa.Array.from_pandas(values)
        except (pa.ArrowInvalid, pa.ArrowTypeError, UnicodeEncodeError):
            # What Arrow cannot hold (a str with a lone surrogate, mixed objects) is read as the
            # list of its values, missing values as None: each bad one a bad record.
            items = [None if _missing(v) else v for v in values]
            result = self.finish(self.list(items, "arrow" if out == "same" else out), "arrow" if out == "same" else out)
            arr = None
        if arr is not None:
            if isinstance(arr, pa.ChunkedArray) and arr.num_chunks == 0:
                arr = pa.array([], type=arr.type)
            if pa.types.is_floating(arr.type) and arr.null_count == len(arr):
                # A column of NaN only (an empty column as read_csv reads it): all missing.
                arr = pa.nulls(len(arr), pa.string())
            result = self.capsule(arr, "arrow" if out == "same" else out)
        self.column = column
        if out != "same" or index is None:
            return result
        return pd.Series(
            result,
            dtype=pd.ArrowDtype(result.type) if self.fixed or self.raw else "string[pyarrow]",
            index=index,
            name=name,
        )

    def numpy(self, arr, out):
        if np.ma.isMaskedArray(arr):
            # A masked entry is a missing record, as pandas and numpy.ma have it: text becomes a
            # list with None there; a mask over numbers (a row's bytes or words) is refused.
            if not np.ma.getmaskarray(arr).any():
                arr = np.ma.getdata(arr)
            elif arr.dtype.kind in "SUOT":
                return self.finish(self.list(arr.astype(object).filled(None).reshape(-1).tolist(), out), out)
            else:
                raise TypeError(
                    f"a masked {arr.dtype} array: fill its masked entries (arr.filled(...)) or "
                    "drop their rows (arr[~arr.mask.any(axis=1)]) first"
                )
        kind = arr.dtype.kind
        if kind == "S":
            # The array itself when it is C-contiguous (its buffer read in the flat order): a view
            # made here would read freed memory if a signal handler resized its base meanwhile.
            arr = np.ascontiguousarray(arr)
            # numpy pads a text with NULs, which are no part of it; a binary record (packed-bin)
            # keeps all its bytes, zeros included.
            rows = (arr, arr.size, arr.dtype.itemsize, "bytes" if self.frm in _BINARY else "text")
            frm = self.frm
        elif kind == "U":
            # UCS-4 code points through the buffer protocol, read as UTF-8 in the extension.
            # In the machine's byte order (a '>U' array is byte-swapped).
            arr = np.ascontiguousarray(arr.astype(arr.dtype.newbyteorder("="), copy=False))
            rows = (arr, arr.size, arr.dtype.itemsize, "ucs4")
            frm = self.frm
        elif kind == "O" or arr.dtype.kind == "T":
            # Objects (and numpy's StringDType) are read as a sequence of their items.
            return self.finish(self.list(arr.reshape(-1).tolist(), out), out)
        elif kind in "uif" and arr.ndim >= 2 and self.frm in _SIDES:
            if kind == "f":
                raise TypeError(f"frm={self.frm!r} reads integer words: got a {arr.dtype} array")
            if arr.ndim > 3 or arr.shape[1] != 2:
                raise ValueError(
                    f"frm={self.frm!r} reads an integer array of shape (n, 2) (a row: the two sides' "
                    f"64-bit words), or (n, 2, W) past 64 squares: got shape {arr.shape}"
                )
            # Two sides' words a row, as `to="pair"` gives them.
            arr = np.ascontiguousarray(arr.astype("<u8", copy=False))
            rows = (arr, len(arr), arr[0].nbytes if len(arr) else 16, "bytes")
            frm = "side-words"
        elif kind in "uif" and arr.ndim >= 2:
            arr, rows, frm = self.records(arr)
        else:
            raise TypeError(f"a numpy array of {arr.dtype} holds no boards: expected strings or fixed-size records")
        read_as = None if frm == self.frm else frm
        result = _bbconv.convert_fixed(rows, self.settings, read_as, self.as_list(out), self.fields)
        # The extension reads the array's address itself and copies its rows before any
        # Python code (a signal handler) could free them.
        return self.finish(result, out)

    def records(self, arr):
        """The rows of a 2-D (or more) numeric array of a binary form: bytes (``uint8``), or for
        ``planes`` 64-bit words too, as ``to="planes"`` gives them."""
        form = _ROWS.get(self.frm)
        if form is None:
            raise TypeError(
                f"a {arr.ndim}-D {arr.dtype} array holds fixed-size records: "
                f"frm= must be one of {', '.join(sorted({*_ROWS, *_SIDES}))}, not {self.frm!r}"
            )
        words = arr.dtype.kind in "ui" and arr.dtype.itemsize == 8
        if form in _WORDS and words:
            arr = arr.astype("<u8", copy=False)
        elif arr.dtype != np.uint8:
            expected = "uint64 words or their bytes as uint8" if form in _WORDS else "uint8 bytes"
            raise TypeError(
                f"frm={self.frm!r} reads {expected} (as to={self.frm.split('-')[0]!r} gives them): "
                f"got a {arr.dtype} array"
            )
        arr = np.ascontiguousarray(arr)
        # The bytes of a row, from the shape (an empty batch has rows of a width too).
        width = int(np.prod(arr.shape[1:], dtype=np.int64)) * arr.dtype.itemsize
        return arr, (arr, len(arr), width, "bytes"), form

    # -- results -------------------------------------------------------------------------

    def finish(self, result, out):
        data, ends, valid, error, (w, h), known, taken = result
        self.found = f"{w}x{h}" if known else None
        valid = np.frombuffer(valid, dtype=np.bool_)
        self.taken = (taken, valid)
        if self.errors == "raise" and (error is not None or not valid.all()):
            # The first record not converted: a bad one (its error) or a null.
            first = int(np.argmin(valid)) if not valid.all() else None
            if error is not None and (first is None or error[0] <= first):
                index, column, message = error
                raise ParseError(self.base + index, column, message)
            raise ParseError(self.base + first, None, "the record is null (None)")
        if self.fixed:
            arr = self.shape(data, len(valid), w, h)
            if out == "arrow":
                if _pyarrow() is None:
                    return self.exported(arr, data, valid)
                return _fixed_arrow(arr, valid, self.fixed, self.bits)
            if out == "list":
                rows = arr.tolist() if self.fixed in _WORDS else [bytes(r) for r in arr]
                return [r if v else None for r, v in zip(rows, valid)] if self.errors == "null" else rows
            return (arr, valid) if self.errors == "null" else arr
        if isinstance(data, list):
            return data
        if out == "arrow":
            if _pyarrow() is None:
                return _bbconv.arrow_column("bytes" if self.raw else "text", data, ends, valid.tobytes(), 0)
            return _text_arrow(data, ends, valid, self.raw)
        texts = _texts(data, ends, valid, self.raw)
        if out == "list":
            # BinaryFen's raw records: bytes (a text output comes as a list from the extension).
            return texts
        arr = np.empty(len(texts), dtype=object)
        arr[:] = texts
        return (arr, valid) if self.errors == "null" else arr

    def exported(self, arr, data, valid):
        """Fixed-size rows as an Arrow array without pyarrow: an object that exports them
        through the Arrow PyCapsule interface."""
        if self.bits:
            raise ImportError("bits=True with an Arrow output needs pyarrow (or output='numpy')")
        if self.fixed not in _WORDS:
            return _bbconv.arrow_column("binary", data, None, valid.tobytes(), arr.shape[1] if arr.ndim == 2 else 0)
        width = int(np.prod(arr.shape[1:], dtype=np.int64))
        return _bbconv.arrow_column("words", data, None, valid.tobytes(), width)

    def shape(self, data, n, w, h):
        squares = w * h
        words = -(-squares // 64)
        raw = np.asarray(data)
        if self.fixed not in _WORDS:
            return raw.reshape(n, -1) if n else raw.reshape(0, self.settings.record_len(w, h))
        flat = raw.view("<u8")
        if self.fixed in _SIDES:
            # A layout's cells (to_order="0x88", ...) may take more words than the squares.
            side = len(flat) // (2 * n) if n else self.settings.record_len(w, h) // 16
            return flat.reshape((n, 2) if side == 1 else (n, 2, side))
        planes = self.settings.planes
        arr = flat.reshape((n, planes) if words == 1 else (n, planes, words))
        if not self.bits:
            return arr
        b = np.unpackbits(
            arr.reshape(n, planes, words).view(np.uint8), axis=-1, bitorder="little"
        )[..., :squares]
        return b.reshape(n, planes, h, w).astype(np.bool_)


def _pyarrow():
    """pyarrow, or None when it is not installed (it is optional: Arrow data is read through
    its PyCapsule interface, and written so too without it)."""
    try:
        import pyarrow
    except ImportError:
        return None
    return pyarrow


def _texts(data, ends, valid, raw=False):
    """The text outputs as ``str`` (``None`` where not valid), from their bytes and offsets;
    ``raw``: as ``bytes`` (BinaryFen's raw records)."""
    whole = bytes(np.asarray(data)) if len(valid) else b""
    at = np.asarray(ends).view("<i8") if ends is not None else np.zeros(1, dtype="<i8")
    if raw:
        return [whole[at[i]:at[i + 1]] if v else None for i, v in enumerate(valid)]
    return [whole[at[i]:at[i + 1]].decode() if v else None for i, v in enumerate(valid)]


def _bitmap(valid):
    """An Arrow validity bitmap (``None`` when every record is valid)."""
    import pyarrow as pa

    if valid.all():
        return None
    return pa.py_buffer(np.packbits(valid, bitorder="little"))


def _text_arrow(data, ends, valid, raw=False):
    """Text outputs as Arrow ``large_string``; ``raw``: BinaryFen's raw records as ``binary``
    (``large_binary`` past 2 GiB)."""
    import pyarrow as pa

    n = len(valid)
    offsets = np.asarray(ends).view("<i8") if ends is not None else np.zeros(1, dtype="<i8")
    kind = pa.large_string()
    if raw:
        small = offsets[-1] < 2**31
        kind = pa.binary() if small else pa.large_binary()
        offsets = offsets.astype("<i4") if small else offsets
    return pa.Array.from_buffers(kind, n, [_bitmap(valid), pa.py_buffer(offsets), pa.py_buffer(np.asarray(data))])


def _fixed_arrow(arr, valid, fixed, bits):
    import pyarrow as pa

    n = len(valid)
    if fixed not in _WORDS:
        w = arr.shape[1] if arr.ndim == 2 else 0
        return pa.Array.from_buffers(
            pa.binary(w), n, [_bitmap(valid), pa.py_buffer(np.ascontiguousarray(arr))]
        )
    # The width from the shape, so that an empty batch has one too.
    flat = np.ascontiguousarray(arr).reshape(n, int(np.prod(arr.shape[1:], dtype=np.int64)))
    values = pa.array(flat.reshape(-1))
    lists = pa.FixedSizeListArray.from_arrays(values, flat.shape[1])
    if valid.all():
        return lists
    return pa.FixedSizeListArray.from_arrays(values, flat.shape[1], mask=pa.array(~valid))
