"""One small protocol for long work (simulations, solves): the CLI renders it with a tqdm bar,
the widgets with a progress widget, and tests with a list."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    """Called as work advances: `done` out of `total` (None when unknown), with a short message."""

    def __call__(self, done: float, total: float | None, message: str = "") -> None: ...


class TqdmProgress:
    """Renders `Progress` calls with a tqdm bar (used by the command line)."""

    def __init__(self, description: str = "") -> None:
        from tqdm.auto import tqdm

        self.bar = tqdm(desc=description)

    def __call__(self, done: float, total: float | None, message: str = "") -> None:
        if total is not None and self.bar.total != total:
            self.bar.total = total
        self.bar.n = done
        if message:
            self.bar.set_postfix_str(message)
        self.bar.refresh()

    def close(self) -> None:
        self.bar.close()
