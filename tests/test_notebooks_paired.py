"""Each lesson is a notebook paired with a py:percent file; both must say the same thing.
(The notebooks themselves run top to bottom under nbmake, collected from `notebooks/`.)"""

import ast
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


LESSONS = [path for path in NOTEBOOKS if path.name[:2].isdigit()]


def hidden(cell) -> bool:
    return bool(cell.metadata.get("jupyter", {}).get("source_hidden"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_ends_with_a_checked_exercise_and_a_collapsed_solution(lesson):
    """The exercise is checked by `kit.lessons` (words, not a traceback); the checker's own cell,
    which works the answer out, and the solution at the end are collapsed and show nothing (an
    output would give the answer away)."""
    code = [cell for cell in jupytext.read(lesson).cells if cell.cell_type == "code"]
    text = "\n".join(cell.source for cell in code)
    assert "from kit.lessons import" in text, f"{lesson.name} does not use the kit's checker"
    assert hidden(code[-1]), f"{lesson.name} does not end with a collapsed solution"
    for cell in code:
        if "Exercise(" in cell.source:
            assert hidden(cell), f"{lesson.name}: the checker's answer is in sight"
        if hidden(cell):
            assert "print(" not in cell.source and "display(" not in cell.source, (
                f"{lesson.name}: a collapsed cell shows what it holds"
            )
            last = ast.parse(cell.source).body[-1]
            assert not isinstance(last, ast.Expr), f"{lesson.name}: a collapsed cell shows a value"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_shows_maps_as_images(lesson):
    """Inline SVG in HTML shows as run-on text in an untrusted notebook: maps go through
    `kit.lessons.image` or a state's own picture."""
    text = "\n".join(cell.source for cell in jupytext.read(lesson).cells)
    assert "HTML(" not in text, f"{lesson.name} shows a picture as an HTML string"
