"""Ctrl-C during a long call: KeyboardInterrupt is raised promptly, in a
single call and in a batch, and the work behind it stops (the worker
threads end) rather than running on. Each call runs in a subprocess that
is sent SIGINT; the timeouts are generous and only catch a hang."""

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")

CHILD = r"""
import os, sys, time
import sudokit

def threads():
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else 0

# A norvig_top95 puzzle whose rating needs forcing chains.
CHAINED = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."
# A puzzle whose rating takes seconds (ER 11.8, nested forcing chains).
S1 = "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1"
# Rayon's pool of every core, which stays, is started before counting.
sudokit.rate_batch([CHAINED])
before = threads()
calls = {
    "count": lambda: sudokit.count("." * 81, limit=10**12),
    "rate": lambda: sudokit.rate(S1),
    "explain": lambda: sudokit.explain(S1),
    "count_norvig": lambda: sudokit.count("." * 81, limit=10**12, engine="norvig"),
    "count_batch": lambda: sudokit.count_batch(["." * 81] * 8, limit=10**12, threads=2),
    "rate_batch": lambda: sudokit.rate_batch([CHAINED] * 1000, threads=1),
    "generate": lambda: sudokit.generate(er=(11.5, 11.9), seed=1, max_tries=10**9),
}
print("ready", flush=True)
try:
    calls[sys.argv[1]]()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    deadline = time.monotonic() + 5
    while threads() > before and time.monotonic() < deadline:
        time.sleep(0.02)
    print("stopped" if threads() <= before else "running", flush=True)
"""


@pytest.mark.parametrize("call", ["count", "rate", "explain", "count_norvig", "count_batch", "rate_batch", "generate"])
def test_ctrl_c_interrupts_a_long_call_and_stops_its_work(call):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, call], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        child.wait(timeout=10)
        lines = child.stdout.read().split()
    finally:
        child.kill()
    assert lines[0] == "interrupted"
    assert lines[1] == "stopped"
    assert child.returncode == 0
