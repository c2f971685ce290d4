"""sudokit for Python: Norvig's names on strings, with the Rust engines.

The Rust extension (``sudokit._sudokit``) does the work; this file gives
Norvig's functions the shapes his essay gives them (values as a dict from
square to digits, ``False`` when there is no solution, ``display`` and
``solve_all`` printing) and builds his geometry dictionaries. Every name
is typed and documented in ``__init__.pyi``.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Mapping, Set, Union

from . import _sudokit
from ._sudokit import (
    Answer,
    ParseError,
    Rating,
    canon,
    count,
    count_batch,
    is_unique,
    random_puzzle,
    rate,
    rate_batch,
    solve_batch,
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
