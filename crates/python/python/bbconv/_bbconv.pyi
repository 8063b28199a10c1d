"""The extension module: the typed signatures of the package's functions, and the batch calls
bbconv.convert makes (private)."""

from typing import Any, Literal, Optional, Sequence

class Settings:
    """Every keyword argument of ``bbconv.convert``, checked and parsed."""
    def __init__(
        self,
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
        **options: Any,
    ) -> None: ...
    @property
    def frm(self) -> str: ...
    @property
    def fixed(self) -> Optional[str]: ...
    @property
    def errors(self) -> str: ...
    @property
    def output(self) -> Optional[str]: ...
    @property
    def column(self) -> Optional[str]: ...
    @property
    def bits(self) -> bool: ...
    @property
    def planes(self) -> int: ...
    def record_len(self, width: int, height: int) -> Optional[int]: ...

def convert_list(values: list[Any], settings: Settings, as_list: bool) -> tuple[Any, ...]: ...
def convert_capsule(values: Any, settings: Settings, as_list: bool, column: Optional[str]) -> tuple[Any, ...]: ...
def convert_fixed(rows: tuple[Any, int, int, str], settings: Settings, read_as: Optional[str], as_list: bool) -> tuple[Any, ...]: ...
def formats() -> list[tuple[str, list[str], str, str, str, bool, Optional[str]]]: ...
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
) -> dict[str, Any]: ...
def diff(a: str | int, b: str | int, *, frm: str = "auto", size: Optional[str] = None, order: str = "lerf", **options: Any) -> dict[str, Any]: ...
def infer(
    samples: Sequence[str | tuple[str | int, str | int]],
    *,
    frm: str = "auto",
    side: str = "occupied",
    size: Optional[str] = None,
    order: str = "lerf",
    **options: Any,
) -> dict[str, Any]: ...

class ArrowColumn:
    """A batch's output that exports itself through the Arrow PyCapsule interface."""
    def __arrow_c_array__(self, requested_schema: Any = None) -> tuple[Any, Any]: ...
    def __len__(self) -> int: ...

def arrow_column(kind: str, data: Any, ends: Optional[Any], valid: bytes, width: int) -> ArrowColumn: ...
