"""The helper that tells whether a call releases the interpreter lock, checked both ways."""

from __future__ import annotations

import time

from tests.gil import lets_other_threads_run


def test_a_python_loop_holding_the_lock_never_lets_the_main_thread_in() -> None:
    assert not lets_other_threads_run(lambda: sum(range(3_000_000)))


def test_a_call_that_waits_lets_the_main_thread_in() -> None:
    assert lets_other_threads_run(lambda: time.sleep(0.05))
