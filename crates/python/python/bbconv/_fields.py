"""Training fields as arrays aligned with a batch's records (``train=`` of :func:`bbconv.convert`),
from White's point of view, as bbconv's JSON ``train`` member has them: the containers given
made into the buffers the extension reads, and the buffers it gives made into arrays. The
fields' rules (ranges, UCI moves) and their wording are the extension's."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

#: The fields, in the order bbconv writes them.
NAMES = ("score", "result", "move", "ply")

#: The integer fields' numpy and Arrow types, as the fields are typed (``Train``).
_TYPES = {"score": "int32", "result": "int8", "ply": "uint32"}

_I64 = (-(2**63), 2**63 - 1)


def given(train, single, values=None):
    """The fields of ``train=`` as the extension reads them: ``(n, score, result, ply, moves)``,
    each integer field ``None`` or ``(values, given)`` (little-endian int64 bytes, a byte a
    record), the moves ``None`` or a list of ``str`` and ``None``. ``None`` when no field is.
    Fields are aligned with the records by position: pandas fields whose index is not the
    boards' (``values``, a pandas ``Series``) are a ``ValueError``, not silently reordered."""
    columns = _columns(train)
    _same_index(values, columns)
    unknown = [k for k in columns if k not in NAMES]
    if unknown:
        raise ValueError(f"train=: no field {unknown[0]!r}: the fields are score, result, move and ply")
    if not columns:
        return None
    n, out = None, {}
    for name, col in columns.items():
        if single and np.ndim(col) == 0 and not isinstance(col, (list, tuple)):
            col = [col]
        out[name] = _moves(col) if name == "move" else _ints(name, col)
        length = len(out[name]) if name == "move" else len(out[name][0])
        if n is not None and length != n:
            raise ValueError(f"train=: {name!r} has {length} values, the fields before it {n}")
        n = length
    ints = [out.get(k) for k in ("score", "result", "ply")]
    ints = [None if v is None else (v[0].astype("<i8").tobytes(), v[1].astype(np.uint8).tobytes()) for v in ints]
    return (n, *ints, out.get("move"))


def _same_index(values, columns):
    """A ``ValueError`` when the boards and a field are both pandas objects with different
    indexes: the fields go with the records by position, which would then pair a board with
    another row's field."""
    index = getattr(values, "index", None)
    if index is None or type(values).__module__.split(".")[0] != "pandas":
        return
    for name, col in columns.items():
        other = getattr(col, "index", None)
        if other is not None and type(col).__module__.split(".")[0] == "pandas" and not index.equals(other):
            raise ValueError(
                f"train[{name!r}] has another index than the boards: the fields go with the records by "
                "position; align them first (for example .reindex(boards.index)) or pass .to_numpy()"
            )


def _columns(train):
    """The fields of ``train=`` by name: a mapping, a pandas or polars ``DataFrame``, a pyarrow
    table, record batch or struct array."""
    if isinstance(train, Mapping):
        return {str(k): v for k, v in train.items()}
    module = type(train).__module__.split(".")[0]
    if module == "pyarrow":
        import pyarrow as pa

        if isinstance(train, (pa.Table, pa.RecordBatch)):
            return {name: train.column(name) for name in train.column_names}
        if isinstance(train, (pa.Array, pa.ChunkedArray)) and pa.types.is_struct(train.type):
            struct = train.combine_chunks() if isinstance(train, pa.ChunkedArray) else train
            return {f.name: a for f, a in zip(struct.type, struct.flatten())}
    if module in ("pandas", "polars") and hasattr(train, "columns"):
        return {str(c): train[c] for c in train.columns}
    raise TypeError(
        "train= takes True (the records' own fields are returned beside the boards), or the fields "
        "given: a dict of arrays (score, result, move, ply), a DataFrame or an Arrow struct; "
        f"got {type(train).__name__}"
    )


def _numpy(name, col):
    """A field's values as a numpy array (masked where missing), or for Arrow strings a list."""
    module = type(col).__module__.split(".")[0]
    if module == "pandas":
        import pyarrow as pa

        try:
            col = pa.Array.from_pandas(col)
            module = "pyarrow"
        except (pa.ArrowInvalid, pa.ArrowTypeError):
            # Values of mixed types: checked one by one as an object array.
            return col.astype(object).where(col.notna(), None).to_numpy()
    elif module != "numpy" and (hasattr(col, "__arrow_c_stream__") or hasattr(col, "__arrow_c_array__")):
        import pyarrow as pa

        col = pa.chunked_array(col) if hasattr(col, "__arrow_c_stream__") else pa.array(col)
        module = "pyarrow"
    if module == "pyarrow":
        import pyarrow as pa

        if isinstance(col, pa.ChunkedArray):
            col = col.combine_chunks()
        t = col.type
        if pa.types.is_null(t):
            return np.ma.masked_all(len(col), dtype=object)
        if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
            return col.to_pylist()
        if not (pa.types.is_integer(t) or pa.types.is_floating(t)):
            raise TypeError(f"train[{name!r}] is Arrow {t}: expected {_expected(name)}")
        mask = col.is_null().to_numpy(zero_copy_only=False)
        data = col.fill_null(0).to_numpy(zero_copy_only=False)
        return np.ma.MaskedArray(data, mask=mask)
    if isinstance(col, np.ndarray):
        return col
    if isinstance(col, (list, tuple)):
        # Each value as it was given (numpy would make 3 the text "3" beside a str, True 1).
        arr = np.empty(len(col), dtype=object)
        arr[:] = col
        return arr
    try:
        return np.asarray(col)
    except ValueError:
        return np.asarray(list(col), dtype=object)


def _expected(name):
    return "UCI moves as str (None where missing)" if name == "move" else "integers (None or NaN where missing)"


def _missing(v):
    """``None``, ``NaN`` or ``pd.NA``."""
    if v is None or type(v).__name__ == "NAType":
        return True
    return isinstance(v, float) and v != v


def _ints(name, col):
    """An integer field's values as int64 and whether each is given; a ``TypeError`` for values
    that are not integers."""
    arr = _numpy(name, col)
    if isinstance(arr, list):
        raise TypeError(f"train[{name!r}] holds strings: expected {_expected(name)}")
    if arr.ndim != 1:
        raise ValueError(f"train[{name!r}] has shape {arr.shape}: expected one value a record")
    given = ~np.ma.getmaskarray(arr)
    data = np.ma.getdata(arr)
    kind = data.dtype.kind
    if kind == "O":
        given = given & np.array([not _missing(v) for v in data], dtype=bool)
        bad = [v for v, g in zip(data, given) if g and (isinstance(v, (bool, np.bool_)) or not _integral(v))]
        if bad:
            raise TypeError(f"train[{name!r}] holds {bad[0]!r}: expected {_expected(name)}")
        ints = [int(v) if g else 0 for v, g in zip(data, given)]
        _in_64_bits(name, next((v for v in ints if not _I64[0] <= v <= _I64[1]), None))
        return np.array(ints, dtype=np.int64), given
    if kind == "f":
        given = given & ~np.isnan(data)
        shown = data[given]
        bad = shown[~np.isfinite(shown) | (shown != np.floor(shown))] if shown.size else shown
        if bad.size:
            raise TypeError(f"train[{name!r}] holds {bad[0]!r}: expected {_expected(name)}")
        # 2**63 is the first float past int64 (the float of 2**63 - 1 is 2**63).
        past = shown[np.abs(shown) >= 2.0**63]
        _in_64_bits(name, int(past[0]) if past.size else None)
        return np.where(given, data, 0).astype(np.int64), given
    if kind == "u":
        past = data[given & (data > np.uint64(_I64[1]))]
        _in_64_bits(name, int(past[0]) if past.size else None)
        return data.astype(np.int64), given
    if kind == "i":
        return data.astype(np.int64), given
    raise TypeError(f"train[{name!r}] is a {data.dtype} array: expected {_expected(name)}")


def _in_64_bits(name, past):
    """A ``ValueError`` naming ``past``, a value no field takes (past 64 bits), if any."""
    if past is not None:
        raise ValueError(f"train[{name!r}] holds {past}: no field takes a value past 64 bits")


def _integral(v):
    if isinstance(v, (int, np.integer)):
        return True
    return isinstance(v, (float, np.floating)) and bool(np.isfinite(v)) and float(v).is_integer()


def _moves(col):
    """The moves as a list of ``str`` and ``None``; a ``TypeError`` for anything else."""
    arr = _numpy("move", col)
    if isinstance(arr, list):
        return arr
    if arr.ndim != 1:
        raise ValueError(f"train['move'] has shape {arr.shape}: expected one move a record")
    if arr.dtype.kind not in "UOT":
        raise TypeError(f"train['move'] is a {arr.dtype} array: expected {_expected('move')}")
    mask = np.ma.getmaskarray(arr)
    moves = [None if m or _missing(v) else v for v, m in zip(np.ma.getdata(arr).tolist(), mask)]
    bad = next((v for v in moves if v is not None and not isinstance(v, str)), None)
    if bad is not None:
        raise TypeError(f"train['move'] holds {bad!r}: expected {_expected('move')}")
    # A lone surrogate (surrogateescape decoding) is no text: its escape, which no move is,
    # makes the record a bad record naming it.
    return [_text(v) for v in moves]


def _text(v):
    """``v`` as UTF-8 can hold it: a lone surrogate written as its escape."""
    if v is None:
        return v
    try:
        v.encode()
        return v
    except UnicodeEncodeError:
        return v.encode("utf-8", "backslashreplace").decode()


def taken(buffers, valid, container, index=None, name=None):
    """The fields the extension took from the records (``buffers``), in ``container``:
    ``"numpy"`` (a dict of masked arrays, the moves an object array with ``None``), ``"list"``
    (a dict of lists with ``None``), ``"arrow"`` (a pyarrow ``StructArray``), ``"pandas"`` (a
    ``DataFrame`` with ``index``) or ``"polars"`` (a ``DataFrame``)."""
    score, result, ply, given, moves, ends = buffers
    n = len(valid)
    given = np.asarray(given).reshape(4, n).astype(bool)
    ints = {
        "score": np.asarray(score).view("<i4").astype(np.int32),
        "result": np.asarray(result).view(np.int8).copy(),
        "ply": np.asarray(ply).view("<u4").astype(np.uint32),
    }
    raw = bytes(np.asarray(moves))
    at = np.asarray(ends).view("<i8")
    move = [raw[at[i]:at[i + 1]].decode() if given[2, i] else None for i in range(n)]
    has = dict(zip(NAMES, given))
    if container == "numpy":
        out = {k: np.ma.MaskedArray(v, mask=~has[k]) for k, v in ints.items()}
        out["move"] = np.array(move, dtype=object)
        return {k: out[k] for k in NAMES}
    if container == "list":
        out = {k: [int(x) if g else None for x, g in zip(v, has[k])] for k, v in ints.items()}
        out["move"] = move
        return {k: out[k] for k in NAMES}
    import pyarrow as pa

    arrays = {k: pa.array(v, type=_TYPES[k], mask=~has[k]) for k, v in ints.items()}
    arrays["move"] = pa.array(move, type=pa.string())
    struct = pa.StructArray.from_arrays([arrays[k] for k in NAMES], names=list(NAMES))
    if container == "pandas":
        import pandas as pd

        table = pa.Table.from_arrays(struct.flatten(), names=list(NAMES))
        frame = table.to_pandas(types_mapper=pd.ArrowDtype)
        if index is not None:
            frame.index = index
        return frame
    if container == "polars":
        import polars as pl

        return pl.from_arrow(pa.Table.from_arrays(struct.flatten(), names=list(NAMES)))
    return struct


def first(fields):
    """The fields of a batch of one (a dict of lists) as a dict of values (``None`` where
    missing)."""
    return {k: v[0] for k, v in fields.items()}
