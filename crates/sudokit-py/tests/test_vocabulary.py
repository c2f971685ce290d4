"""One vocabulary: every Python result carries the names and words of the
command's JSON, as the guide's JSON reference (docs/guide.md, "The same
names in Python") lists them. The fields are checked against the guide,
and, when SUDOKIT_BIN names the built command, the values against what
the command writes for the same puzzles."""

import inspect
import json
import os
import pathlib
import re
import subprocess
import warnings

import pytest

import sudokit

GUIDE = pathlib.Path(__file__).resolve().parents[3] / "docs" / "guide.md"
BIN = os.environ.get("SUDOKIT_BIN")
needs_bin = pytest.mark.skipif(BIN is None, reason="SUDOKIT_BIN not set")

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY1_SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
EMPTY = "." * 81
CLASH = "11" + HARD[2:]
NO_SOLUTION = "12345678." + "........9" + "." * 63
# Diagonal sudoku has no chains: no rule finishes this one.
BEYOND_RULES = ".....16...57....2.....3..........2.9..42...8.2.........9.....1........3.....4..7."
LEVELS = ["area", "technique", "cells", "move"]
# The fields every command record has before its own.
RECORD = ["file", "index", "line", "puzzle", "status", "error", "engine", "solution",
          "guesses", "backtracks", "calls", "seconds"]


def guide_table(heading):
    """The rows of the table under `### heading` in the guide's JSON
    section, each a list of its cells."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("\n## JSON output", 1)[1].split("\n## ", 1)[0]
    part = section.split(f"### {heading}\n", 1)[1].split("\n### ", 1)[0]
    rows = [l for l in part.splitlines() if l.startswith("|") and not l.startswith("|---")]
    return [[c.strip() for c in row.strip("|").split(" | ")] for row in rows[1:]]


def names(cell):
    return re.findall(r"`([^`]+)`", cell)


def python_fields():
    """The guide's Python table: type -> its fields."""
    return {row[0].strip("`"): names(row[1]) for row in guide_table("The same names in Python")}


def command_fields():
    """The guide's table of each answer's fields ("the record" expanded)."""
    rows = guide_table("Each subcommand's fields")
    step = next(names(r[1]) for r in rows if r[0] == "step")
    table = {}
    for row in rows:
        fields = []
        for part in row[1].split(", "):
            fields += RECORD if part == "the record" else step if part == "a step" else names(part)
        table[row[0].replace("`", "")] = fields
    return table


def command_notes(answer):
    """The notes of an answer's row in the guide's table of each answer's
    fields (where what a rule set adds is said)."""
    return next(r[2] for r in guide_table("Each subcommand's fields") if r[0].strip("`") == answer)


def command(*args, stdin=None):
    """The command's JSON records for `args` (with --format json)."""
    out = subprocess.run(
        [BIN, *args, "--format", "json"], input=stdin, capture_output=True, text=True
    ).stdout
    return [json.loads(l) for l in out.splitlines()]


def fields_of(cls):
    return list(inspect.signature(cls).parameters)


def test_every_python_type_has_the_fields_the_guide_lists():
    listed = python_fields()
    assert listed["Answer"] == fields_of(sudokit.Answer)
    assert listed["Rating"] == fields_of(sudokit.Rating)
    assert listed["Generated"] == fields_of(sudokit.Generated)
    assert listed["Step"] == list(sudokit.Step.__slots__)
    assert listed["hint()"][:2] == ["level", "status"]
    # A Rating is rate's own fields, then the level and score of a rating
    # by HoDoKu's rules (explain --rules hodoku's); a Step the guide's
    # step, then what a step by HoDoKu's rules adds.
    table = command_fields()
    rate_own = [f for f in table["rate"] if f not in RECORD]
    assert listed["Rating"] == rate_own + ["level", "score"]
    assert {"level", "score"} <= set(table["explain --rules hodoku"])
    assert listed["Step"] == table["step"] + ["hodoku"]
    assert "hodoku" in names(command_notes("step"))
    generate = set(table["generate"])
    assert {"puzzle", "solution", "symmetry", "givens", "seed"} <= generate
    assert set(listed["Answer"]) - {"count", "rating"} <= set(RECORD)


def test_python_hint_has_level_and_status_at_every_level():
    """hint() at level move returned the bare step: no level, no status."""
    table = command_fields()
    for level in LEVELS:
        hint = sudokit.hint(EASY1, level=level)
        assert (hint["level"], hint["status"]) == (level, "hinted")
        own = [f for f in table[f"hint {level}"] if f not in RECORD]
        assert sorted(hint) == sorted(own + ["status"]), level
        wrong = "5" + EASY1[1:]
        mistake = sudokit.hint(EASY1, wrong, level=level)
        assert (mistake["level"], mistake["status"]) == (level, "mistake")
        assert sorted(mistake) == sorted([f for f in table["hint mistake"] if f not in RECORD] + ["status"])
        solved = sudokit.hint(EASY1, EASY1_SOLVED, level=level)
        assert (solved["level"], solved["status"]) == (level, "solved")


def test_python_count_batch_says_unique_not_counted():
    answers = sudokit.count_batch([HARD, EMPTY, NO_SOLUTION, CLASH])
    assert [a.status for a in answers] == ["unique", "multiple", "unsolvable", "invalid"]
    assert [a.count for a in answers] == [1, 2, 0, None]
    one = sudokit.count_batch([HARD, EMPTY], limit=1)
    assert [a.status for a in one] == ["solvable", "solvable"]
    assert "counted" not in {a.status for a in answers + one}


def test_python_answer_says_error_not_reason():
    answers = sudokit.solve_batch([HARD, CLASH])
    assert answers[1].error == "digit 1 is given twice in row A: at A1 and at A2"
    assert answers[0].error is None
    assert not hasattr(answers[0], "reason")
    assert "error=" in repr(answers[1])
    numpy = pytest.importorskip("numpy")
    table = sudokit.solve_batch(numpy.zeros((1, 81), numpy.uint8) + 10)
    assert table.dtype.names[-2:] == ("status", "error")
    assert table["error"][0] == "row 0, square A1: 10 is not a digit"


def test_python_rating_technique_is_the_id_with_its_name_beside():
    rating = sudokit.rate(HARD)
    assert (rating.technique, rating.name) == ("pointing", "Pointing")
    assert rating.technique in rating.techniques
    assert 'technique="pointing", name="Pointing"' in repr(rating)
    stuck = sudokit.rate(BEYOND_RULES, diagonal=True)
    assert (stuck.technique, stuck.name, stuck.complete) == (None, None, False)


def test_python_rate_batch_says_incomplete_as_the_command():
    answers = sudokit.rate_batch([BEYOND_RULES], diagonal=True)
    assert [a.status for a in answers] == ["incomplete"]
    assert answers[0].rating.er == 20.0 and not answers[0].rating.complete
    assert sudokit.rate_batch([HARD])[0].status == "rated"


def test_python_generated_says_givens_not_clues():
    made = sudokit.generate(givens=30, seed=4)
    assert made.givens == 30 == sum(c != "." for c in made.puzzle)
    assert "givens=30" in repr(made)
    # The old keyword is still taken, with a warning, as the command still
    # takes --clues.
    with pytest.warns(DeprecationWarning, match="givens"):
        old = sudokit.generate(clues=30, seed=4)
    assert old == made
    with pytest.raises(ValueError, match="not both"):
        sudokit.generate(givens=30, clues=30)


def test_python_messages_say_one_in_the_singular():
    with pytest.raises(sudokit.LimitReached) as limit:
        sudokit.count(EMPTY, limit=10**9, max_guesses=1)
    assert "budget of 1 guess ran out" in str(limit.value)
    with pytest.raises(RuntimeError, match="in 1 try "):
        sudokit.generate(level="diabolical", seed=1, max_tries=1)


@needs_bin
def test_batch_answers_say_what_the_command_says():
    puzzles = [HARD, EMPTY, NO_SOLUTION, CLASH, EASY1]
    text = "\n".join(puzzles) + "\n"
    for batch, args in [
        (sudokit.solve_batch(puzzles), ["solve"]),
        (sudokit.count_batch(puzzles), ["count"]),
        (sudokit.count_batch(puzzles, limit=1), ["count", "--limit", "1"]),
        (sudokit.rate_batch(puzzles), ["rate"]),
    ]:
        records = command(*args, "-", stdin=text)
        assert len(records) == len(batch)
        for answer, record in zip(batch, records):
            assert answer.index == record["index"] - 1
            assert (answer.status, answer.error) == (record["status"], record["error"]), args
            if args[0] == "solve":
                assert answer.solution == record["solution"]
            if args[0] == "count":
                assert answer.count == record["solutions"]
            if args[0] == "rate":
                rating = answer.rating
                for field in python_fields()["Rating"]:
                    # An SE rating has no HoDoKu level or score: None, as
                    # rate's JSON has neither.
                    expected = record.get(field) if field in ("level", "score") else record[field]
                    assert (getattr(rating, field) if rating else None) == expected, field


@needs_bin
def test_generated_step_and_hint_say_what_the_command_says():
    made = sudokit.generate(level="easy", seed=1)
    record = command("generate", "--level", "easy", "--seed", "1")[0]
    for field in python_fields()["Generated"]:
        if field == "tries":
            assert made.tries == record["try"] + 1
        elif field == "rating":
            for name in ("er", "ep", "ed", "technique", "name", "complete"):
                assert getattr(made.rating, name) == record[name], name
        else:
            assert getattr(made, field) == record[field], field
    steps = [s.to_dict() for s in sudokit.explain(HARD)]
    records = [r for r in command("explain", HARD) if "step" in r]
    assert steps == [{k: v for k, v in r.items() if k not in ("file", "index", "step")} for r in records]
    for level in LEVELS:
        hint = sudokit.hint(EASY1, level=level)
        record = command("hint", "--level", level, EASY1)[0]
        assert hint == {k: v for k, v in record.items() if k not in RECORD or k == "status"}
