"""Ending a process pool of one's own at once, on Ctrl-C or a panel's Stop.

`shutdown(cancel_futures=True)` only drops the work not yet begun: each worker finishes what
it is doing first, a tournament's game (a four-player ISMCTS game of Timeless Journeys takes
half a minute) or a planner's search (which runs to its own time limit, minutes, burning a
core after the plan has been handed back)."""

from __future__ import annotations

from concurrent.futures import Executor


def end_workers(pool: Executor) -> None:
    """Terminate the processes of `pool` (a `ProcessPoolExecutor`) now. Python 3.14 has
    `terminate_workers()`; before it, the pool's processes are its `_processes`."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
