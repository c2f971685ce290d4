"""sudokit for Python: Norvig's names on strings, with the Rust engines.

The Rust extension (``sudokit._sudokit``) does the work; this file gives
Norvig's functions the shapes his essay gives them (values as a dict from
square to digits, ``False`` when there is no solution, ``display`` and
``solve_all`` printing), builds his geometry dictionaries, and turns a
NumPy array given to a batch call into lines for the Rust reader. Every name
is typed and documented in ``__init__.pyi``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping, Optional, Set, Union

from . import _sudokit
from ._sudokit import (
    Answer,
    ParseError,
    Rating,
    canon,
    count,
    is_unique,
    random_puzzle,
    rate,
)

__all__ = [
    "Answer",
    "ParseError",
    "Rating",
    "canon",
    "count",
    "count_batch",
    "display",
    "grid_values",
    "is_unique",
    "parse_grid",
    "peers",
    "random_puzzle",
    "rate",
    "rate_batch",
    "search",
    "solve",
    "solve_all",
    "solve_batch",
    "squares",
    "unitlist",
    "units",
]

Values = Dict[str, str]

# Norvig's geometry of the 9x9 grid, by square name ("A1".."I9").
squares: List[str]
unitlist: List[List[str]]
squares, unitlist = _sudokit.geometry()
units: Dict[str, List[List[str]]] = {s: [u for u in unitlist if s in u] for s in squares}
peers: Dict[str, Set[str]] = {s: set(sum(units[s], [])) - {s} for s in squares}


def _lines(puzzles: Any) -> Any:
    """A NumPy (N, 81) uint8 array as newline-separated bytes (0 for an
    empty square), made with array operations, not a Python object per
    puzzle; any other input as it is."""
    shape = getattr(puzzles, "shape", None)
    if shape is None or isinstance(puzzles, (str, bytes)):
        return puzzles
    if len(shape) != 2 or shape[1] != 81 or str(puzzles.dtype) != "uint8":
        raise ValueError(f"a puzzle array must be (N, 81) uint8, not {shape} {puzzles.dtype}")
    import numpy

    text = numpy.full((shape[0], 82), ord("\n"), dtype=numpy.uint8)
    # Digits above 9 become symbols the reader does not count as squares,
    # so such a row is an invalid answer (wrong square count), not a crash.
    text[:, :81] = numpy.where(puzzles > 9, ord("?"), puzzles + ord("0"))
    return text.tobytes()


def solve_batch(puzzles: Any, *, threads: Optional[int] = None, engine: Optional[str] = None) -> List[Answer]:
    """Solves every puzzle on every core (or `threads`), in input order."""
    return _sudokit.solve_batch(_lines(puzzles), threads=threads, engine=engine)


def count_batch(
    puzzles: Any, *, limit: int = 2, threads: Optional[int] = None, engine: Optional[str] = None
) -> List[Answer]:
    """Counts every puzzle's solutions up to `limit`, in input order."""
    return _sudokit.count_batch(_lines(puzzles), limit=limit, threads=threads, engine=engine)


def rate_batch(puzzles: Any, *, threads: Optional[int] = None) -> List[Answer]:
    """Rates every puzzle, in input order."""
    return _sudokit.rate_batch(_lines(puzzles), threads=threads)


def grid_values(grid: str) -> Values:
    """Each square's digit, '.' for an empty one."""
    return dict(_sudokit.grid_values(grid))


def parse_grid(grid: str) -> Union[Values, bool]:
    """Each square's candidates after propagation, or False on a contradiction."""
    values = _sudokit.parse_grid(grid)
    return False if values is None else dict(values)


def search(values: Union[str, Mapping[str, str], bool]) -> Union[Values, bool]:
    """The first solution reachable from values (or a puzzle), or False."""
    if values is False:
        return False
    if isinstance(values, str):
        found = _sudokit.solve(values, engine="norvig")
    else:
        found = _sudokit.search_values(dict(values))
    return False if found is None else dict(found)


def solve(grid: str, engine: Union[str, None] = None) -> Union[Values, bool]:
    """The solution of a puzzle as values, or False when it has none."""
    found = _sudokit.solve(grid, engine=engine)
    return False if found is None else dict(found)


def display(values: Union[str, Mapping[str, str]]) -> None:
    """Prints values (or a puzzle's propagated candidates) as `sudokit candidates` does."""
    text = values if isinstance(values, str) else dict(values)
    print(_sudokit.display_text(text), end="")


def solve_all(grids: Iterable[str], name: str = "") -> None:
    """Solves every puzzle with Norvig's engine and prints his report line."""
    print(_sudokit.solve_all_report(list(grids), name))
