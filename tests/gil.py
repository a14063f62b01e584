"""Whether a call lets other Python threads run while it computes, decided without timing.

The interpreter switches threads on its own only after ``sys.getswitchinterval()``; set
very long, a thread holding the lock keeps it until it gives it up: by waiting (a sleep,
a lock) or by releasing it around compiled code.  So the main thread, waiting for the lock
while another thread makes the call, can run in the call's middle only if the call gave
the lock up.  A loaded machine makes that later, never false.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable

NEVER = 1000.0  # seconds: longer than any test, so no forced switch happens


def lets_other_threads_run(call: Callable[[], object]) -> bool:
    """True when the main thread ran while ``call``, in another thread, was computing."""
    marks: list[str] = []
    ran_in_its_middle = False

    def worker() -> None:
        marks.append("started")
        call()
        marks.append("ended")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(NEVER)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        while thread.is_alive():
            ran_in_its_middle = ran_in_its_middle or marks == ["started"]
            time.sleep(0.001)  # gives the lock back, so the call's thread can end
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    return ran_in_its_middle
