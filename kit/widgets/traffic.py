"""What widgets send to the browser, recorded without a browser: for the tests and the benchmark.

Outside a kernel every widget talks through a `comm.DummyComm`, which drops its messages;
`recorded()` keeps them instead, so a test can read what a page would receive (and check that no
hidden name is in it) and a benchmark can count the bytes of an update."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from comm import DummyComm


@dataclass(frozen=True, slots=True)
class Message:
    """One comm message: its type ("comm_open", "comm_msg", "comm_close") and data."""

    kind: str
    data: dict[str, Any]

    @property
    def text(self) -> str:
        return json.dumps(self.data, ensure_ascii=False, default=str)

    @property
    def size(self) -> int:
        """Bytes of the message's data as the kernel sends it (JSON, UTF-8)."""
        return len(self.text.encode())


@contextmanager
def recorded() -> Iterator[list[Message]]:
    """The messages every widget sends while inside, in order."""
    messages: list[Message] = []
    original = DummyComm.publish_msg

    def record(comm: object, msg_type: str, data: Any = None, *args: Any, **keys: Any) -> None:
        messages.append(Message(msg_type, dict(data or {})))

    DummyComm.publish_msg = record  # type: ignore[assignment,method-assign]
    try:
        yield messages
    finally:
        DummyComm.publish_msg = original  # type: ignore[method-assign]
