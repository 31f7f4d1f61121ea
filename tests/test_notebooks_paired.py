"""Each lesson is a notebook paired with a py:percent file; both must say the same thing.
(The notebooks themselves run top to bottom under nbmake, collected from `notebooks/`.)"""

from pathlib import Path

import jupytext
import pytest

FOLDER = Path(__file__).parents[1] / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
SCRIPTS = sorted(FOLDER.glob("*.py"))
# What Jupyter writes of its own into a cell's metadata as it runs, which the pair need not share.
RUNTIME = {"execution", "ExecuteTime", "scrolled", "collapsed", "trusted"}


def cells(path: Path) -> list[tuple[str, str, dict]]:
    """A notebook's cells as (type, source, metadata), read by jupytext from either format."""
    return [
        (
            cell.cell_type,
            cell.source.strip(),
            {k: v for k, v in cell.metadata.items() if k not in RUNTIME},
        )
        for cell in jupytext.read(path).cells
    ]


def test_there_are_lessons():
    assert len(NOTEBOOKS) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS + SCRIPTS, ids=lambda p: p.name)
def test_every_notebook_and_script_has_its_pair(path):
    pair = path.with_suffix(".py" if path.suffix == ".ipynb" else ".ipynb")
    assert pair.exists(), f"{path.name} has no paired {pair.name}: run `jupytext --sync`"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_and_script_hold_the_same_cells(notebook):
    script = notebook.with_suffix(".py")
    if not script.exists():
        pytest.skip(f"{notebook.name} has no pair (the test above fails)")
    ours, theirs = cells(notebook), cells(script)
    for number, (a, b) in enumerate(zip(ours, theirs, strict=False), 1):
        assert a == b, (
            f"cell {number} of {notebook.name} and {script.name} differ: run `jupytext --sync`"
        )
    assert len(ours) == len(theirs), (
        f"{notebook.name} has {len(ours)} cells, {script.name} {len(theirs)}: run `jupytext --sync`"
    )
