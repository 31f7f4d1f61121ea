"""How the kit's notebooks are kept: their inputs only, so that running a lesson and saving it
leaves the repository as it was.

A notebook whose metadata says `"kit": {"save_outputs": false}` (every notebook of
`notebooks/`) is saved without its outputs and execution counts, with the notebook's metadata
reduced to its kernel and that mark, and each cell's metadata without what Jupyter records as
it runs (execution times, scrolling). `stored(notebook)` is that form, and the tests check that
every notebook of `notebooks/` is kept so.

JupyterLab saves them so through this module's Jupyter server extension: before a marked
notebook is written, its save hook replaces it by its stored form (the page keeps showing the
outputs; the file holds none). Other notebooks are saved as they are. `python -m kit.saving`
enables the extension in the environment it runs in, once (pip cannot: an editable install
leaves out the configuration files a package brings for Jupyter)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from kit.core.errors import KitError
from kit.core.files import write_file

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
"""The kernel every kept notebook names (as JupyterLab names the kit's environment's own)."""

MARK = {"save_outputs": False}
"""The notebook metadata, under "kit", that asks for a notebook to be kept without outputs."""

RUNTIME = frozenset({"execution", "ExecuteTime", "scrolled", "collapsed", "trusted"})
"""What Jupyter writes into a cell's metadata as it runs the cell or shows its outputs."""


def marked(notebook: dict[str, Any]) -> bool:
    """Whether `notebook` (as nbformat reads it) asks to be kept without outputs."""
    return bool(notebook.get("metadata", {}).get("kit") == MARK)


def stored(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook as it is kept: the same cells without outputs, execution counts or run-time
    cell metadata, and only the kernel and the mark as notebook metadata (a new dict)."""
    cells = []
    for cell in notebook["cells"]:
        metadata = {k: v for k, v in cell.get("metadata", {}).items() if k not in RUNTIME}
        kept = {**cell, "metadata": metadata}
        if cell["cell_type"] == "code":
            kept.update(outputs=[], execution_count=None)
        cells.append(kept)
    return {**notebook, "cells": cells, "metadata": {"kernelspec": KERNELSPEC, "kit": MARK}}


def keep_inputs_only(model: dict[str, Any], **_: Any) -> None:
    """The Jupyter server's pre-save hook: a marked notebook is saved in its stored form."""
    if model.get("type") == "notebook" and marked(model.get("content") or {}):
        model["content"] = stored(model["content"])


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """This module is a Jupyter server extension (enabled by `journeys-kit.json`)."""
    return [{"module": "kit.saving"}]


def _load_jupyter_server_extension(server: Any) -> None:
    """Run `keep_inputs_only` before every save, beside any hook the server has already."""
    server.contents_manager.register_pre_save_hook(keep_inputs_only)


CONFIG = "jupyter_server_config.d/journeys-kit.json"
"""Where, in the environment's Jupyter configuration folder, the extension is enabled."""


def enable(folder: Path | None = None) -> Path:
    """Enable the extension for the Jupyter servers of this environment (or of the configuration
    `folder`): the file written."""
    from jupyter_core.paths import ENV_CONFIG_PATH

    path = Path(folder or ENV_CONFIG_PATH[0]) / CONFIG
    path.parent.mkdir(parents=True, exist_ok=True)
    config = {"ServerApp": {"jpserver_extensions": {"kit.saving": True}}}
    return write_file(path, json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    try:
        written = enable()
    except (OSError, KitError) as error:
        sys.exit(f"cannot enable kit.saving for Jupyter: {error}")
    print(f"JupyterLab now saves the kit's notebooks without their outputs ({written})")
