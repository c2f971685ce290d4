"""pytest tests of the Python package `sudokit`, run on the installed wheel
(see .ci/run): Norvig's names, the library calls, the batch calls and the
errors."""

import os
import pickle
import subprocess

import pytest

import sudokit

# Norvig's "hard1"-style puzzle from the library's docs, and its solution.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
# The same puzzle with the rows reversed: the same puzzle up to a disguise.
HARD_FLIPPED = "".join(HARD[r * 9 : r * 9 + 9] for r in reversed(range(9)))
EMPTY = "." * 81
CLASH = "11" + HARD[2:]
NO_SOLUTION = "12345678." + "........9" + "." * 63
# A norvig_top95 puzzle whose path needs forcing chains (ER 7.1).
CHAINED = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."

# `sudokit candidates HARD`, as the command prints it.
HARD_DISPLAY = """\
   4      1679   12679  |  139     2369    269   |   8      1239     5
 26789     3    1256789 | 14589   24569   245689 | 12679    1249   124679
  2689   15689   125689 |   7     234569  245689 | 12369   12349   123469
------------------------+------------------------+------------------------
  3789     2     15789  |  3459   34579    4579  | 13579     6     13789
  3679   15679   15679  |  359      8     25679  |   4     12359   12379
 36789     4     56789  |  359      1     25679  | 23579   23589   23789
------------------------+------------------------+------------------------
  289      89     289   |   6      459      3    |  1259     7     12489
   5      6789     3    |   2      479      1    |   69     489     4689
   1      6789     4    |  589     579     5789  | 23569   23589   23689
"""


def line(values):
    return "".join(values[s] for s in sudokit.squares)


def test_geometry_is_norvigs():
    assert len(sudokit.squares) == 81 and sudokit.squares[0] == "A1"
    assert len(sudokit.unitlist) == 27
    assert all(len(sudokit.units[s]) == 3 for s in sudokit.squares)
    assert all(len(sudokit.peers[s]) == 20 for s in sudokit.squares)
    assert sudokit.units["C2"] == [
        ["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2", "I2"],
        ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9"],
        ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"],
    ]


def test_grid_values_keeps_the_givens():
    values = sudokit.grid_values(HARD)
    assert values["A1"] == "4" and values["A2"] == "."
    assert line(values) == HARD


def test_parse_grid_propagates():
    values = sudokit.parse_grid(HARD)
    assert values["A2"] == "1679"
    assert values["A1"] == "4"


def test_parse_grid_is_false_on_a_contradiction():
    # Row A leaves A9 only 9, and column 9 already holds a 9.
    assert sudokit.parse_grid(NO_SOLUTION) is False


def test_solve_and_search_agree():
    solved = sudokit.solve(HARD)
    assert line(solved) == HARD_SOLUTION
    assert sudokit.search(sudokit.parse_grid(HARD)) == solved
    assert sudokit.search(HARD) == solved
    assert line(sudokit.solve(HARD, engine="backtrack")) == HARD_SOLUTION
    assert sudokit.search(False) is False


def test_solve_is_false_without_a_solution():
    assert sudokit.solve(NO_SOLUTION) is False


def test_unknown_engine_is_a_value_error():
    with pytest.raises(ValueError, match="nosuch"):
        sudokit.solve(HARD, engine="nosuch")


def test_display_is_the_commands_text(capsys):
    sudokit.display(HARD)
    assert capsys.readouterr().out == HARD_DISPLAY
    sudokit.display(sudokit.parse_grid(HARD))
    assert capsys.readouterr().out == HARD_DISPLAY


@pytest.mark.skipif("SUDOKIT_BIN" not in os.environ, reason="SUDOKIT_BIN not set")
def test_display_matches_the_built_command(capsys):
    shown = subprocess.run(
        [os.environ["SUDOKIT_BIN"], "candidates", HARD], capture_output=True, text=True, check=True
    ).stdout
    sudokit.display(HARD)
    assert capsys.readouterr().out == shown


def test_solve_all_prints_norvigs_report(capsys):
    sudokit.solve_all([HARD, HARD], "twice")
    out = capsys.readouterr().out
    assert out.startswith("Solved 2 of 2 twice puzzles with norvig (avg ")


def test_random_puzzle_is_seeded_and_has_enough_givens():
    a = sudokit.random_puzzle(17, seed=7)
    assert a == sudokit.random_puzzle(17, seed=7)
    assert len(a) == 81
    assert sum(c != "." for c in a) >= 17


def test_count_and_is_unique():
    assert sudokit.count(HARD) == 1
    assert sudokit.is_unique(HARD)
    assert sudokit.count(EMPTY) == 2
    assert sudokit.count(EMPTY, limit=5) == 5
    assert not sudokit.is_unique(EMPTY)


def test_rate():
    rating = sudokit.rate(HARD)
    assert isinstance(rating, sudokit.Rating)
    assert rating.complete
    assert 1.0 <= rating.ed <= rating.ep <= rating.er < 20.0
    assert rating.steps == sum(rating.techniques.values())
    with pytest.raises(ValueError, match="several solutions"):
        sudokit.rate(EMPTY)


def test_canon_is_equal_for_disguised_puzzles():
    assert sudokit.canon(HARD) == sudokit.canon(HARD_FLIPPED)
    assert sudokit.canon(HARD) != sudokit.canon(EMPTY)
    assert sudokit.count(sudokit.canon(HARD)) == 1


def test_parse_error_says_where_and_what():
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.solve(CLASH)
    error = caught.value
    assert isinstance(error, ValueError)
    assert str(error) == "digit 1 is given twice in row A: at A1 and at A2"
    assert error.square == "A2" and error.what == "conflict"
    with pytest.raises(sudokit.ParseError, match="found 2 squares") as caught:
        sudokit.count("12")
    assert caught.value.what == "square_count" and caught.value.square is None


def test_solve_batch_on_a_list_keeps_order_and_reports_bad_puzzles():
    answers = sudokit.solve_batch([HARD, "12", CLASH, HARD_FLIPPED, NO_SOLUTION])
    assert [a.index for a in answers] == [0, 1, 2, 3, 4]
    assert [a.status for a in answers] == ["solved", "invalid", "invalid", "solved", "unsolvable"]
    assert answers[0].solution == HARD_SOLUTION
    assert answers[1].error == "found 2 squares, expected 16, 36, 81, 256 or 625"
    assert answers[2].error == "digit 1 is given twice in row A: at A1 and at A2"
    assert not answers[2].ok and answers[0].ok
    assert answers[3].solution == "".join(HARD_SOLUTION[r * 9 : r * 9 + 9] for r in reversed(range(9)))


def test_a_list_item_must_hold_one_puzzle():
    answers = sudokit.solve_batch([HARD + "\n" + HARD, ""])
    assert [a.status for a in answers] == ["invalid", "invalid"]
    assert answers[0].error == "found 2 puzzles in one item, expected 1"


@pytest.mark.parametrize("encode", [str, str.encode])
def test_solve_batch_on_newline_separated_text(encode):
    text = "# a comment\n" + HARD + "\n\n" + CLASH + "\n" + HARD_FLIPPED + "\n"
    answers = sudokit.solve_batch(encode(text), threads=2)
    assert [(a.index, a.line, a.status) for a in answers] == [
        (0, 2, "solved"),
        (1, 4, "invalid"),
        (2, 5, "solved"),
    ]


def test_batches_agree_with_single_calls_on_any_thread_count():
    puzzles = [sudokit.random_puzzle(25, seed=s) for s in range(40)] + [HARD, EMPTY]
    for threads in (None, 1, 2):
        solved = sudokit.solve_batch(puzzles, threads=threads)
        counted = sudokit.count_batch(puzzles, limit=3, threads=threads, engine="norvig")
        for puzzle, s, c in zip(puzzles, solved, counted):
            expected = sudokit.solve(puzzle)
            assert s.solution == (line(expected) if expected else None)
            assert c.count == sudokit.count(puzzle, limit=3)


def test_rate_batch():
    answers = sudokit.rate_batch([HARD, EMPTY, NO_SOLUTION, CLASH], threads=1)
    assert [a.status for a in answers] == ["rated", "multiple", "unsolvable", "invalid"]
    rating = answers[0].rating
    expected = sudokit.rate(HARD)
    assert (rating.er, rating.ep, rating.ed, rating.steps) == (expected.er, expected.ep, expected.ed, expected.steps)
    # Several solutions is a status, not an error, as in the command's JSON.
    assert answers[1].error is None


def test_batch_input_of_another_type_is_a_type_error():
    with pytest.raises(TypeError, match="a puzzle must be a str"):
        sudokit.solve_batch([1, 2])


def test_functions_pickle_by_reference():
    assert pickle.loads(pickle.dumps(sudokit.solve_batch)) is sudokit.solve_batch
    assert pickle.loads(pickle.dumps(sudokit.display)) is sudokit.display


def test_batches_answer_a_numpy_array_with_an_array():
    numpy = pytest.importorskip("numpy")
    rows = [[0 if c == "." else int(c) for c in p] for p in (HARD, CLASH, HARD_FLIPPED, NO_SOLUTION)]
    rows.append([10] + rows[0][1:])
    array = numpy.array(rows, dtype=numpy.uint8)
    solved = sudokit.solve_batch(array, threads=2)
    assert solved.shape == (5,)
    assert list(solved["status"]) == ["solved", "invalid", "solved", "unsolvable", "invalid"]
    assert solved["solution"].dtype == numpy.uint8 and solved["solution"].shape == (5, 81)
    assert "".join(map(str, solved["solution"][0])) == HARD_SOLUTION
    flipped = "".join(HARD_SOLUTION[r * 9 : r * 9 + 9] for r in reversed(range(9)))
    assert "".join(map(str, solved["solution"][2])) == flipped
    # No answer: a row of zeros, and the error where there is one.
    assert not solved["solution"][1].any() and not solved["solution"][3].any()
    assert solved["error"][1] == "digit 1 is given twice in row A: at A1 and at A2"
    assert solved["error"][4] == "row 4, square A1: 10 is not a digit"
    assert solved["error"][0] == ""
    counted = sudokit.count_batch(array, limit=3)
    assert list(counted["count"]) == [1, 0, 1, 0, 0]
    assert list(counted["status"]) == ["unique", "invalid", "unique", "unsolvable", "invalid"]
    rated = sudokit.rate_batch(array[:3])
    assert rated["er"][0] == sudokit.rate(HARD).er and rated["ed"][2] == sudokit.rate(HARD_FLIPPED).ed
    assert numpy.isnan(rated["er"][1]) and rated["status"][1] == "invalid"
    assert list(sudokit.solve_batch(array.astype(numpy.int64))["status"]) == list(solved["status"])
    with pytest.raises(ValueError, match="81"):
        sudokit.solve_batch(array[:, :80])


def _apply(grid, step):
    """`grid` (81 characters) with the step's placements made."""
    cells = list(grid)
    for p in step.placements:
        cells[sudokit.squares.index(p["square"])] = str(p["digit"])
    return "".join(cells)


def test_explain_gives_the_path_that_rate_rates_and_each_step_is_true():
    steps = sudokit.explain(HARD)
    rating = sudokit.rate(HARD)
    assert len(steps) == rating.steps
    assert max(s.difficulty for s in steps) == rating.er
    assert steps[0].difficulty == rating.ed
    grid = HARD
    for step in steps:
        assert isinstance(step, sudokit.Step) and step.name and step.text
        for p in step.placements:
            assert HARD_SOLUTION[sudokit.squares.index(p["square"])] == str(p["digit"])
        for e in step.eliminations:
            assert HARD_SOLUTION[sudokit.squares.index(e["square"])] != str(e["digit"])
        grid = _apply(grid, step)
    assert grid == HARD_SOLUTION
    assert set(steps[0].to_dict()) == {
        "technique", "name", "difficulty", "placements", "eliminations", "evidence", "text"
    }
    easiest = sudokit.explain(HARD, order="easiest")
    assert _apply_all(HARD, easiest) == HARD_SOLUTION


def _apply_all(grid, steps):
    for step in steps:
        grid = _apply(grid, step)
    return grid


def test_explain_shows_a_chain_link_by_link():
    steps = sudokit.explain(CHAINED)
    chains = [s for s in steps if "chain" in s.evidence]
    assert chains, "the hardest puzzle needs a chain"
    links = chains[0].evidence["chain"]
    assert links[0]["reason"] == "assumption"
    assert all({"square", "digit", "on", "reason"} <= set(l) for l in links)


def test_explain_refuses_puzzles_without_one_solution():
    with pytest.raises(ValueError, match="several solutions"):
        sudokit.explain(EMPTY)
    with pytest.raises(ValueError, match="no solution"):
        sudokit.explain(NO_SOLUTION)
    with pytest.raises(sudokit.ParseError):
        sudokit.explain(CLASH)
    with pytest.raises(ValueError, match="unknown order"):
        sudokit.explain(HARD, order="hardest")


def test_hint_grades_the_next_step():
    area = sudokit.hint(HARD, level="area")
    assert area["level"] == "area" and area["units"] and area["text"].startswith("Look at")
    technique = sudokit.hint(HARD, level="technique")
    assert technique["technique"] and technique["units"] == area["units"]
    cells = sudokit.hint(HARD, level="cells")
    assert cells["squares"] and cells["digits"]
    move = sudokit.hint(HARD)
    assert move["technique"] == technique["technique"]
    for p in move["placements"]:
        assert HARD_SOLUTION[sudokit.squares.index(p["square"])] == str(p["digit"])
    for e in move["eliminations"]:
        assert HARD_SOLUTION[sudokit.squares.index(e["square"])] != str(e["digit"])


def test_hint_follows_the_players_state_and_names_a_wrong_digit():
    # A1 is given (4); B1 placed wrong: the solution has 6 there.
    placed = HARD[:9] + "9" + HARD[10:]
    wrong = sudokit.hint(HARD, placed, level="cells")
    assert wrong["mistake"] == "wrong_digit" and wrong["square"] == "B1" and wrong["digit"] == 9
    # Placed rightly, the hint moves on from there.
    right = HARD[:9] + "6" + HARD[10:]
    assert "mistake" not in sudokit.hint(HARD, right)
    solved = sudokit.hint(HARD, HARD_SOLUTION)
    assert solved["status"] == "solved"
    with pytest.raises(ValueError, match="A1"):
        sudokit.hint(HARD, "5" + HARD[1:])
    with pytest.raises(ValueError, match="unknown level"):
        sudokit.hint(HARD, level="everything")


def test_generate_makes_unique_puzzles_at_the_level_asked():
    made = sudokit.generate(level="fiendish", seed=7)
    assert isinstance(made, sudokit.Generated)
    assert sudokit.is_unique(made.puzzle)
    assert made.solution == line(sudokit.solve(made.puzzle))
    assert made.rating.er == sudokit.rate(made.puzzle).er
    assert 2.6 <= sudokit.rate(made.puzzle).er <= 6.0
    assert made.givens == sum(c != "." for c in made.puzzle)
    again = sudokit.generate(level="fiendish", seed=7)
    assert (again.puzzle, again.tries) == (made.puzzle, made.tries)
    # rot180: a given's mirror through the centre is a given.
    assert all((made.puzzle[i] == ".") == (made.puzzle[80 - i] == ".") for i in range(81))
    ranged = sudokit.generate(givens=(30, 32), symmetry="none", seed=1)
    assert 30 <= ranged.givens <= 32 and ranged.rating is None
    small = sudokit.generate(size=4, seed=3)
    assert len(small.puzzle) == 16 and sudokit.count(small.puzzle) == 1


def test_generate_refuses_what_no_puzzle_can_be():
    with pytest.raises(ValueError, match="fewer than 17"):
        sudokit.generate(givens=(10, 12))
    with pytest.raises(ValueError, match="level"):
        sudokit.generate(level="impossible")
    with pytest.raises(ValueError, match="er must be"):
        sudokit.generate(er=(9.0, 8.0))
    with pytest.raises(ValueError, match="symmetry"):
        sudokit.generate(symmetry="spiral")
    with pytest.raises(RuntimeError, match="in 1 try "):
        sudokit.generate(level="diabolical", seed=1, max_tries=1)


def test_a_batch_leaves_the_cycle_collector_as_it_found_it():
    import gc

    assert gc.isenabled()
    sudokit.solve_batch([HARD, "12"])
    assert gc.isenabled()
    gc.disable()
    try:
        sudokit.count_batch([HARD])
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(TypeError):
        sudokit.rate_batch([1])
    assert gc.isenabled()


def test_generate_refuses_at_once_a_level_the_grid_cannot_reach():
    # A 4x4 puzzle is always finished by singles: asking for hard used to
    # search until max_tries ran out.
    with pytest.raises(ValueError, match="no 4x4 puzzle is rated ER 1.6 or more"):
        sudokit.generate(size=4, level="hard")
    with pytest.raises(ValueError, match="no diagonal 9x9 puzzle is rated ER 8.0"):
        sudokit.generate(diagonal=True, er=(8.0, 9.0))


# A 16x16 puzzle no rule finishes (only chains up to forcing chains run
# above 9x9): its rating is incomplete and has no technique.
STUCK16 = (
    "FG3.B9.12.7.E..D.2.BE.3....8.......A..........B5..5.2.84A.B6..9F.5...."
    "F.G...9E..8..GD...4.EA..F..F...5.9....4...1..E...B9F.2D6.CE.726.5D8..."
    "G..3...4....6.3...1..6..F3.8...BC..2..C5...2.D....7.D1..5B.E73.4.C..47"
    "..........B.......7....8.CF.D.A..9.4.GB.FE.326"
)


def test_a_rating_without_technique_shows_none_not_the_string_none():
    rating = sudokit.rate(STUCK16)
    assert not rating.complete and rating.er == 20.0
    assert rating.technique is None
    assert "technique=None," in repr(rating)
    assert '"None"' not in repr(rating)
    made = sudokit.generate(diagonal=True, level="diabolical", seed=5, max_tries=2000)
    assert made.rating.complete and made.rating.er < 20.0
    assert f"technique={made.rating.technique!r}".replace("'", '"') in repr(made.rating)
