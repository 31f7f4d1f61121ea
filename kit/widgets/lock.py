"""One lock per panel: a panel's handlers and its background threads (the advisor's, the
planner's) change its widgets one at a time."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

Handler = TypeVar("Handler", bound=Callable[..., Any])


def locked(handler: Handler) -> Handler:
    """A handler of the panel's (or its advisor's) that runs under the panel's lock, so that
    the advisor's thread never changes a widget half-way through a click, nor a click half-way
    through the advice being drawn."""

    @functools.wraps(handler)
    def run(self: Any, *args: Any) -> Any:
        with self._lock:
            return handler(self, *args)

    return run  # type: ignore[return-value]
