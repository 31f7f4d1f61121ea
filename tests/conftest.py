"""The project's folder on the path of every kernel the tests start: a test notebook (run by
nbmake, or served by Voila) imports its fixtures from `tests`, as the tests themselves do."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
