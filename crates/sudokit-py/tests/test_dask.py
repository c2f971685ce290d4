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


def _need_kaggle():
    """Skips the test, saying why, when the collections beside the checkout
    (not in the repository) are absent."""
    if not os.path.isfile(KAGGLE):
        print("skipped: ../shared/puzzles/kaggle_sample.txt not found", file=sys.stderr)
        pytest.skip("../shared/puzzles/kaggle_sample.txt not found")


def test_dask_example_answers_every_line_in_order(tmp_path):
    _need_kaggle()
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
        status, solution, er, error = answer.split("\t")
        assert status == expected.status, line
        assert solution == (expected.solution or "-"), line
        assert error == (expected.error or ""), line
        assert (er == "-") == (status != "solved"), line
    by_line = dict(zip(lines, answers))
    assert by_line[HARD].split("\t")[2] == f"{sudokit.rate(HARD).er:.1f}"
    assert by_line[BAD[1]].startswith("invalid\t-\t-\tfound 5 squares")
    assert by_line[BAD[3]].startswith("unsolvable\t-\t-\t")


def _puzzles():
    """A few hundred puzzles with bad ones among them."""
    _need_kaggle()
    with open(KAGGLE, encoding="utf-8") as f:
        puzzles = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")][:300]
    for k, bad in enumerate(BAD):
        puzzles.insert(40 + 60 * k, bad)
    return puzzles


def test_batches_run_on_a_process_cluster_whose_answers_travel_back():
    import dask.bag as db
    from distributed import Client, LocalCluster

    puzzles = _puzzles()
    with LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            bag = db.from_sequence(puzzles, npartitions=6)
            solved = bag.map_partitions(sudokit.solve_batch).compute(scheduler=client)
            rated = bag.map_partitions(sudokit.rate_batch).compute(scheduler=client)
    assert [(a.status, a.solution, a.error) for a in solved] == [
        (a.status, a.solution, a.error) for a in sudokit.solve_batch(puzzles)
    ]
    assert [(a.status, a.rating, a.error) for a in rated] == [
        (a.status, a.rating, a.error) for a in sudokit.rate_batch(puzzles)
    ]


def test_batches_run_on_a_process_pool_whose_answers_travel_back():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    puzzles = _puzzles()
    chunks = [puzzles[i : i + 50] for i in range(0, len(puzzles), 50)]
    # A fresh interpreter per worker: a forked child would inherit the
    # parent's worker-thread pool without its threads.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        solved = list(pool.map(sudokit.solve_batch, chunks))
        rated = list(pool.map(sudokit.rate_batch, chunks))
    assert solved == [sudokit.solve_batch(c) for c in chunks]
    assert rated == [sudokit.rate_batch(c) for c in chunks]
