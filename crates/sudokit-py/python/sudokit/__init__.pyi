# Type stubs of the Python package `sudokit`: every function and class,
# typed and documented (PEP 561; `py.typed` marks the package as typed).
"""sudokit: a Sudoku toolkit with Rust engines, in Norvig's words.

Puzzles are strings in Norvig's permissive format: digits are givens, `0`
and `.` are empty squares, everything else is ignored. A bad puzzle given
to a single-puzzle function raises `ParseError`; in a batch it becomes an
`invalid` answer and the rest of the batch is answered. Every long call can
be interrupted with Ctrl-C (`KeyboardInterrupt`), and its work stops.
"""

from typing import Any, Dict, Iterable, List, Literal, Mapping, Optional, Set, Tuple, Union

Values = Dict[str, str]
"""Norvig's values: square name ("A1".."I9") -> its digits ("1679")."""

Puzzle = Union[str, bytes, bytearray, memoryview, Any]
"""One puzzle, as the command reads a line: its text (str, or bytes, a
bytearray or a memoryview of it), givens or a line of 729 pencil marks; or
a NumPy array of its digits of any integer type and any shape of 81 values
((81,), (9, 9)), 0 for an empty square (typed Any so that NumPy need not be
installed)."""

Puzzles = Union[List[Puzzle], str, bytes, memoryview, Any]
"""A batch: a list with one `Puzzle` per item, one str/bytes/memoryview of
newline-separated puzzles (the file format of `sudokit solve`: one puzzle
per line, or multi-line grids, `#` comments), or a NumPy (N, 81) or
(N, 9, 9) array of any integer type, one puzzle per row, 0 for an empty
square; a row holding a value that is no digit is answered `invalid`, its
error naming the row (from 0) and the square."""

Answers = Union[List["Answer"], Any]
"""A batch's answers: a list of `Answer` in input order, or, for a NumPy
array, a NumPy structured array with one record per row: the answer's
fields (`solution` as 81 uint8 digits, all 0 when there is none; `count`;
`er`, `ep` and `ed`, NaN when unrated; by HoDoKu's rules `level` and
`score`, '' and -1 when unrated), then `status` and `error` as in
`Answer` (`error` is '' when there is none)."""

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
    "mark_count", "misplaced_mark", "puzzle_count", "no_candidate" or
    "library" (a line of HoDoKu's library format that does not read)."""

class Unsolvable(ValueError):
    """A puzzle with no solution, given where one solution is needed
    (rate, explain, hint)."""

class Multiple(ValueError):
    """A puzzle with several solutions, given where one solution is needed
    (rate, explain, hint)."""

class LimitReached(RuntimeError):
    """The guess budget (`max_guesses`) ran out before the search finished."""

class Rating:
    """A puzzle's rating, with the fields of the command's JSON (see the
    guide's JSON reference): Sudoku Explainer's (`rules="se"`, as `sudokit
    rate` gives it: `er`, `ep`, `ed`) or HoDoKu's (`rules="hodoku"`: its
    `level` and `score`, as `sudokit explain --rules hodoku` gives them).
    The other rule set's fields are None. Ratings pickle, and compare equal
    field by field."""

    def __init__(
        self,
        er: Optional[float],
        ep: Optional[float],
        ed: Optional[float],
        technique: Optional[str],
        name: Optional[str],
        steps: int,
        techniques: Dict[str, int],
        complete: bool,
        level: Optional[str] = None,
        score: Optional[int] = None,
    ) -> None: ...

    er: Optional[float]
    """The highest difficulty over the solve path (20.0 when the rules
    cannot finish it); None by HoDoKu's rules."""
    ep: Optional[float]
    """The highest difficulty up to the first placement; None by HoDoKu's rules."""
    ed: Optional[float]
    """The difficulty of the first step; None by HoDoKu's rules."""
    technique: Optional[str]
    """The id of the technique that set ER (such as "pointing", as in
    `techniques` and the command's JSON); None when the rating is
    incomplete. By HoDoKu's rules, the technique of the path's hardest
    step (the first of the highest base score; such as "w_wing"), None
    when the path has no step."""
    name: Optional[str]
    """That technique's name for people (such as "Pointing"; by HoDoKu's
    rules the step's HoDoKu name, such as "W-Wing"); None likewise."""
    steps: int
    """How many steps the path has."""
    techniques: Dict[str, int]
    """How many steps of each technique, by technique id."""
    complete: bool
    """False when no rule finds a step before the puzzle is solved; by
    HoDoKu's rules, when the path stops at a step type sudokit has no
    finder for yet (the level and score are then those of the steps
    before)."""
    level: Optional[str]
    """HoDoKu's level: "easy", "medium", "hard", "unfair" or "extreme";
    None by SE's rules."""
    score: Optional[int]
    """HoDoKu's score, the sum of the steps' base scores; None by SE's
    rules."""

class Answer:
    """What a batch call made of one puzzle, in the words of the
    command's JSON record (`status`, `error`, `solution`). Answers pickle,
    and compare equal field by field."""

    def __init__(
        self,
        index: int,
        line: int,
        status: str,
        solution: Optional[str] = None,
        count: Optional[int] = None,
        rating: Optional[Rating] = None,
        error: Optional[str] = None,
    ) -> None: ...

    index: int
    """The puzzle's 0-based position in the batch's puzzles."""
    line: int
    """The 1-based line the puzzle starts on (1 for list items)."""
    status: Literal[
        "solved",
        "unique",
        "multiple",
        "solvable",
        "rated",
        "incomplete",
        "unsolvable",
        "limit",
        "invalid",
    ]
    """The outcome, in the word the command's JSON `status` gives it:
    `solved` (solve_batch, as `sudokit solve`); `unique`, `multiple`, or
    `solvable` when limit=1 found one (count_batch, as `sudokit count`);
    `rated`, or `incomplete` when no rule finishes the path (rate_batch, as
    `sudokit rate`); `unsolvable` when there is no solution; `multiple`
    (rate_batch) when there are several; `limit` when the guess budget
    (`max_guesses`) ran out; `invalid` when the puzzle could not be read
    (see `error`)."""
    solution: Optional[str]
    """The solution, one line of 81 digits (solve_batch)."""
    count: Optional[int]
    """The solutions, counted up to the limit (count_batch; for `limit`,
    those found before the budget ran out)."""
    rating: Optional[Rating]
    """The rating (rate_batch)."""
    error: Optional[str]
    """Why the puzzle is invalid (where and what), as the command's JSON
    `error`; None for any other status."""
    @property
    def ok(self) -> bool:
        """True unless the puzzle is invalid."""

class Step:
    """One logical step, with the fields of the command's JSON steps
    (`sudokit explain --format json`; see the JSON reference in the
    command's guide, docs/guide.md).
    Steps pickle, and compare equal field by field."""

    technique: str
    """The technique's id, such as "hidden_single" or "x_wing"."""
    name: str
    """Its name for people, such as "Hidden single in a box"."""
    difficulty: Optional[float]
    """Its difficulty on Sudoku Explainer's scale (1.0 to 11.x); None for
    a technique of HoDoKu's that SE does not have."""
    placements: List[Dict[str, Any]]
    """The digits it places: {"square": "F2", "digit": 4}."""
    eliminations: List[Dict[str, Any]]
    """The candidates it removes, in the same form."""
    evidence: Dict[str, Any]
    """What makes it true: squares, candidates, units, a fish's base and
    cover, a wing's pivot and pincers, a chain's links in order (each with
    square, digit, on and its reason); empty parts are left out."""
    text: str
    """One sentence, squares named A1..I9."""
    hodoku: Optional[Dict[str, Any]]
    """For a step by HoDoKu's rules, what HoDoKu says of it: `code` (its
    library code, "0100"), `short` (its short name, "lc1"), `score` (its
    base score) and `line` (the line HoDoKu prints, squares written r1c1);
    None for a step by SE's rules."""
    def __init__(self, record: Dict[str, Any]) -> None:
        """A step from its JSON record (as a dict)."""
    def to_dict(self) -> Dict[str, Any]:
        """The step as the command's JSON record has it (`hodoku` only for
        a step by HoDoKu's rules)."""

class Generated:
    """A new puzzle with one solution, from `generate`. It pickles, and
    compares equal field by field."""

    def __init__(
        self,
        puzzle: str,
        solution: str,
        symmetry: str,
        givens: int,
        rating: Optional[Rating],
        seed: int,
        tries: int,
    ) -> None: ...

    puzzle: str
    """The givens, one line of 81 characters ('.' for an empty square)."""
    solution: str
    """Its one solution."""
    symmetry: str
    """The symmetry of its givens, such as "rot180"."""
    givens: int
    """How many givens it has (the command's JSON `givens`)."""
    rating: Optional[Rating]
    """Its rating, when a level, ER range or technique was asked for."""
    seed: int
    """The seed: the same seed and options make the same puzzle."""
    tries: int
    """How many tries it took."""

def explain(
    puzzle: Puzzle,
    order: Optional[Literal["se", "easiest"]] = None,
    *,
    diagonal: bool = False,
    rules: Literal["se", "hodoku"] = "se",
) -> List[Step]:
    """The logical path from the puzzle (or its pencil marks) to its
    solution, step by step. By SE's rules (the default) in Sudoku
    Explainer's order (`order="se"`, the default: its path defines the
    rating) or easiest first; by HoDoKu's rules (`rules="hodoku"`, 9x9
    without diagonals) HoDoKu's path, each step with its `hodoku` line (as
    `sudokit explain --rules hodoku --format hodoku` prints them), which
    stops short of the solution where it needs a step type sudokit does
    not search for yet. HoDoKu's rules take no `order`. Raises ParseError,
    Unsolvable or Multiple when the puzzle has no solution or several, or
    ValueError for rules other than "se" and "hodoku"."""

def hint(
    puzzle: Puzzle,
    state: Optional[Puzzle] = None,
    *,
    level: Literal["area", "technique", "cells", "move"] = "move",
    order: Optional[Literal["se", "easiest"]] = None,
    diagonal: bool = False,
    rules: Literal["se", "hodoku"] = "se",
) -> Dict[str, Any]:
    """The next step from a player's state, as much as `level` gives away,
    as the library's graded hint: `level` and `status` (`hinted`, `mistake`,
    `solved` or `stuck`), then the level's fields, as `sudokit hint --format
    json` writes them after the puzzle's record: `area` (where to look),
    `technique` (and which technique), `cells` (and its squares and digits)
    or `move` (the whole step, a JSON step). `state` is the digits placed so
    far (81 characters) or 729 characters of pencil marks; None is the
    puzzle's start. When a placed digit is wrong, or a mark leaves out a
    square's digit, the answer names that square (`mistake`) instead.

    By SE's rules (the default) the step is the next in `order` ("easiest"
    by default). By HoDoKu's rules (`rules="hodoku"`, 9x9 without
    diagonals; no `order`) it is the first step of HoDoKu's path from the
    state, so the hint names the technique HoDoKu uses next (W-Wing, not a
    forcing chain), graded level by level as SE's steps are, its text
    weighing the step by HoDoKu's base score ("Try Locked Triple (score
    60) in box 7.") where SE's would give its difficulty. Every step type
    of HoDoKu's default configuration has a finder (brute force last), so
    its path goes on to the solution.

    Raises ParseError, ValueError when the state does not fit the puzzle or
    for rules other than "se" and "hodoku", or Unsolvable or Multiple when
    the puzzle has no solution or several."""

def generate(
    *,
    level: Optional[str] = None,
    er: Union[float, Tuple[float, float], None] = None,
    symmetry: str = "rot180",
    minimal: bool = False,
    givens: Union[int, Tuple[int, int], None] = None,
    size: int = 9,
    diagonal: bool = False,
    seed: Optional[int] = None,
    max_tries: int = 100000,
    technique: Optional[str] = None,
    rules: Literal["se", "hodoku"] = "se",
    score: Union[int, Tuple[int, int], None] = None,
) -> Generated:
    """A new puzzle with one solution, as `sudokit generate` makes them:
    `level` (Sudoku Explainer's bands) and/or an `er` range (min, max) or
    one ER; `technique` the id of the technique that must set ER (such as
    "x_wing");
    with `rules="hodoku"` (9x9 without diagonals) the puzzle is kept by
    HoDoKu's rating instead, as `generate --rules hodoku` keeps it: `level`
    one of HoDoKu's ("easy", "medium", "hard", "unfair", "extreme"),
    `score` a range of HoDoKu scores (min, max) or one score, `technique` a
    step type its path must take, by HoDoKu's short name, code or name
    ("sk", "0400" or "Skyscraper"); the rating is then HoDoKu's (`level`,
    `score`);
    `symmetry` one of none, rot180, rot90, mirror, diagonal, antidiagonal
    or random; `givens` a range of givens or one number (without it the
    puzzle is minimal: no orbit of givens can go); `seed` repeats a puzzle.
    Runs without the interpreter lock. A puzzle no rule finishes (an
    incomplete rating, ER 20.0) never meets a level or range. Raises
    ValueError at once for a request no puzzle of the grid can meet (such as
    a 4x4 puzzle above easy, or a Skyscraper in an easy HoDoKu puzzle),
    RuntimeError when `max_tries` tries made none."""

def grid_values(grid: str) -> Values:
    """Each square's digit, '.' for an empty one. Raises ParseError."""

def parse_grid(grid: str) -> Union[Values, Literal[False]]:
    """Each square's candidates after the givens are assigned and
    propagated, or False on a contradiction. Raises ParseError."""

def search(values: Union[str, Mapping[str, str], Literal[False]]) -> Union[Values, Literal[False]]:
    """Norvig's search from values (as parse_grid gives them) or from a
    puzzle: the first solution as values, or False."""

def solve(
    grid: Puzzle,
    engine: Optional[str] = None,
    *,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> Union[Values, Literal[False]]:
    """The first solution as values, or False when there is none. `engine`
    is a name as on the command line ("norvig", "backtrack", "agent",
    "fast"); None picks the best for the grid. `max_guesses` is a guess
    budget, as the command's `--max-guesses`. Raises ParseError, or
    LimitReached when the budget ran out first."""

def display(values: Union[str, Mapping[str, str]]) -> None:
    """Prints values, or a puzzle's candidates after propagation, in the
    same text as `sudokit candidates`."""

def solve_all(grids: Iterable[str], name: str = "") -> None:
    """Solves every puzzle with Norvig's engine and prints his report line
    (solved, average and maximum time, rate). Raises ParseError."""

def random_puzzle(n: int = 17, seed: Optional[int] = None) -> str:
    """Norvig's random puzzle: random digits assigned until at least `n`
    squares are decided (not always one solution). `seed` repeats one."""

def count(
    puzzle: Puzzle,
    limit: int = 2,
    engine: Optional[str] = None,
    *,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> int:
    """The solutions of a puzzle, counted up to `limit` (at least 1; 0 is
    a ValueError, as for `sudokit count --limit`). Raises ParseError, or
    LimitReached when the guess budget ran out first."""

def is_unique(
    puzzle: Puzzle,
    engine: Optional[str] = None,
    *,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> bool:
    """True when the puzzle has exactly one solution. Raises ParseError."""

def rate(
    puzzle: Puzzle, *, diagonal: bool = False, rules: Literal["se", "hodoku"] = "se"
) -> Rating:
    """Sudoku Explainer's rating (`er`, `ep`, `ed`), or with
    `rules="hodoku"` HoDoKu's (`level` and `score`; 9x9 without diagonals),
    from the givens or a line of pencil marks. Raises ParseError,
    Unsolvable or Multiple when the puzzle has no solution or several, or
    ValueError for rules other than "se" and "hodoku" or a grid HoDoKu's
    rules do not take."""

def canon(puzzle: Puzzle, *, diagonal: bool = False) -> str:
    """The canonical (minlex) form: equal for puzzles that are the same up
    to relabelling, row/column/band/stack swaps and transposition. Pencil
    marks are refused (ValueError), as `sudokit canon` refuses them."""

def solve_batch(
    puzzles: Puzzles,
    *,
    threads: Optional[int] = None,
    engine: Optional[str] = None,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> Answers:
    """Solves every puzzle without the interpreter lock, on every core (or
    `threads`, lowered to the cores with a UserWarning), answers in input
    order: `solved`, `unsolvable`, `limit` (the guess budget ran out),
    `invalid` (the words of `sudokit solve`)."""

def count_batch(
    puzzles: Puzzles,
    *,
    limit: int = 2,
    threads: Optional[int] = None,
    engine: Optional[str] = None,
    diagonal: bool = False,
    max_guesses: Optional[int] = None,
) -> Answers:
    """Counts every puzzle's solutions up to `limit`, as solve_batch runs,
    with the words of `sudokit count`: `unique`, `multiple`, `solvable`
    (limit=1 found one), `unsolvable`, `limit` or `invalid`."""

def rate_batch(
    puzzles: Puzzles,
    *,
    threads: Optional[int] = None,
    diagonal: bool = False,
    rules: Literal["se", "hodoku"] = "se",
) -> Answers:
    """Rates every puzzle by SE's rules or HoDoKu's (as `rate`), as
    solve_batch runs, with the words of `sudokit rate`: `rated`,
    `incomplete`, `unsolvable`, `multiple` or `invalid` (by HoDoKu's rules
    also a grid they do not take). ValueError for rules other than "se" and
    "hodoku"."""
