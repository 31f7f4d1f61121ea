"""Writing a file so that nothing is lost: every file the kit writes (a saved game, a plot, a
picture, a configuration) goes through `write_file`.

The content is written to a temporary file beside the target, flushed to the disk, and only
then renamed over the target (`os.replace`, atomic on one file system). A write that fails — a
full disk, a folder that cannot be written, Ctrl-C or `kill` in the middle — leaves the target
as it was (absent, or its earlier content) and no temporary file behind; never an empty or
half-written file that then fails to load."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from kit.core.errors import KitError

Content = str | bytes | Callable[[BinaryIO], object]
"""What `write_file` writes: text (as UTF-8), bytes, or a function that writes to the open
binary file (a figure's `savefig`, say)."""


class FileWriteError(KitError):
    """A file that could not be written: names the file and the system's reason."""


def write_file(path: Path | str, content: Content) -> Path:
    """Write `content` to `path` atomically (see the module docstring) and return the path, or
    raise `FileWriteError` naming the file and why (the system's reason), the target untouched.
    The new file gets the permissions a plain `open` would give it."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as error:
        raise FileWriteError(f"{target}: cannot be written: {_reason(error)}") from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            if isinstance(content, str):
                handle.write(content.encode("utf-8"))
            elif isinstance(content, bytes):
                handle.write(content)
            else:
                content(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException as error:  # a full disk, Ctrl-C, SIGTERM: no partial file is left
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise FileWriteError(f"{target}: cannot be written: {_reason(error)}") from None
        raise
    return target


def _reason(error: OSError) -> str:
    """The system's words for `error` ("No space left on device"), without the file name
    (the message names the file the user asked for, not the temporary one)."""
    return error.strerror or str(error)
