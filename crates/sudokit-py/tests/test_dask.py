"""The Dask example (examples/dask_batch.py): a file solved and rated on a
two-worker LocalCluster, every line answered, in input order."""

import os
import subprocess
import sys

import pytest

import sudokit

pytest.importorskip("dask.bag")
pytest.importorskip("distributed")

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "dask_batch.py")
KAGGLE = os.path.join(HERE, "..", "..", "..", "..", "shared", "puzzles", "kaggle_sample.txt")

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BAD = [
    "",  # an empty line
    "12345",  # too few squares
    "11" + HARD[2:],  # a digit twice in a row
    "12345678." + "........9" + "." * 63,  # no solution
]


def test_dask_example_answers_every_line_in_order(tmp_path):
    if not os.path.isfile(KAGGLE):
        # The collections beside the checkout are not in the repository.
        print("skipped: ../shared/puzzles/kaggle_sample.txt not found", file=sys.stderr)
        pytest.skip("../shared/puzzles/kaggle_sample.txt not found")
    with open(KAGGLE, encoding="utf-8") as f:
        puzzles = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")][:2000]
    lines = list(puzzles)
    # Bad lines spread through the file, so that several partitions hold one.
    for k, bad in enumerate(BAD):
        lines.insert(300 + 450 * k, bad)
    lines.insert(1000, HARD)
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    target = tmp_path / "answers.txt"
    run = subprocess.run(
        [sys.executable, EXAMPLE, str(source), str(target), "--workers", "2", "--blocksize", "40kB"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == f"{len(lines)} lines answered into {target}"
    answers = target.read_text(encoding="utf-8").split("\n")
    assert answers[-1] == ""
    answers = answers[:-1]
    assert len(answers) == len(lines)
    # The same answers, line by line, as one local batch gives.
    local = sudokit.solve_batch(lines, threads=1)
    for line, answer, expected in zip(lines, answers, local):
        status, solution, er, reason = answer.split("\t")
        assert status == expected.status, line
        assert solution == (expected.solution or "-"), line
        assert reason == (expected.reason or ""), line
        assert (er == "-") == (status != "solved"), line
    by_line = dict(zip(lines, answers))
    assert by_line[HARD].split("\t")[2] == f"{sudokit.rate(HARD).er:.1f}"
    assert by_line[BAD[1]].startswith("invalid\t-\t-\tfound 5 squares")
    assert by_line[BAD[3]].startswith("unsolvable\t-\t-\t")
