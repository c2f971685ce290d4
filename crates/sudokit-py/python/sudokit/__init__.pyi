# Type stubs of the Python package `sudokit`: every function and class,
# typed and documented (PEP 561; `py.typed` marks the package as typed).
"""sudokit: a Sudoku toolkit with Rust engines, in Norvig's words.

Puzzles are strings in Norvig's permissive format: digits are givens, `0`
and `.` are empty squares, everything else is ignored. A bad puzzle given
to a single-puzzle function raises `ParseError`; in a batch it becomes an
`invalid` answer and the rest of the batch is answered.
"""

from typing import Any, Dict, Iterable, List, Literal, Mapping, Optional, Set, Union

Values = Dict[str, str]
"""Norvig's values: square name ("A1".."I9") -> its digits ("1679")."""

Puzzles = Union[List[str], str, bytes, Any]
"""A batch: a list with one puzzle per string, one str/bytes of
newline-separated puzzles (the file format of `sudokit solve`: one puzzle
per line, or multi-line grids, `#` comments), or a NumPy (N, 81) uint8
array, one puzzle per row, 0 for an empty square (typed Any so that NumPy
need not be installed)."""

squares: List[str]
"""The 81 square names, "A1" to "I9", row by row."""
unitlist: List[List[str]]
"""The 27 units in Norvig's order: 9 columns, 9 rows, 9 boxes."""
units: Dict[str, List[List[str]]]
"""The three units (row, column, box) of each square."""
peers: Dict[str, Set[str]]
"""The 20 peers of each square: the other squares of its units."""

class ParseError(ValueError):
    """A text that is not a puzzle. `str(error)` says where and what, as
    the command does (`digit 1 is given twice in row A: at A1 and at A2`)."""

    square: Optional[str]
    """The square at fault (such as "A2"), when there is one."""
    position: Optional[int]
    """The 1-based character position at fault, when known."""
    what: str
    """The kind of error: "square_count", "symbol_out_of_range",
    "conflict", "board", "not_text", "line_too_long", "read",
    "mark_count", "misplaced_mark", "puzzle_count" or "no_candidate"."""

class Rating:
    """Sudoku Explainer's rating of a puzzle (as `sudokit rate` gives it)."""

    er: float
    """The highest difficulty over the solve path (20.0 when the rules cannot finish it)."""
    ep: float
    """The highest difficulty up to the first placement."""
    ed: float
    """The difficulty of the first step."""
    technique: Optional[str]
    """The technique that set ER (such as "Pointing")."""
    steps: int
    """How many steps the path has."""
    techniques: Dict[str, int]
    """How many steps of each technique, by technique id."""
    complete: bool
    """False when no rule finds a step before the puzzle is solved."""

class Answer:
    """What a batch call made of one puzzle."""

    index: int
    """The puzzle's 0-based position in the batch's puzzles."""
    line: int
    """The 1-based line the puzzle starts on (1 for list items)."""
    status: Literal["solved", "unsolvable", "multiple", "counted", "rated", "invalid"]
    """`solved` (solve_batch), `counted` (count_batch), `rated` (rate_batch);
    `unsolvable` or `multiple` when there is no answer of that kind;
    `invalid` when the puzzle could not be read (see `reason`)."""
    solution: Optional[str]
    """The solution, one line of 81 digits (solve_batch)."""
    count: Optional[int]
    """The solutions, counted up to the limit (count_batch)."""
    rating: Optional[Rating]
    """The rating (rate_batch)."""
    reason: Optional[str]
    """Why there is no answer: where and what for an invalid puzzle."""
    @property
    def ok(self) -> bool:
        """True unless the puzzle is invalid."""

def grid_values(grid: str) -> Values:
    """Each square's digit, '.' for an empty one. Raises ParseError."""

def parse_grid(grid: str) -> Union[Values, Literal[False]]:
    """Each square's candidates after the givens are assigned and
    propagated, or False on a contradiction. Raises ParseError."""

def search(values: Union[str, Mapping[str, str], Literal[False]]) -> Union[Values, Literal[False]]:
    """Norvig's search from values (as parse_grid gives them) or from a
    puzzle: the first solution as values, or False."""

def solve(grid: str, engine: Optional[str] = None) -> Union[Values, Literal[False]]:
    """The first solution as values, or False when there is none. `engine`
    is a name as on the command line ("norvig", "backtrack", "agent",
    "fast"); None picks the best for the grid. Raises ParseError."""

def display(values: Union[str, Mapping[str, str]]) -> None:
    """Prints values, or a puzzle's candidates after propagation, in the
    same text as `sudokit candidates`."""

def solve_all(grids: Iterable[str], name: str = "") -> None:
    """Solves every puzzle with Norvig's engine and prints his report line
    (solved, average and maximum time, rate). Raises ParseError."""

def random_puzzle(n: int = 17, seed: Optional[int] = None) -> str:
    """Norvig's random puzzle: random digits assigned until at least `n`
    squares are decided (not always one solution). `seed` repeats one."""

def count(puzzle: str, limit: int = 2, engine: Optional[str] = None) -> int:
    """The solutions of a puzzle, counted up to `limit`. Raises ParseError."""

def is_unique(puzzle: str, engine: Optional[str] = None) -> bool:
    """True when the puzzle has exactly one solution. Raises ParseError."""

def rate(puzzle: str) -> Rating:
    """Sudoku Explainer's rating. Raises ParseError, or ValueError when the
    puzzle has no solution or several."""

def canon(puzzle: str) -> str:
    """The canonical (minlex) form: equal for puzzles that are the same up
    to relabelling, row/column/band/stack swaps and transposition."""

def solve_batch(
    puzzles: Puzzles, *, threads: Optional[int] = None, engine: Optional[str] = None
) -> List[Answer]:
    """Solves every puzzle without the interpreter lock, on every core (or
    `threads`), answers in input order: `solved`, `unsolvable`, `invalid`."""

def count_batch(
    puzzles: Puzzles,
    *,
    limit: int = 2,
    threads: Optional[int] = None,
    engine: Optional[str] = None,
) -> List[Answer]:
    """Counts every puzzle's solutions up to `limit`, as solve_batch runs:
    `counted` (see `count`) or `invalid`."""

def rate_batch(puzzles: Puzzles, *, threads: Optional[int] = None) -> List[Answer]:
    """Rates every puzzle, as solve_batch runs: `rated`, `unsolvable`,
    `multiple` or `invalid`."""
