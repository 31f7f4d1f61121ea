"""A matplotlib figure that a notebook shows as an image.

A figure made without pyplot (as the tournament's plots are, so that nothing is drawn or kept
open behind the caller's back) has no picture of its own for IPython: a cell ending with one
showed its text, `<Figure size 1000x380 with 2 Axes>`, unless pyplot's inline backend happened
to be loaded before. A `Chart` gives its PNG (`_repr_png_`), in JupyterLab and on Voila pages
alike; `savefig` and everything else are the figure's own."""

from __future__ import annotations

import io

from matplotlib.figure import Figure


class Chart(Figure):
    """A figure shown as a PNG image when it is a cell's value."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", bbox_inches="tight")
        return buffer.getvalue()
