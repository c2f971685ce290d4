"""sudokit for Python: Norvig's names on strings, with the Rust engines.

The Rust extension (``sudokit._sudokit``) does the work; this file gives
Norvig's functions the shapes his essay gives them (values as a dict from
square to digits, ``False`` when there is no solution, ``display`` and
``solve_all`` printing), builds his geometry dictionaries, and turns a
NumPy array given to a batch call into lines for the Rust reader (a row
that holds a value that is no digit becomes an ``invalid`` answer naming
the row and the square). Every name is typed and documented in
``__init__.pyi``.
"""

from __future__ import annotations

import contextlib
import gc
import json
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Set, Tuple, Union

from . import _sudokit
from ._sudokit import (
    Answer,
    Generated,
    LimitReached,
    Multiple,
    ParseError,
    Rating,
    Unsolvable,
    canon,
    count,
    generate,
    is_unique,
    random_puzzle,
    rate,
)

__all__ = [
    "Answer",
    "Generated",
    "LimitReached",
    "Multiple",
    "ParseError",
    "Rating",
    "Step",
    "Unsolvable",
    "canon",
    "count",
    "count_batch",
    "display",
    "explain",
    "generate",
    "grid_values",
    "hint",
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


def _is_array(puzzles: Any) -> bool:
    return getattr(puzzles, "shape", None) is not None and not isinstance(
        puzzles, (str, bytes, bytearray, memoryview)
    )


def _lines(puzzles: Any) -> Tuple[Any, Dict[int, str]]:
    """A NumPy array of puzzles, (N, 81) or (N, 9, 9) of any integer type,
    as newline-separated bytes (0 for an empty square), made with array
    operations, not a Python object per puzzle, and the error of each row
    that holds a value that is no digit, by row. Such a row is still one
    line (its answer is replaced by an invalid one), so the answers line
    up with the rows. Any other input as it is."""
    if not _is_array(puzzles):
        return puzzles, {}
    import numpy

    array = numpy.asarray(puzzles)
    shape = array.shape
    if array.dtype.kind not in "iub":
        raise TypeError(f"a puzzle array must hold integers, not {array.dtype}")
    if not (len(shape) == 2 and shape[1] == 81) and not (len(shape) == 3 and shape[1:] == (9, 9)):
        raise ValueError(f"a puzzle array must be (N, 81) or (N, 9, 9), not {shape}")
    rows = array.reshape(shape[0], 81)
    bad = (rows < 0) | (rows > 9)
    text = numpy.full((shape[0], 82), ord("\n"), dtype=numpy.uint8)
    text[:, :81] = numpy.where(bad, 0, rows).astype(numpy.uint8) + ord("0")
    errors = {}
    for row in numpy.flatnonzero(bad.any(axis=1)).tolist():
        column = int(numpy.argmax(bad[row]))
        errors[row] = f"row {row}, square {squares[column]}: {rows[row, column]} is not a digit"
        # Two 1s in row A: a line the reader answers at once, as invalid.
        text[row, :2] = ord("1")
    return text.tobytes(), errors


def _mend(answers: List[Answer], errors: Dict[int, str]) -> List[Answer]:
    """The answers with the rows that held no digits answered as invalid."""
    for row, error in errors.items():
        answers[row] = Answer(row, row + 1, "invalid", error=error)
    return answers


@contextlib.contextmanager
def _collector_held() -> Iterator[None]:
    """Holds Python's cycle collector off while a batch call makes its
    answers: one object per puzzle, none of which can be in a cycle, and the
    collector would otherwise run every 700 of them (about a tenth of the
    call on 50,000 puzzles). It is turned back on if it was on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _table(answers: List[Answer], fields: List[Tuple[str, Any]], values: Any) -> Any:
    """Answers to an array's rows as a NumPy structured array: one record
    per row, `fields` filled by `values(answers, numpy)`, then each row's
    `status` and `error` ('' when there is none), named as the command's
    JSON names them."""
    import numpy

    n = len(answers)
    width = max([len(a.status) for a in answers] + [1])
    dtype = fields + [("status", f"U{width}"), ("error", object)]
    table = numpy.zeros(n, dtype=dtype)
    for name, column in values(answers, numpy).items():
        table[name] = column
    table["status"] = [a.status for a in answers]
    table["error"] = [a.error or "" for a in answers]
    return table


def _solutions(answers: List[Answer], numpy: Any) -> Dict[str, Any]:
    # One ASCII text of every row, then digits by array arithmetic.
    text = "".join(a.solution or "0" * 81 for a in answers).encode("ascii")
    digits = numpy.frombuffer(text, dtype=numpy.uint8).reshape(len(answers), 81) - ord("0")
    return {"solution": digits}


def solve_batch(
    puzzles: Any,
    *,
    threads: Optional[int] = None,
    engine: Optional[str] = None,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> Any:
    """Solves every puzzle on every core (or `threads`), in input order."""
    lines, errors = _lines(puzzles)
    with _collector_held():
        answers = _sudokit.solve_batch(
            lines, threads=threads, engine=engine, diagonal=diagonal, max_guesses=max_guesses
        )
    answers = _mend(answers, errors)
    if not _is_array(puzzles):
        return answers
    return _table(answers, [("solution", "u1", (81,))], _solutions)


def count_batch(
    puzzles: Any,
    *,
    limit: int = 2,
    threads: Optional[int] = None,
    engine: Optional[str] = None,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> Any:
    """Counts every puzzle's solutions up to `limit`, in input order."""
    lines, errors = _lines(puzzles)
    with _collector_held():
        answers = _sudokit.count_batch(
            lines, limit=limit, threads=threads, engine=engine, diagonal=diagonal, max_guesses=max_guesses
        )
    answers = _mend(answers, errors)
    if not _is_array(puzzles):
        return answers
    return _table(answers, [("count", "i8")], lambda a, _: {"count": [x.count or 0 for x in a]})


def rate_batch(
    puzzles: Any, *, threads: Optional[int] = None, diagonal: bool = False, rules: str = "se"
) -> Any:
    """Rates every puzzle by SE's rules or HoDoKu's, in input order."""
    lines, errors = _lines(puzzles)
    with _collector_held():
        answers = _sudokit.rate_batch(lines, threads=threads, diagonal=diagonal, rules=rules)
    answers = _mend(answers, errors)
    if not _is_array(puzzles):
        return answers
    if rules == "hodoku":

        def levels(a: List[Answer], _: Any) -> Dict[str, Any]:
            return {
                "level": [x.rating.level if x.rating else "" for x in a],
                "score": [x.rating.score if x.rating else -1 for x in a],
            }

        return _table(answers, [("level", "U7"), ("score", "i8")], levels)
    nan = float("nan")

    def ratings(a: List[Answer], _: Any) -> Dict[str, Any]:
        return {
            key: [getattr(x.rating, key) if x.rating else nan for x in a] for key in ("er", "ep", "ed")
        }

    return _table(answers, [("er", "f8"), ("ep", "f8"), ("ed", "f8")], ratings)


class Step:
    """One logical step, with the fields of the command's JSON steps
    (`sudokit explain --format json`); `hodoku` is None for a step by SE's
    rules (the command's JSON leaves it out)."""

    __slots__ = (
        "technique",
        "name",
        "difficulty",
        "placements",
        "eliminations",
        "evidence",
        "text",
        "hodoku",
    )

    def __init__(self, record: Dict[str, Any]) -> None:
        self.technique: str = record["technique"]
        self.name: str = record["name"]
        self.difficulty: float = record["difficulty"]
        self.placements: List[Dict[str, Any]] = record["placements"]
        self.eliminations: List[Dict[str, Any]] = record["eliminations"]
        self.evidence: Dict[str, Any] = record["evidence"]
        self.text: str = record["text"]
        self.hodoku: Optional[Dict[str, Any]] = record.get("hodoku")

    def to_dict(self) -> Dict[str, Any]:
        """The step as the command's JSON record has it (`hodoku` only for
        a step by HoDoKu's rules)."""
        record = {name: getattr(self, name) for name in self.__slots__}
        if record["hodoku"] is None:
            del record["hodoku"]
        return record

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any]]]:
        return (Step, (self.to_dict(),))

    def __repr__(self) -> str:
        return f"Step({self.name} ({self.difficulty}): {self.text})"


def explain(
    puzzle: Any, order: Optional[str] = None, *, diagonal: bool = False, rules: str = "se"
) -> List[Step]:
    """The logical path from the puzzle to its solution, step by step, by
    SE's rules (in `order`, "se" by default) or HoDoKu's."""
    records, _ = _sudokit.explain_json(puzzle, order, diagonal, rules)
    return [Step(json.loads(r)) for r in records]


def hint(
    puzzle: Any,
    state: Optional[Any] = None,
    *,
    level: str = "move",
    order: Optional[str] = None,
    diagonal: bool = False,
    rules: str = "se",
) -> Dict[str, Any]:
    """The next step from a player's state, as much as `level` gives away,
    by SE's rules (in `order`, "easiest" by default) or HoDoKu's (the first
    step of HoDoKu's path from the state)."""
    return json.loads(_sudokit.hint_json(puzzle, state, level, order, diagonal, rules))


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


def solve(
    grid: Any,
    engine: Union[str, None] = None,
    *,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> Union[Values, bool]:
    """The solution of a puzzle as values, or False when it has none."""
    found = _sudokit.solve(grid, engine=engine, diagonal=diagonal, max_guesses=max_guesses)
    return False if found is None else dict(found)


def display(values: Union[str, Mapping[str, str]]) -> None:
    """Prints values (or a puzzle's propagated candidates) as `sudokit candidates` does."""
    text = values if isinstance(values, str) else dict(values)
    print(_sudokit.display_text(text), end="")


def solve_all(grids: Iterable[str], name: str = "") -> None:
    """Solves every puzzle with Norvig's engine and prints his report line."""
    print(_sudokit.solve_all_report(list(grids), name))
