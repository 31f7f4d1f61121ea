"""A built wheel is the kit as `pip install` gives it: it must carry the games' rules data
(`kit/seeds/`), or no game loads outside a checkout. The wheel is built without the network
(`--no-build-isolation --no-index`, by the setuptools of the development extra) from a copy of
the sources, so the checkout gets no `build/` folder whose stale files a later wheel would
carry. The engines, planners and tournaments install and import without Jupyter (a Dask worker
needs none of it): the notebooks' packages are the `classroom` extra."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import kit
from kit.core.data import PACKAGE_DIR, SEEDS_DIR

ROOT = PACKAGE_DIR.parent

# Run in a fresh interpreter by `python -I` (no PYTHONPATH, no current folder on sys.path): the
# unpacked wheel is the only place `kit` can come from, which the first assertion checks.
FROM_THE_WHEEL = """
import sys
from pathlib import Path

unpacked = Path(sys.argv[1])
sys.path.insert(0, str(unpacked))
import kit
from kit.core.data import SEEDS_DIR, path_text

assert Path(kit.__file__).parent == unpacked / "kit", kit.__file__
for name in kit.GAMES:
    kit.load(name).new_game()
print(path_text(SEEDS_DIR / "four_weeks" / "rules.toml"))
"""

JUPYTER = {"ipywidgets", "anywidget", "jupyterlab", "voila", "ipykernel"}
"""The classroom extra: what only the notebooks and their panels need."""

# Run in a fresh interpreter, so that no module another test imported counts: the top-level
# packages of Jupyter's world that importing the kit without its panels brings in.
IMPORTS_NO_JUPYTER = """
import sys

import kit, kit.cli, kit.solve, kit.tournament
import kit.amazing_journey, kit.timeless_journeys, kit.four_weeks
import kit.solve.amazing_journey, kit.solve.timeless_journeys
import kit.solve.four_weeks, kit.solve.orienteering

for name in kit.GAMES:
    kit.load(name).new_game()
jupyter = {"ipywidgets", "anywidget", "traitlets", "comm", "IPython", "ipykernel", "voila"}
tops = {name.split(".")[0] for name in sys.modules}
print(sorted(top for top in tops if top in jupyter or "jupyter" in top))
"""


def requirement_name(requirement: str) -> str:
    """The package a requirement names (`"voila>=0.5"`: voila), lower case."""
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match, requirement
    return match.group().lower()


def test_the_base_install_holds_no_jupyter_package_and_the_classroom_extra_holds_them():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = {requirement_name(r) for r in project["dependencies"]}
    assert "ortools" in base and not base & (JUPYTER | {"jupyter", "notebook", "ipython"})
    extras = project["optional-dependencies"]
    assert {requirement_name(r) for r in extras["classroom"]} == JUPYTER
    assert "journeys-kit[classroom,cluster]" in extras["dev"]


def test_the_kit_its_engines_planners_and_tournaments_import_no_jupyter_module(tmp_path):
    command = [sys.executable, "-c", IMPORTS_NO_JUPYTER]
    ran = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "[]\n"


def test_the_panels_without_the_classroom_extra_say_which_extra_to_install(tmp_path):
    """Where anywidget (or ipywidgets) is missing, importing the panels names the extra that
    brings them, not only the missing module."""
    for missing in ("anywidget", "ipywidgets"):
        code = f"import sys; sys.modules[{missing!r}] = None; import kit.widgets"
        ran = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120
        )
        assert ran.returncode == 1
        assert ran.stderr.splitlines()[-1] == (
            f"ImportError: kit.widgets needs the classroom extra ({missing} is not installed): "
            'pip install -e ".[classroom]"'
        )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built from a copy of what the build reads."""
    folder = tmp_path_factory.mktemp("wheel")
    source = folder / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(PACKAGE_DIR, source / "kit", ignore=shutil.ignore_patterns("__pycache__"))
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    command += ["--no-index", "--quiet", "--wheel-dir", str(folder), str(source)]
    built = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stdout + built.stderr
    (found,) = folder.glob("journeys_kit-*.whl")
    return found


def test_the_wheel_holds_every_file_of_the_rules_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    data = {path.relative_to(ROOT).as_posix() for path in SEEDS_DIR.rglob("*") if path.is_file()}
    assert "kit/seeds/README.md" in data
    missing = sorted(data - names)
    assert not missing
    assert "kit/widgets/data/README.md" in names  # where the map outlines come from
    for game in kit.GAMES:
        assert f"kit/seeds/{game}/rules.toml" in names
        assert f"kit/seeds/{game}/README.md" in names


def test_every_game_loads_from_the_unpacked_wheel_alone(wheel, tmp_path):
    """Imported from the unpacked wheel with no checkout on the path, every game loads and
    starts, and a built-in file is named in messages as in a checkout."""
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(wheel).extractall(unpacked)
    command = [sys.executable, "-I", "-c", FROM_THE_WHEEL, str(unpacked)]
    ran = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == "seeds/four_weeks/rules.toml\n"
