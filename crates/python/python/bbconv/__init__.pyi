"""Type stubs of bbconv: game-board representations converted exactly, a batch at a time."""

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Optional, Sequence, overload

import numpy as np
import numpy.typing as npt

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
    """A record that does not convert: its index in the batch, 1-based column, and message."""

    index: int
    column: Optional[int]
    message: str
    def __init__(self, index: int, column: Optional[int], message: str) -> None: ...

@dataclass(frozen=True)
class Form:
    """A form bbconv reads or writes."""

    name: str
    aliases: tuple[str, ...]
    holds: str
    description: str
    example: str
    binary: bool
    fixed: Optional[str]
    words: bool
    raw: bool

@dataclass(frozen=True)
class Reading:
    """One way a board's text may have been meant, with the keyword arguments that read it so."""

    description: str
    settings: dict[str, Any]
    needs_fix: bool
    squares: list[str]

@dataclass(frozen=True)
class Explanation:
    """What explain finds."""

    size: str
    orders: dict[str, list[str]]
    expected: Optional[list[str]]
    exact: list[Reading]
    closest: Optional[tuple[str, list[str], list[str]]]
    near: list[tuple[Reading, str]]

@dataclass(frozen=True)
class Difference:
    """What diff finds."""

    a: str
    b: str
    same: bool
    both_empty: bool
    mappings: list[str]
    readings: list[Reading]
    near: list[tuple[Reading, str]]
    only_in_a: dict[str, list[str]]
    only_in_b: dict[str, list[str]]

@dataclass(frozen=True)
class Inference:
    """What infer finds."""

    samples: int
    fits: list[Reading]
    best: Optional[Reading]
    agree: int
    disagree: list[int]

def explain(
    value: str | int,
    expect: Optional[str] = None,
    *,
    expect_fen: Optional[str] = None,
    side: str = "occupied",
    frm: str = "auto",
    size: Optional[str] = None,
    order: str = "lerf",
    **options: Any,
) -> Explanation:
    """Decode a number under every square order; find the readings that give the squares expected."""

def diff(
    a: str | int,
    b: str | int,
    *,
    frm: str = "auto",
    size: Optional[str] = None,
    order: str = "lerf",
    **options: Any,
) -> Difference:
    """Compare two boards and say how B relates to A."""

def infer(
    samples: Sequence[str | tuple[str | int, str]],
    *,
    frm: str = "auto",
    side: str = "occupied",
    size: Optional[str] = None,
    order: str = "lerf",
    **options: Any,
) -> Inference:
    """Find the square numbering that explains every sample."""

def formats() -> list[Form]:
    """The forms bbconv knows, with their names as ``frm=`` and ``to=`` take them."""

@overload
def convert(
    values: str | bytes,
    frm: str = "fen",
    to: str = "packed",
    *,
    size: Optional[str] = None,
    order: str = "lerf",
    errors: Literal["raise"] = "raise",
    jobs: Optional[int] = None,
    output: Optional[Literal["numpy", "arrow", "list"]] = None,
    column: Optional[str] = None,
    swap: bool = False,
    bits: bool = False,
    train: Optional[bool | Mapping[str, Any] | Any] = None,
    **options: Any,
) -> Any: ...
@overload
def convert(
    values: Any,
    frm: str = "fen",
    to: str = "packed",
    *,
    size: Optional[str] = None,
    order: str = "lerf",
    errors: Literal["raise", "null"] = "raise",
    jobs: Optional[int] = None,
    output: Optional[Literal["numpy", "arrow", "list"]] = None,
    column: Optional[str] = None,
    swap: bool = False,
    bits: bool = False,
    train: Optional[bool | Mapping[str, Any] | Any] = None,
    **options: Any,
) -> npt.NDArray[Any] | tuple[npt.NDArray[Any], npt.NDArray[np.bool_]] | list[Any] | tuple[Any, Any] | Any:
    """Convert boards from one form to another, a batch at a time (see ``help(bbconv.convert)``).

    ``train=`` a mapping of ``score``, ``result``, ``move``, ``ply`` arrays (White's point of
    view) sets the records' training fields; ``train=True`` returns ``(boards, fields)``.
    """
