"""Each notebook of `notebooks/` is paired with a py:percent script of the same name in
`notebooks/py/` (by `notebooks/jupytext.toml`); both must say the same thing, and the notebook
is kept as `kit.saving` keeps it: no outputs, no metadata that changes as it runs. (The lessons
themselves run top to bottom in `tests/test_lessons.py`.)"""

import ast
import json
from pathlib import Path

import jupytext
import pytest
from jupytext.config import load_jupytext_config
from jupytext.paired_paths import paired_paths

from kit.saving import (
    KERNELSPEC,
    _jupyter_server_extension_points,
    enable,
    keep_inputs_only,
    marked,
    stored,
)

FOLDER = Path(__file__).parents[1] / "notebooks"
SCRIPTS_FOLDER = FOLDER / "py"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
SCRIPTS = sorted(SCRIPTS_FOLDER.glob("*.py"))
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


def pair_of(path: Path) -> Path:
    """The other file of a pair: `notebooks/NAME.ipynb` and `notebooks/py/NAME.py`."""
    if path.suffix == ".ipynb":
        return SCRIPTS_FOLDER / f"{path.stem}.py"
    return FOLDER / f"{path.stem}.ipynb"


def test_there_are_lessons_and_only_notebooks_beside_them():
    """JupyterLab's file browser lists each lesson once: no script lies beside a notebook."""
    assert len(NOTEBOOKS) >= 1
    assert sorted(path.name for path in FOLDER.glob("*.py")) == []


@pytest.mark.parametrize("path", [NOTEBOOKS[0], SCRIPTS[0]], ids=lambda p: p.suffix)
def test_jupytext_pairs_a_notebook_with_its_script_in_py(path):
    """The pairing is jupytext's own (`notebooks/jupytext.toml`), from either file of a pair."""
    config = load_jupytext_config(str(path))
    (formats,) = config.formats
    paths = paired_paths(str(path), "ipynb" if path.suffix == ".ipynb" else "py:percent", formats)
    assert sorted(Path(other) for other, _ in paths) == sorted([path, pair_of(path)])
    assert config.notebook_metadata_filter == "-all"  # no header, no jupytext version


@pytest.mark.parametrize("path", NOTEBOOKS + SCRIPTS, ids=lambda p: p.name)
def test_every_notebook_and_script_has_its_pair(path):
    pair = pair_of(path)
    assert pair.exists(), (
        f"{path.name} has no paired {pair.relative_to(FOLDER)}: run `jupytext --sync {path}`"
    )


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_is_kept_without_outputs_or_run_time_metadata(notebook):
    """What running a notebook adds (outputs, execution counts, the kernel's language details)
    is not kept: running and saving a lesson leaves the repository as it was."""
    kept = json.loads(notebook.read_text())
    assert marked(kept), (
        f'{notebook.name}: its metadata needs "kit": {{"save_outputs": false}} (kit.saving)'
    )
    assert kept == stored(kept), (
        f"{notebook.name} holds outputs or run-time metadata: save it in JupyterLab with the "
        "kit's server extension enabled (`python -m kit.saving`)"
    )


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_and_script_hold_the_same_cells(notebook):
    script = pair_of(notebook)
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


def test_the_save_hook_keeps_a_marked_notebook_without_what_running_it_added():
    ran = {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# A lesson"},
            {
                "cell_type": "code",
                "id": "b",
                "execution_count": 3,
                "metadata": {"jupyter": {"source_hidden": True}, "scrolled": True},
                "outputs": [{"output_type": "stream", "name": "stdout", "text": "42\n"}],
                "source": "print(42)",
            },
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "kit": {"save_outputs": False},
            "language_info": {"name": "python", "version": "3.11.7"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    model = {"type": "notebook", "content": ran}
    keep_inputs_only(model, path="notebooks/lesson.ipynb")
    kept = model["content"]
    assert kept["cells"][0] == ran["cells"][0]
    assert kept["cells"][1] == {
        "cell_type": "code",
        "id": "b",
        "execution_count": None,
        "metadata": {"jupyter": {"source_hidden": True}},
        "outputs": [],
        "source": "print(42)",
    }
    assert kept["metadata"] == {"kernelspec": KERNELSPEC, "kit": {"save_outputs": False}}
    assert ran["cells"][1]["outputs"]  # the page's own notebook is left alone


def test_the_save_hook_leaves_other_notebooks_and_files_as_they_are():
    theirs = {"cells": [], "metadata": {"language_info": {"name": "python"}}}
    for model in ({"type": "notebook", "content": theirs}, {"type": "file", "content": "text"}):
        before = json.dumps(model)
        keep_inputs_only(model, path="elsewhere")
        assert json.dumps(model) == before


def test_enable_writes_the_server_configuration_that_loads_the_extension(tmp_path):
    written = enable(tmp_path)
    assert written == tmp_path / "jupyter_server_config.d" / "journeys-kit.json"
    config = json.loads(written.read_text())
    assert config == {"ServerApp": {"jpserver_extensions": {"kit.saving": True}}}
    assert _jupyter_server_extension_points() == [{"module": "kit.saving"}]
