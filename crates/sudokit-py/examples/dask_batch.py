"""Solve and rate a large puzzle file on a Dask cluster, with sudokit on
every worker.

    python dask_batch.py PUZZLES OUT [--workers 2] [--threads 1] [--blocksize 4MB] [--no-rate]

PUZZLES has one puzzle per line (81 characters, digits and '.' or '0').
OUT gets one line per input line, in input order, tab-separated:

    status  solution  er  error

`status` is solve_batch's (`solved`, `unsolvable`, `invalid`); `solution`
is the 81 digits or `-`; `er` is Sudoku Explainer's rating (rate_batch),
or `-` when the puzzle has no single solution or --no-rate is given;
`error` says why a line is invalid. A bad line is answered `invalid`,
never dropped, so OUT has exactly as many lines as PUZZLES.

How the work is split: `dask.bag.read_text` cuts the file into blocks of
whole lines (partitions, kept in file order); each partition is one task,
and the task hands its lines to sudokit's batch calls, which run in Rust
without the interpreter lock. Each Dask worker gets one thread here, and
sudokit `--threads` threads per task: give the two together no more than
the cores a worker owns, or they fight over them. The partitions are
written as numbered part files by the workers and joined in order at the
end, so no worker holds the whole output.

This is an example to read and copy: on one machine,
`sudokit.solve_batch` (or `sudokit solve`) on every core is simpler and
faster; reach for Dask when the puzzles outgrow one machine, or when a
Dask cluster is already where your data lives.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import tempfile
from typing import Iterable, List

import dask.bag
from distributed import Client, LocalCluster

import sudokit


def answer_lines(lines: Iterable[str], threads: int, rate: bool) -> List[str]:
    """One output line per input line, in order (runs on a worker)."""
    puzzles = [line.rstrip("\r\n") for line in lines]
    solved = sudokit.solve_batch(puzzles, threads=threads)
    ratings = sudokit.rate_batch(puzzles, threads=threads) if rate else None
    out = []
    for i, answer in enumerate(solved):
        er = "-"
        if ratings is not None and ratings[i].rating is not None:
            er = f"{ratings[i].rating.er:.1f}"
        error = (answer.error or "").replace("\t", " ")
        out.append(f"{answer.status}\t{answer.solution or '-'}\t{er}\t{error}")
    return out


def run(source: str, target: str, workers: int, threads: int, blocksize: str, rate: bool) -> int:
    """Answers every line of `source` into `target`; returns the line count."""
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) as cluster:
        with Client(cluster):
            bag = dask.bag.read_text(source, blocksize=blocksize)
            answered = bag.map_partitions(answer_lines, threads=threads, rate=rate)
            parts = tempfile.mkdtemp(prefix="sudokit-dask-")
            try:
                # Zero-padded names keep the parts in partition order.
                answered.to_textfiles(os.path.join(parts, "*.txt"), name_function=lambda i: f"{i:08d}")
                count = 0
                with open(target, "w", encoding="utf-8") as out:
                    for part in sorted(glob.glob(os.path.join(parts, "*.txt"))):
                        with open(part, encoding="utf-8") as f:
                            # A part's last line has no newline of its own.
                            for line in f:
                                out.write(line.rstrip("\n") + "\n")
                                count += 1
                return count
            finally:
                shutil.rmtree(parts, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", help="input file, one puzzle per line")
    parser.add_argument("out", help="output file, one answer per input line")
    parser.add_argument("--workers", type=int, default=2, help="Dask worker processes (default 2)")
    parser.add_argument("--threads", type=int, default=1, help="sudokit threads per task (default 1)")
    parser.add_argument("--blocksize", default="4MB", help="bytes of input per task (default 4MB)")
    parser.add_argument("--no-rate", action="store_true", help="solve only, without ratings")
    args = parser.parse_args()
    count = run(args.puzzles, args.out, args.workers, args.threads, args.blocksize, not args.no_rate)
    print(f"{count} lines answered into {args.out}")


if __name__ == "__main__":
    main()
