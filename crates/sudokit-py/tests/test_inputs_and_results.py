"""What the single-puzzle calls and the batches take and give: NumPy rows
that each get one answer, results that pickle, threads capped at the cores,
a guess budget, pencil marks, diagonal puzzles, NumPy and buffer input,
one-number options, specific exceptions and field docs in help()."""

import pickle
import pydoc
import warnings

import pytest

import sudokit

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EMPTY = "." * 81


def digits(puzzle):
    return [0 if c == "." else int(c) for c in puzzle]


def marks(puzzle):
    """The puzzle's candidates after propagation, as a line of 729 pencil marks."""
    values = sudokit.parse_grid(puzzle)
    return "".join("".join(d if d in values[s] else "." for d in "123456789") for s in sudokit.squares)


@pytest.mark.parametrize("bad", [10, 200, 255])
def test_a_numpy_row_that_is_not_digits_is_one_invalid_answer_not_a_lost_row(bad):
    numpy = pytest.importorskip("numpy")
    assert len(sudokit.solve_batch(numpy.full((1, 81), 10, numpy.uint8))) == 1
    one = sudokit.solve_batch(numpy.full((1, 81), bad, numpy.uint8))
    assert list(one["status"]) == ["invalid"]
    assert one["error"][0] == f"row 0, square A1: {bad} is not a digit"
    array = numpy.array([digits(HARD)] * 3, dtype=numpy.uint8)
    array[1] = bad
    for call in (sudokit.solve_batch, sudokit.count_batch, sudokit.rate_batch):
        answers = call(array)
        assert list(answers["status"][[0, 2]]) != ["invalid", "invalid"], call
        assert answers["status"][1] == "invalid" and len(answers) == 3, call
        assert answers["error"][1] == f"row 1, square A1: {bad} is not a digit", call
    # One bad cell: the row and that cell are named, not a square count.
    array = numpy.array([digits(HARD)] * 3, dtype=numpy.uint8)
    array[2, 2] = 200
    answers = sudokit.solve_batch(array)
    assert list(answers["status"]) == ["solved", "solved", "invalid"]
    assert answers["error"][2] == "row 2, square A3: 200 is not a digit"


def test_every_result_type_pickles_to_an_equal_value():
    results = [
        sudokit.solve_batch([HARD, "12", EMPTY[:-9] + "123456789"]),
        sudokit.count_batch([HARD, EMPTY], limit=3),
        sudokit.rate_batch([HARD, EMPTY, "12"]),
        sudokit.rate(HARD),
        sudokit.generate(seed=5, level="easy"),
        sudokit.generate(seed=5),
        sudokit.explain(HARD)[:5],
        sudokit.rate(HARD, rules="hodoku"),
        sudokit.rate_batch([HARD, EMPTY, "12"], rules="hodoku"),
        sudokit.explain(HARD, rules="hodoku")[:5],
    ]
    for result in results:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            copy = pickle.loads(pickle.dumps(result, protocol=protocol))
            assert copy == result
            assert repr(copy) == repr(result)
    assert sudokit.rate(HARD) != sudokit.rate(sudokit.generate(seed=5).puzzle)


def test_threads_beyond_the_cores_are_capped_with_a_warning():
    with pytest.warns(UserWarning, match="threads=1000000: this machine has [0-9]+ cores; using"):
        answers = sudokit.solve_batch([HARD], threads=10**6)
    assert answers[0].solution == HARD_SOLUTION
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sudokit.solve_batch([HARD], threads=1)


def test_count_refuses_a_limit_of_zero_as_the_command_does():
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sudokit.count(HARD, limit=0)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sudokit.count_batch([HARD], limit=0)
    assert sudokit.count(HARD, limit=1) == 1


def test_a_guess_budget_as_the_commands_max_guesses():
    with pytest.raises(sudokit.LimitReached, match="guess budget of 100 guesses ran out"):
        sudokit.count(EMPTY, limit=10**9, max_guesses=100)
    assert isinstance(sudokit.LimitReached("x"), RuntimeError)
    assert sudokit.count(HARD, max_guesses=100_000) == 1
    assert sudokit.solve(HARD, max_guesses=100_000)["A2"] == "1"
    answers = sudokit.count_batch([EMPTY, HARD], limit=10**9, max_guesses=100)
    assert [a.status for a in answers] == ["limit", "unique"]
    # `limit` is not an error, as in the command's JSON.
    assert answers[0].error is None and answers[0].count > 0
    assert sudokit.solve_batch([HARD], max_guesses=100_000)[0].status == "solved"


def test_single_calls_take_a_line_of_pencil_marks_as_the_batch_does():
    line = marks(HARD)
    assert len(line) == 729
    assert sudokit.rate(line) == sudokit.rate_batch([line])[0].rating
    assert sudokit.count(line) == 1
    assert "".join(sudokit.solve(line)[s] for s in sudokit.squares) == HARD_SOLUTION
    # The marks already hold what propagation finds: a shorter path.
    assert 0 < len(sudokit.explain(line)) < len(sudokit.explain(HARD))
    with pytest.raises(ValueError, match="canon takes givens, not pencil marks"):
        sudokit.canon(line)
    with pytest.raises(sudokit.ParseError):
        sudokit.rate(line[:728])


def test_diagonal_on_every_call():
    made = sudokit.generate(diagonal=True, seed=2)
    assert sudokit.count(made.puzzle, diagonal=True) == 1
    assert sudokit.is_unique(made.puzzle, diagonal=True)
    assert sudokit.count(made.puzzle) == 2  # without its diagonals it has several
    rating = sudokit.rate(made.puzzle, diagonal=True)
    assert rating.steps > 0
    solved = sudokit.solve(made.puzzle, diagonal=True)
    assert "".join(solved[s] for s in sudokit.squares) == made.solution
    assert sudokit.solve_batch([made.puzzle], diagonal=True)[0].solution == made.solution
    assert sudokit.count_batch([made.puzzle], diagonal=True)[0].count == 1
    assert sudokit.rate_batch([made.puzzle], diagonal=True)[0].rating == rating
    assert len(sudokit.explain(made.puzzle, diagonal=True)) > 0
    assert sudokit.hint(made.puzzle, diagonal=True)["technique"]


def test_numpy_shapes_and_integer_types_and_buffers_are_puzzles():
    numpy = pytest.importorskip("numpy")
    expected = sudokit.rate(HARD)
    for dtype in (numpy.uint8, numpy.int8, numpy.int16, numpy.uint32, numpy.int64):
        flat = numpy.array(digits(HARD), dtype=dtype)
        assert sudokit.rate(flat) == expected
        assert sudokit.rate(flat.reshape(9, 9)) == expected
        assert sudokit.count(flat.reshape(9, 9)) == 1
        batch = sudokit.solve_batch(numpy.stack([flat, flat]).reshape(2, 9, 9))
        assert list(batch["status"]) == ["solved", "solved"]
    for text in (HARD.encode(), bytearray(HARD.encode()), memoryview(HARD.encode())):
        assert sudokit.rate(text) == expected
        assert sudokit.canon(text) == sudokit.canon(HARD)
        assert sudokit.solve_batch(text)[0].solution == HARD_SOLUTION
    assert sudokit.solve_batch(memoryview((HARD + "\n" + HARD + "\n").encode()))[1].solution == HARD_SOLUTION
    bad = numpy.array(digits(HARD), dtype=numpy.int64)
    bad[2] = 200
    with pytest.raises(sudokit.ParseError, match="square A3: 200 is not a digit") as error:
        sudokit.rate(bad)
    assert error.value.square == "A3"
    with pytest.raises(TypeError, match="integers"):
        sudokit.rate(numpy.zeros(81))
    with pytest.raises(TypeError, match="integers"):
        sudokit.solve_batch(numpy.zeros((2, 81)))
    with pytest.raises(ValueError, match=r"\(N, 81\) or \(N, 9, 9\)"):
        sudokit.solve_batch(numpy.zeros((2, 80), numpy.uint8))


def test_one_number_where_the_command_takes_one_and_generate_by_technique():
    made = sudokit.generate(givens=30, seed=4)
    assert made.givens == 30
    rated = sudokit.generate(er=1.5, seed=4)
    assert rated.rating.er == 1.5
    wing = sudokit.generate(technique="x_wing", seed=4)
    assert (wing.rating.technique, wing.rating.name) == ("x_wing", "X-wing")
    with pytest.raises(ValueError, match="unknown technique 'nosuch'"):
        sudokit.generate(technique="nosuch")


def test_specific_exceptions_are_value_errors():
    for error in (sudokit.Unsolvable, sudokit.Multiple, sudokit.ParseError):
        assert issubclass(error, ValueError)
    with pytest.raises(sudokit.Multiple, match="several solutions"):
        sudokit.rate(EMPTY)
    with pytest.raises(sudokit.Unsolvable, match="no solution"):
        sudokit.rate("12345678." + "........9" + "." * 63)
    with pytest.raises(sudokit.Multiple):
        sudokit.explain(EMPTY)
    with pytest.raises(sudokit.Multiple):
        sudokit.hint(EMPTY)
    with pytest.raises(sudokit.ParseError):
        sudokit.count("11" + HARD[2:])


def test_field_docs_show_in_help():
    for cls, field, words in (
        (sudokit.Rating, "er", "highest difficulty"),
        (sudokit.Answer, "status", "invalid"),
        (sudokit.Answer, "error", "Why the puzzle is invalid"),
        (sudokit.Generated, "givens", "How many givens"),
    ):
        assert words in (getattr(cls, field).__doc__ or ""), (cls, field)
        assert words in pydoc.render_doc(cls), (cls, field)
