"""Type stubs of bbconv: game-board representations converted exactly, a batch at a time."""

from dataclasses import dataclass
from typing import Any, Literal, Optional, overload

import numpy as np
import numpy.typing as npt

__all__ = ["convert", "formats", "Form", "ParseError"]

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
    swap: bool = False,
    bits: bool = False,
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
    swap: bool = False,
    bits: bool = False,
    **options: Any,
) -> npt.NDArray[Any] | tuple[npt.NDArray[Any], npt.NDArray[np.bool_]] | list[Any] | Any:
    """Convert boards from one form to another, a batch at a time (see ``help(bbconv.convert)``)."""
