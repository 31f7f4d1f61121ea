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
  panel's Stop (`own_pool`, `close`), and a caller that keeps what its workers have done hears
  those signals as a flag set (`stops_set`) instead of an exception.
- One kind of helper (`Helper`): a function run in a process of its own beside its caller's
  work, each result it sends back over a pipe handed on by a thread of the caller's process,
  stopped when its caller is done with it (a planner's second search, its bound, its refining
  games)."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from types import FrameType
from typing import Any

from kit.core.commands import STOPPING_SIGNALS, hear
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
    "kit.solve.amazing_journey",
    "kit.solve.timeless_journeys",
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
        close(pool, at_once=True)
        raise
    close(pool)


def close(pool: Executor, at_once: bool = False) -> None:
    """Shut `pool` down: the work not yet begun dropped, and the processes ended at once
    (`end_workers`) when `at_once` (work still running that is no longer wanted), else once
    they have finished what they are doing."""
    if at_once:
        end_workers(pool)
    pool.shutdown(wait=True, cancel_futures=True)


def end_workers(pool: Executor) -> None:
    """Terminate the processes of `pool` (a `ProcessPoolExecutor`) now: `shutdown` only drops
    the work not yet begun, and each worker would finish what it is doing first (a planner's
    search runs to its own time limit; a tournament's game can take half a minute). Python 3.14
    has `terminate_workers()`; before it, the pool's thread is told of the shutdown first (so
    that it takes its workers' end for the shutdown, not for a crash), then the processes (its
    `_processes`) are terminated, and the thread freed from a result a worker was ended in the
    middle of sending (`_unblock_results`)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    thread = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    work = getattr(pool, "_pending_work_items", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    _unblock_results(processes, thread, results, work)


def _unblock_results(
    processes: list[Any], thread: threading.Thread | None, results: Any, work: Any
) -> None:
    """A worker ended while it wrote its result (a tournament's batch, a planner's plan: more
    than a pipe takes at once) leaves the pool's `thread` reading the rest for ever: the pool
    holds the pipe's writing end too, so no end of file comes, and `shutdown`, then the
    interpreter's exit, wait on that thread for ever. Once the workers are gone and the thread
    has not ended by itself, closing the pool's copy of that end (of `results`) brings the end
    of file, and the thread takes the pool for broken and ends. The `work` whose futures are
    done (cancelled) is dropped first: the thread would try to fail them too, which Python 3.11
    refuses with an error."""
    for process in processes:
        process.join(ENDING_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
    if thread is None:
        return
    thread.join(ENDING_SECONDS)
    if not thread.is_alive():
        return
    for key, item in list((work or {}).items()):
        if item.future.done():
            work.pop(key, None)
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()


ENDING_SECONDS = 5.0
"""How long a terminated worker may take to end before it is killed."""


@contextmanager
def stops_set(stop: threading.Event) -> Iterator[None]:
    """Ctrl-C, while the caller waits on its workers, sets `stop` instead of raising
    KeyboardInterrupt; so do SIGTERM and SIGHUP where a command made them stop as Ctrl-C does
    (`commands.run`: the signal is noted for its exit status). The exception would land at any
    step of an executor's bookkeeping: in `wait()` between taking two futures' locks, say,
    which then stay taken, and the executor's own thread, blocked on them, never lets the pool
    shut down. Only the main thread receives signals; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_signal(signum: int, frame: FrameType | None) -> None:
        hear(signum)
        stop.set()

    previous = {
        sig: signal.signal(sig, on_signal)
        for sig in STOPPING_SIGNALS
        if callable(signal.getsignal(sig))  # a stop, not the system's end of the process
    }
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


Send = Callable[[Any], None]
"""How a helper's process sends a result back to its caller."""


class Helper:
    """`target(*arguments, send)` run in a process of the kit's own (`started`: forked where
    that is safe, so that it starts at once with the puzzle in hand; else the puzzle travels
    pickled), each message it sends handed to `take` as it comes by a thread of this process
    (the reading thread). An exception the target raises is sent back and ends the reading;
    so does one `take` raises (a result the caller's engine refuses, Ctrl-C in a callback), and
    `halt` is then set (the caller's own work stops). Either is `failure`, raised again by
    `stop`, as is an error starting the process. `start` is the start method's context (by
    default `context()`: a caller starting several helpers picks it once, before its first reading
    thread, since that thread makes this process one that runs threads).

    A forked process is started at once by the caller (forking from another thread could copy
    a lock that thread holds: the child hung, and outlived its parent). Any other is started
    by the reading thread: from a fork server or a spawned interpreter (a planner in a
    notebook's panel) the start lasts until the new process has read the puzzle, time in which
    the caller's own search finds its first results.

    The process ignores Ctrl-C and ends with its caller (`started`); the caller ends it when
    done with it (`stop`), or waits for its end first (`join`, with `is_alive`)."""

    def __init__(
        self,
        target: Callable[..., None],
        arguments: tuple[Any, ...],
        take: Callable[[Any], None],
        start: BaseContext | None = None,
        halt: threading.Event | None = None,
    ) -> None:
        start = start or context()
        receiver, sender = start.Pipe(duplex=False)
        self.take = take
        self.halt = halt
        self.failure: BaseException | None = None
        self.process = start.Process(  # type: ignore[attr-defined]
            target=started, args=(_helped, (target, arguments, sender)), daemon=True
        )
        self.launched = threading.Event()
        if start.get_start_method() == "fork":  # at once, and never from another thread
            try:
                self.process.start()
            finally:
                sender.close()  # the process holds the only sending end: its end is the pipe's
                self.launched.set()
        to_start = None if self.launched.is_set() else sender
        self.reader = threading.Thread(
            target=self._start_then_read, args=(receiver, to_start), daemon=True
        )
        self.reader.start()

    def _start_then_read(self, receiver: Any, sender: Any) -> None:
        if sender is not None:  # not forked: started here, beside the caller's work
            try:
                self.process.start()
            except BaseException as error:  # no process: nothing to read
                self.failure = error
                receiver.close()
                return
            finally:
                sender.close()
                self.launched.set()
        self._read(receiver)

    def _read(self, receiver: Any) -> None:
        """Hand on each message until the process ends or fails, or `take` fails."""
        with receiver:
            while True:
                try:
                    message = receiver.recv()
                except (EOFError, OSError, pickle.UnpicklingError):
                    return  # the process has ended (or was stopped while sending)
                if isinstance(message, BaseException):
                    self.failure = message
                    return
                try:
                    self.take(message)
                except BaseException as error:
                    self.failure = error
                    if self.halt is not None:
                        self.halt.set()
                    return

    def is_alive(self) -> bool:
        """Whether messages may still come (the reading thread runs)."""
        return self.reader.is_alive()

    def join(self, timeout: float | None = None) -> None:
        """Wait up to `timeout` seconds (None: for ever) for the last message to be read."""
        self.reader.join(timeout)

    def stop(self) -> None:
        """End the process now (what it sent before is handed on), then raise `failure` if
        any."""
        self.launched.wait()
        if self.process.is_alive():
            self.process.terminate()
        if self.process.pid is not None:
            self.process.join()
        self.reader.join()
        if self.failure is not None:
            raise self.failure


def _helped(target: Callable[..., None], arguments: tuple[Any, ...], sender: Any) -> None:
    """The body of a `Helper`'s process (after `started`): `target` with the sending end of
    the pipe; what it raises is sent back for the caller to raise."""
    try:
        target(*arguments, sender.send)
    except Exception as error:
        sender.send(error)
