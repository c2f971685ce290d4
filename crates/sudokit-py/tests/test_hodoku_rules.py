"""HoDoKu's rules from Python: `rules="hodoku"` on rate, rate_batch,
explain and hint gives HoDoKu's level, score, path and next step, as
HoDoKu itself gives them (its own paths in ../shared/hodoku) and as the
command gives them (`sudokit explain --rules hodoku`, when SUDOKIT_BIN
names the built command)."""

import json
import os
import pickle
import subprocess

import pytest

import sudokit

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "..", "..", "shared")
TOP95 = os.path.join(SHARED, "puzzles", "norvig_top95.txt")
PATHS = os.path.join(SHARED, "hodoku", "hodoku_paths_dev.jsonl")
BIN = os.environ.get("SUDOKIT_BIN")
needs_bin = pytest.mark.skipif(BIN is None, reason="SUDOKIT_BIN not set")

# norvig_top95's first puzzle.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# HoDoKu's path of this one needs forcing nets (Extreme 14058); it used
# to stop at the first.
NETS = "......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7...."
DIAGONAL = ".....16...57....2.....3..........2.9..42...8.2.........9.....1........3.....4..7."
LEVELS = ["area", "technique", "cells", "move"]
SINGLES = {"full_house", "naked_single", "hidden_single"}


def needs(path):
    if not os.path.exists(path):
        pytest.skip(f"{os.path.relpath(path, os.path.join(HERE, '..', '..', '..'))} not found")


def hodoku_paths():
    """HoDoKu's own paths (level, score and step lines), by puzzle."""
    needs(PATHS)
    with open(PATHS, encoding="utf-8") as f:
        return {r["puzzle"]: r for r in map(json.loads, f)}


def command(*args):
    out = subprocess.run([BIN, *args], capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def command_rating(puzzle):
    """(level, score, complete) of `sudokit explain --rules hodoku`."""
    record = json.loads(command("explain", "--rules", "hodoku", "--format", "json", puzzle)[-1])
    return record["level"].lower(), record["score"], record["complete"]


def first_of_top95():
    needs(TOP95)
    with open(TOP95, encoding="utf-8") as f:
        return f.readline().strip()


def test_hodoku_rating_of_top95s_first_puzzle_is_hodokus():
    puzzle = first_of_top95()
    paths = hodoku_paths()
    if puzzle in paths:
        expected = (paths[puzzle]["level"].lower(), paths[puzzle]["score"])
    elif BIN is not None:
        level, score, complete = command_rating(puzzle)
        assert complete
        expected = (level, score)
    else:
        pytest.skip("the puzzle is not among HoDoKu's paths and SUDOKIT_BIN is not set")
    rating = sudokit.rate(puzzle, rules="hodoku")
    assert (rating.level, rating.score) == expected
    assert rating.complete
    # SE's fields are not HoDoKu's: None.
    assert (rating.er, rating.ep, rating.ed) == (None, None, None)
    path = sudokit.explain(puzzle, rules="hodoku")
    assert rating.steps == len(path) == sum(rating.techniques.values())
    assert rating.score == sum(s.hodoku["score"] for s in path)
    hardest = max(path, key=lambda s: s.hodoku["score"])
    assert (rating.technique, rating.name) == (hardest.technique, hardest.name)
    # And SE's rating has no HoDoKu level or score.
    se = sudokit.rate(puzzle)
    assert (se.level, se.score) == (None, None) and se.er is not None


def test_every_complete_hodoku_rating_of_hodokus_paths_is_hodokus_level_and_score():
    paths = hodoku_paths()
    puzzles = list(paths)
    answers = sudokit.rate_batch(puzzles, rules="hodoku")
    rated = [(p, a) for p, a in zip(puzzles, answers) if a.status == "rated"]
    assert rated, "no path of HoDoKu's is complete"
    for puzzle, answer in rated:
        want = (paths[puzzle]["level"].lower(), paths[puzzle]["score"])
        assert (answer.rating.level, answer.rating.score) == want, puzzle
    # Every step type of HoDoKu's default configuration has a finder: no
    # path stops short.
    for answer in answers:
        assert answer.status == "rated"
        assert answer.rating.complete


def test_explain_by_hodokus_rules_prints_hodokus_lines():
    paths = hodoku_paths()
    complete = [p for p in paths if sudokit.rate(p, rules="hodoku").complete][:20]
    assert complete
    for puzzle in complete:
        steps = sudokit.explain(puzzle, rules="hodoku")
        assert [s.hodoku["line"] for s in steps] == paths[puzzle]["steps"], puzzle
        for step in steps:
            # A forcing chain's or net's lines under it come as `nets`.
            nets = {"nets"} if step.hodoku["line"].startswith("Forcing") else set()
            assert set(step.hodoku) == {"code", "short", "score", "line"} | nets


@needs_bin
def test_explain_by_hodokus_rules_has_the_commands_lines_and_steps():
    for puzzle in [HARD, EASY1, NETS]:
        lines = command("explain", "--rules", "hodoku", "--format", "hodoku", puzzle)
        steps = sudokit.explain(puzzle, rules="hodoku")
        # Each step's line, indented three spaces; a forcing chain's or
        # net's lines under it, two.
        blocks = []
        for l in lines[1:]:
            if l.startswith("   "):
                blocks.append((l[3:], []))
            else:
                blocks[-1][1].append(l[2:])
        assert [(s.hodoku["line"], s.hodoku.get("nets", [])) for s in steps] == blocks
        rating = sudokit.rate(puzzle, rules="hodoku")
        assert (rating.level, rating.score, rating.complete) == command_rating(puzzle)
        records = command("explain", "--rules", "hodoku", "--format", "json", puzzle)[:-1]
        assert [s.to_dict() for s in steps] == [
            {k: v for k, v in json.loads(r).items() if k not in ("file", "index", "step")}
            for r in records
        ]


def marks_after(puzzle, steps):
    """The pencil marks (729 characters) after `steps` of a path: each
    square's digits its given peers allow, then each step's placements and
    eliminations."""
    cands = {}
    for square, c in zip(sudokit.squares, puzzle):
        cands[square] = {c} if c in "123456789" else set("123456789")
    for square, c in zip(sudokit.squares, puzzle):
        if c in "123456789":
            for peer in sudokit.peers[square]:
                cands[peer].discard(c)
    for step in steps:
        for p in step.placements:
            digit = str(p["digit"])
            cands[p["square"]] = {digit}
            for peer in sudokit.peers[p["square"]]:
                cands[peer].discard(digit)
        for e in step.eliminations:
            cands[e["square"]].discard(str(e["digit"]))
    return "".join(
        "".join(d if d in cands[s] else "." for d in "123456789") for s in sudokit.squares
    )


def test_hint_by_hodokus_rules_names_hodokus_next_technique_at_every_level():
    path = sudokit.explain(HARD, rules="hodoku")
    # From the start: HoDoKu's first step.
    first = sudokit.hint(HARD, rules="hodoku", level="move")
    assert first["status"] == "hinted"
    assert {k: v for k, v in first.items() if k not in ("level", "status")} == path[0].to_dict()
    # Before each step that is not a single (none is left then), from the
    # pencil marks the path has made: that step, at every level.
    checked = 0
    for k, step in enumerate(path):
        if step.technique in SINGLES:
            continue
        state = marks_after(HARD, path[:k])
        hints = {level: sudokit.hint(HARD, state, level=level, rules="hodoku") for level in LEVELS}
        assert all(h["status"] == "hinted" for h in hints.values())
        for level in ("technique", "cells"):
            assert (hints[level]["technique"], hints[level]["name"]) == (step.technique, step.name)
            assert step.name in hints[level]["text"]
            # HoDoKu's base score weighs the step, never SE's difficulty
            # (which printed "(-)" for techniques SE lacks).
            assert f"{step.name} (score {step.hodoku['score']})" in hints[level]["text"]
            assert "(-)" not in hints[level]["text"]
        assert hints["cells"]["units"] == hints["area"]["units"] == hints["technique"]["units"]
        moved = {k: v for k, v in hints["move"].items() if k not in ("level", "status")}
        assert moved == step.to_dict()
        assert moved["hodoku"]["line"] == step.hodoku["line"]
        checked += 1
    assert checked >= 3


def test_hint_by_hodokus_rules_names_a_mistake_first_and_gives_the_forcing_net_the_path_needs():
    wrong = "5" + EASY1[1:]
    mistake = sudokit.hint(EASY1, wrong, rules="hodoku", level="cells")
    assert (mistake["status"], mistake["square"]) == ("mistake", "A1")
    path = sudokit.explain(NETS, rules="hodoku")
    assert sudokit.rate(NETS, rules="hodoku").complete
    at = next(i for i, s in enumerate(path) if s.technique == "forcing_net")
    net = sudokit.hint(NETS, marks_after(NETS, path[:at]), rules="hodoku", level="technique")
    assert net["status"] == "hinted"
    assert net["text"].startswith("Try Forcing Net (score 700)")


def test_hodoku_ratings_pickle_compare_and_show_their_own_fields():
    # (Every result type's pickling, HoDoKu's included, is checked in
    # test_inputs_and_results.py.)
    for result in [sudokit.rate_batch([NETS], rules="hodoku"), sudokit.rate(NETS, rules="hodoku")]:
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            copy = pickle.loads(pickle.dumps(result, protocol=protocol))
            assert copy == result
            assert repr(copy) == repr(result)
    rating = sudokit.rate(HARD, rules="hodoku")
    assert repr(rating).startswith(f'Rating(level="{rating.level}", score={rating.score}, ')
    assert rating != sudokit.rate(HARD)
    assert rating != sudokit.rate(EASY1, rules="hodoku")
    # A rating made from its fields, as an older pickle made it, has no
    # HoDoKu level or score.
    se = sudokit.rate(HARD)
    old = sudokit.Rating(se.er, se.ep, se.ed, se.technique, se.name, se.steps, se.techniques, se.complete)
    assert old == se


@pytest.mark.parametrize(
    "call",
    [
        lambda rules: sudokit.rate(HARD, rules=rules),
        lambda rules: sudokit.rate_batch([HARD], rules=rules),
        lambda rules: sudokit.explain(HARD, rules=rules),
        lambda rules: sudokit.hint(HARD, rules=rules),
    ],
)
def test_a_bad_rules_name_is_a_value_error_naming_both(call):
    with pytest.raises(ValueError, match="unknown rules 'hodoku2' \\(expected se or hodoku\\)"):
        call("hodoku2")


def test_hodokus_rules_take_no_order_and_no_diagonal_grid():
    for call in (
        lambda: sudokit.explain(HARD, "easiest", rules="hodoku"),
        lambda: sudokit.hint(HARD, order="se", rules="hodoku"),
    ):
        with pytest.raises(ValueError, match="order is for SE's rules"):
            call()
    with pytest.raises(ValueError, match="9x9 sudoku without diagonals"):
        sudokit.rate(DIAGONAL, diagonal=True, rules="hodoku")
    answer = sudokit.rate_batch([DIAGONAL, HARD], diagonal=True, rules="hodoku")
    assert answer[0].status == "invalid" and "9x9 sudoku without diagonals" in answer[0].error
    assert answer[0].rating is None
    # Unsolvable and several solutions as by SE's rules.
    with pytest.raises(sudokit.Multiple):
        sudokit.rate("." * 81, rules="hodoku")
    with pytest.raises(sudokit.Multiple):
        sudokit.hint("." * 81, rules="hodoku")


def test_rate_batch_by_hodokus_rules_answers_an_array_with_level_and_score():
    numpy = pytest.importorskip("numpy")
    rows = numpy.array([[int(c) if c != "." else 0 for c in p] for p in (HARD, EASY1, "." * 81)])
    table = sudokit.rate_batch(rows, rules="hodoku")
    assert table.dtype.names == ("level", "score", "status", "error")
    ratings = [sudokit.rate(p, rules="hodoku") for p in (HARD, EASY1)]
    assert list(table["level"]) == [r.level for r in ratings] + [""]
    assert list(table["score"]) == [r.score for r in ratings] + [-1]
    assert list(table["status"]) == ["rated", "rated", "multiple"]


def test_a_library_line_reads_as_its_position_and_a_bad_one_says_library():
    easy = "..2.6.17....81..653..7.59....13..58.498..73..6..2....4..35.24.79....4...85....6.."
    # HoDoKu's first step (r5c5=5) placed, not given: one naked single fewer.
    squares = easy[:40] + "+5" + easy[41:]
    rating = sudokit.rate(f":0000:x:{squares}::::", rules="hodoku")
    assert (rating.level, rating.score) == ("easy", 184)
    with pytest.raises(sudokit.ParseError) as caught:
        sudokit.rate(":0000:x:" + "1" * 20 + "::::", rules="hodoku")
    assert caught.value.what == "library"
    assert "field 3" in str(caught.value)


def test_generate_by_hodokus_rules_keeps_the_level_score_and_technique_asked_for():
    made = sudokit.generate(rules="hodoku", technique="Skyscraper", seed=1)
    path = sudokit.explain(made.puzzle, rules="hodoku")
    assert "skyscraper" in {step.technique for step in path}
    rating = sudokit.rate(made.puzzle, rules="hodoku")
    assert made.rating == rating
    assert rating.level in {"hard", "unfair", "extreme"}
    easy = sudokit.generate(rules="hodoku", level="easy", score=(0, 700), seed=2)
    assert easy.rating.level == "easy" and easy.rating.score <= 700
    assert easy.rating.er is None


@needs_bin
def test_generate_by_hodokus_rules_makes_the_commands_puzzle():
    made = sudokit.generate(rules="hodoku", technique="sk", seed=1)
    line = command("generate", "--rules", "hodoku", "--technique", "sk", "--seed", "1")
    assert line == [made.puzzle]


@pytest.mark.parametrize(
    "kwargs, says",
    [
        ({"level": "easy", "technique": "sk"}, "not Easy"),
        ({"technique": "no such step"}, "no HoDoKu step type"),
        ({"level": "fiendish"}, "HoDoKu's levels"),
        ({"score": (900, 800)}, "lowest score is above the highest"),
        ({"er": 3.0}, "er is for SE's rules"),
        ({"size": 4}, "9x9"),
    ],
)
def test_generate_by_hodokus_rules_refuses_what_no_puzzle_can_meet(kwargs, says):
    with pytest.raises(ValueError, match=says):
        sudokit.generate(rules="hodoku", seed=1, max_tries=5, **kwargs)


def test_generate_takes_a_score_only_by_hodokus_rules():
    with pytest.raises(ValueError, match="score is HoDoKu's"):
        sudokit.generate(score=(0, 500), seed=1)
