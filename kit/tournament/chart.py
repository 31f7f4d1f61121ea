"""A matplotlib figure that a notebook shows as an image, and the file a plot is saved to.

A figure made without pyplot (as the tournament's plots are, so that nothing is drawn or kept
open behind the caller's back) has no picture of its own for IPython: a cell ending with one
showed its text, `<Figure size 1000x380 with 2 Axes>`, unless pyplot's inline backend happened
to be loaded before. A `Chart` gives its PNG (`_repr_png_`), in JupyterLab and on Voila pages
alike; `save` writes it whole or not at all (`kit.core.files.write_file`); everything else is
the figure's own.

`plot_file` checks where a plot is to go before the work that makes it (a whole tournament)
starts, so a typo in the folder or the format costs nothing."""

from __future__ import annotations

import io
from pathlib import Path

from matplotlib.backend_bases import FigureCanvasBase
from matplotlib.figure import Figure

from kit.core.errors import KitError, shown
from kit.core.files import write_file

DEFAULT_FORMAT = "png"
"""The format of a plot whose file name has no extension (matplotlib's own default)."""


class Chart(Figure):
    """A figure shown as a PNG image when it is a cell's value."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()

    def save(self, file: Path | str) -> Path:
        """Write the figure to `file` (checked by `plot_file`), in the format its extension
        names, atomically; the file written."""
        path = plot_file(file)
        return write_file(path, lambda handle: self.savefig(handle, format=_format(path)))


def plot_formats() -> list[str]:
    """The extensions matplotlib can write a figure in ("png", "svg", "pdf", ...)."""
    return sorted(FigureCanvasBase.get_supported_filetypes())


def plot_file(file: Path | str) -> Path:
    """The file a plot asked for as `file` is written to: `file` itself, or with ".png" added
    when it has no extension. `KitError` when it cannot be: its folder does not exist, it is a
    folder, or its extension is not a format matplotlib writes."""
    path = Path(file)
    if str(file) == "" or path.name in ("", ".", ".."):
        raise KitError(f"expected the name of a file, got {shown(str(file))}")
    if "." not in path.name:
        path = path.with_name(f"{path.name}.{DEFAULT_FORMAT}")
    fmt = _format(path)
    if fmt not in plot_formats():
        raise KitError(
            f"{path}: unknown format {fmt!r}; a plot can be saved as {', '.join(plot_formats())}"
        )
    if not path.parent.is_dir():
        raise KitError(f"{path}: there is no folder {path.parent}")
    if path.is_dir():
        raise KitError(f"{path} is a folder; give the name of a file in it")
    return path


def _format(path: Path) -> str:
    """The format a file's name asks for: what follows its last dot, in lower case."""
    return path.name.rpartition(".")[2].lower()
