"""Each lesson is a notebook paired with a py:percent file; both must say the same thing.
(The notebooks themselves run top to bottom under nbmake, collected from `notebooks/`.)"""

from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = sorted((Path(__file__).parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_lessons():
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_and_script_hold_the_same_cells(notebook):
    script = notebook.with_suffix(".py")
    assert script.exists(), f"{notebook.name} has no paired {script.name}"
    cells = [(c.cell_type, c.source.strip()) for c in jupytext.read(notebook).cells]
    paired = [(c.cell_type, c.source.strip()) for c in jupytext.read(script).cells]
    assert cells == paired, f"{notebook.name} and {script.name} differ: run `jupytext --sync`"
