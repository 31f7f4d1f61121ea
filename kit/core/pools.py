"""The kit's own processes (a planner's helpers, a tournament's workers): how they are started,
how they behave, and how they are ended.

- One start method for all of them (`context`): `fork` starts a helper at once with the puzzle
  in hand, but forking a process that runs other threads (a Jupyter kernel, a panel's search on
  a thread of its own) can copy a lock another thread holds and hang the child; `spawn` and
  `forkserver` work everywhere but start a fresh interpreter, so all they are sent must pickle.
- One start for every such process (`started`): Ctrl-C is left to the process that started it
  (it ends its helpers and keeps the best result), SIGTERM and SIGHUP end it at once without a
  word (a helper that inherited the command's handler would print a KeyboardInterrupt traceback
  when ended), and it ends by itself within moments of its parent's death (`kill -9`), instead
  of computing on to its time limit, or for ever when it waits for work.
- One way to end them: a pool of one's own is ended at once on Ctrl-C, SIGTERM, SIGHUP or a
  panel's Stop (`own_pool`, `end_workers`)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from typing import Any

from kit.core.errors import KitError, shown

START_METHOD = "KIT_START_METHOD"
"""The environment variable that chooses the start method of the kit's processes (fork,
forkserver or spawn) instead of `start_method`'s choice; read at every start."""

ORPHANED = 1
"""The exit status of a process of the kit whose parent has died."""


def start_method() -> str:
    """How the kit starts its processes: `KIT_START_METHOD` if it is set; else `fork` where the
    system has it and this process runs no other thread (forking is then safe, and fastest),
    but on macOS, whose system libraries may run threads of their own (Python's default there
    is `spawn` for that reason); else `forkserver` where the system has it (a thread of a
    Jupyter kernel, a panel's search), else `spawn` (Windows, macOS)."""
    methods = multiprocessing.get_all_start_methods()
    chosen = os.environ.get(START_METHOD)
    if chosen:
        if chosen not in methods:
            raise KitError(
                f"{START_METHOD}={shown(chosen)} is not a start method of this system; "
                f"choose {', '.join(methods)}"
            )
        return chosen
    if "fork" in methods and sys.platform != "darwin" and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


PRELOAD = (
    "kit.solve.eighty_days",
    "kit.solve.five_rounds",
    "kit.solve.four_weeks",
    "kit.tournament",
)
"""The modules whose functions the kit's processes run, imported once by a fork server."""


def context() -> BaseContext:
    """The multiprocessing context the kit starts its processes with (see `start_method`).

    A fork server started by the kit imports the planners and the tournament (`PRELOAD`), not
    the program's main module (Python's default: in a notebook the kernel's, in the tests
    pytest's): its processes then start with the kit in hand, as forked ones do, instead of
    importing it each (a second or two, which a short time limit cannot spare)."""
    chosen = multiprocessing.get_context(start_method())
    if chosen.get_start_method() == "forkserver":
        chosen.set_forkserver_preload(list(PRELOAD))
    return chosen


def warm() -> None:
    """Start the fork server now, in a thread of its own, where the kit's processes would be
    started by one (a notebook's panel that will plan): the first search then finds it
    running, with the kit imported, instead of spending a second or two of its time limit on
    it. Nothing is done where processes are forked or spawned."""
    if start_method() == "forkserver":
        from multiprocessing import forkserver  # not on every system

        context()  # the server's preloaded modules are set before it starts
        threading.Thread(target=forkserver.ensure_running, daemon=True).start()


def started(then: Callable[..., None] | None = None, arguments: tuple[Any, ...] = ()) -> None:
    """The start of every process of the kit (a pool's initializer, or called first by a
    process's target), then `then(*arguments)`: Ctrl-C ignored, SIGTERM and SIGHUP as the system
    has them (the process ends without a word), and a watch on the parent that ends this process
    once the parent has died."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_orphaned, args=(parent,), name="kit-parent", daemon=True).start()
    if then is not None:
        then(*arguments)


def _orphaned(parent: Any) -> None:
    """Wait for the parent's end (its sentinel: no polling, on every system), then end."""
    parent.join()
    os._exit(ORPHANED)


def process_pool(
    workers: int,
    initializer: Callable[..., None] | None = None,
    arguments: tuple[Any, ...] = (),
    start: BaseContext | None = None,
) -> ProcessPoolExecutor:
    """A pool of `workers` processes of the kit (`started`, then `initializer`), started with
    `start` (by default `context()`; the context of the queues and events its initializer is
    given, when it has some)."""
    return ProcessPoolExecutor(
        workers,
        mp_context=start or context(),
        initializer=started,
        initargs=(initializer, arguments),
    )


@contextmanager
def own_pool(
    workers: int, initializer: Callable[..., None] | None = None, arguments: tuple[Any, ...] = ()
) -> Iterator[ProcessPoolExecutor]:
    """`process_pool` for a `with` block: on its normal end the pool is shut down once its
    work is done; on any exception (Ctrl-C, SIGTERM, SIGHUP, a panel's Stop, an error) its
    processes are ended at once (`end_workers`) instead of finishing their work first."""
    pool = process_pool(workers, initializer, arguments)
    try:
        yield pool
    except BaseException:
        end_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def end_workers(pool: Executor) -> None:
    """Terminate the processes of `pool` (a `ProcessPoolExecutor`) now: `shutdown` only drops
    the work not yet begun, and each worker would finish what it is doing first (a planner's
    search runs to its own time limit; a tournament's game can take half a minute). Python 3.14
    has `terminate_workers()`; before it, the pool's processes are its `_processes`."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
