"""What every command of the kit shares (`kit`, each planner's `main`, the benchmark scripts):
an argument parser whose every error is one line naming the argument and what is allowed, the
checked number types, and one way to end: exit status 2 for bad input, 130 for Ctrl-C, never a
traceback for either. Closing the terminal (SIGHUP) or `kill` (SIGTERM) stops a command the way
Ctrl-C does, so whatever Ctrl-C saves, keeps or ends (a game, a best plan, helper processes) is
saved, kept or ended for them too; the exit status is then 128 plus the signal's number."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any, NoReturn

from kit.core import limits
from kit.core.errors import KitError, shown
from kit.core.options import Option
from kit.core.rng import seed_from_text

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

STOPPING_SIGNALS = {
    signal.SIGINT: "Ctrl-C",
    signal.SIGTERM: "SIGTERM",
    **({signal.SIGHUP: "SIGHUP"} if hasattr(signal, "SIGHUP") else {}),
}
"""The signals a command stops on as on Ctrl-C, with the name its messages give them."""

_last_stop = ["Ctrl-C"]
_heard: list[int] = []


def stopped_by() -> str:
    """What stopped the command last ("Ctrl-C", "SIGTERM", "SIGHUP"), for messages such as
    "stopped by Ctrl-C after 3 games": Ctrl-C unless `run` has heard another signal."""
    return _last_stop[0]


def hear(signum: int) -> None:
    """Take note of a stopping signal as `run` does (its name for `stopped_by`, its number for
    the exit status): `run`'s own handler does before it raises KeyboardInterrupt; code that
    answers the signal itself (a tournament that stops shipping games) calls it instead."""
    _heard.append(signum)
    _last_stop[0] = STOPPING_SIGNALS[signal.Signals(signum)]


class UsageError(KitError):
    """A bad command line: names the argument and what it may be."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, except that a usage error raises `UsageError` (which `run` prints as
    one line) instead of printing the usage and exiting. Subcommands inherit it."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def count(text: str) -> int:
    """A whole number of at least 1: games, repetitions, workers (a planner lowers more
    workers than the machine's cores to them, with a note)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected {limits.WORKERS_RULE}, got {shown(text)}")
    return value


def whole(text: str) -> int:
    """Any whole number (a seed, a seat: the command checks its range)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}") from None


def seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**64 - 1 (`kit.core.rng.check_seed`)."""
    try:
        return seed_from_text(text)
    except KitError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def seconds(text: str) -> float:
    """A time limit, by the rule of `limits.time_limit`."""
    try:
        return limits.time_limit(float(text))
    except (ValueError, KitError):
        raise argparse.ArgumentTypeError(
            f"expected {limits.SECONDS_RULE}, got {shown(text)}"
        ) from None


def option_type(option: Option) -> Callable[[str], Any]:
    """The argparse type of an option: its own `from_text`, so a value typed at the command line
    is checked exactly as `kit.load` (or the solver panel) checks it."""

    def read(text: str) -> Any:
        try:
            return option.from_text(text)
        except KitError as error:
            problem = str(error).removeprefix(f"option {option.name!r}: ")
            raise argparse.ArgumentTypeError(problem) from None

    read.__name__ = option.name
    return read


def add_options(parser: argparse.ArgumentParser, options: Sequence[Option]) -> None:
    """A flag for each of a puzzle's `options`, its value in `args.<name>` (the default when
    not given): a choice among the option's `choices`, or text read by `option_type`."""
    for option in options:
        if option.choices:
            parser.add_argument(
                option.flag,
                dest=option.name,
                default=option.default,
                choices=option.choices,
                help=option.help,
            )
            continue
        parser.add_argument(
            option.flag,
            dest=option.name,
            type=option_type(option),
            default=option.default,
            metavar=option.flag.removeprefix("--").replace("-", "_").upper(),
            help=option.help.replace("%", "%%"),
        )


def say(program: str, message: str) -> None:
    """One line `program: message` on stderr: line breaks in the message are shown as \\n, and
    text that is not Unicode (a file name's stray bytes) by its escape."""
    line = message.replace("\r", "\\r").replace("\n", "\\n")
    line = line.encode("utf-8", "backslashreplace").decode("utf-8")
    print(f"{program}: {line}", file=sys.stderr, flush=True)


def run(main: Callable[[], int], program: str = "kit") -> int:
    """The exit status of `main()`, run as a command: a `KitError` (a bad argument, option, file
    or save) is printed as one line and gives 2; Ctrl-C gives 130, whether `main` stopped its
    work and returned normally (a simulation, a planner keeping its best plan) or the interrupt
    escaped (one line is printed then); SIGTERM and SIGHUP are heard as Ctrl-C and give 143 and
    129. Help and argparse's own exits give their status."""
    _heard.clear()
    owner = os.getpid()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != owner:  # a forked helper not yet started (`pools.started`): it ends
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        hear(signum)
        raise KeyboardInterrupt

    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = (
        {sig: signal.signal(sig, on_signal) for sig in STOPPING_SIGNALS} if in_main_thread else {}
    )
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _noted(program, warnings.showwarning)
            status = main()
    except KitError as error:
        say(program, str(error))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        say(program, f"stopped by {stopped_by()}")
        return _stopped_status(_heard)
    except SystemExit as done:  # --help, or a parser that exits by itself
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        say(program, str(done.code))
        return 1
    finally:
        for sig, handler in previous.items():
            default = signal.default_int_handler if sig == signal.SIGINT else signal.SIG_DFL
            signal.signal(sig, handler if handler is not None else default)
    return _stopped_status(_heard) if _heard else status


def _noted(program: str, show: Callable[..., None]) -> Callable[..., None]:
    """`warnings.showwarning` for a command: a note of the kit (`limits.Capped`) as one line
    `program: note: ...`; any other warning as `show` shows it."""

    def noted(message: Warning | str, category: type[Warning], *rest: Any, **named: Any) -> None:
        if issubclass(category, limits.Capped):
            say(program, f"note: {message}")
        else:
            show(message, category, *rest, **named)

    return noted


def _stopped_status(heard: list[int]) -> int:
    """128 plus the number of the first signal heard (130 for Ctrl-C, as shells give)."""
    return 128 + heard[0] if heard else EXIT_INTERRUPTED
