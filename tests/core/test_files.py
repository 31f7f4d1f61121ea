"""Nothing lost: every file the kit writes is written whole or not at all (`write_file`), a save
that cannot be written leaves the game going and says why, and closing the terminal or `kill`
during `kit play` saves the game as Ctrl-C does."""

from __future__ import annotations

import errno
import os
import re
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kit
from kit.cli import main
from kit.core import KitError
from kit.core.files import FileWriteError, write_file
from kit.tournament.chart import plot_file, plot_formats
from tests.test_cli import ROOT, first_question, play, saved_file, start, wait_for

FULL = "No space left on device"


def full_disk(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_write_file_writes_text_bytes_or_what_a_function_writes(tmp_path):
    assert write_file(tmp_path / "a.json", "é\n") == tmp_path / "a.json"
    assert (tmp_path / "a.json").read_bytes() == "é\n".encode()
    write_file(tmp_path / "b.bin", b"\x00\xff")
    write_file(str(tmp_path / "c.txt"), lambda handle: handle.write(b"by a function"))
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\xff"
    assert (tmp_path / "c.txt").read_text() == "by a function"
    write_file(tmp_path / "a.json", "again")
    assert (tmp_path / "a.json").read_text() == "again"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.bin", "c.txt"]


def test_a_written_file_has_the_permissions_open_gives(tmp_path):
    (tmp_path / "plain").write_text("x")
    write_file(tmp_path / "atomic", "x")
    mode = stat.S_IMODE((tmp_path / "plain").stat().st_mode)
    assert stat.S_IMODE((tmp_path / "atomic").stat().st_mode) == mode


@pytest.mark.parametrize("earlier", [None, "the earlier content"])
@pytest.mark.parametrize("fault", ["write", "fsync", "replace", "interrupt"])
def test_a_failed_write_leaves_the_file_as_it_was_and_no_temporary(
    monkeypatch, tmp_path, fault, earlier
):
    target = tmp_path / "save.json"
    if earlier is not None:
        target.write_text(earlier)

    def content(handle) -> None:
        handle.write(b"half of it")
        if fault == "write":
            full_disk()
        if fault == "interrupt":
            raise KeyboardInterrupt

    if fault in ("fsync", "replace"):
        monkeypatch.setattr(f"kit.core.files.os.{fault}", full_disk)
    if fault == "interrupt":
        with pytest.raises(KeyboardInterrupt):
            write_file(target, content)
    else:
        with pytest.raises(FileWriteError) as raised:
            write_file(target, content)
        assert str(raised.value) == f"{target}: cannot be written: {FULL}"
        assert isinstance(raised.value, KitError)
    assert [p.name for p in tmp_path.iterdir()] == ([] if earlier is None else ["save.json"])
    assert earlier is None or target.read_text() == earlier


def test_a_file_in_a_missing_folder_is_refused_naming_it(tmp_path):
    target = tmp_path / "no" / "plot.png"
    with pytest.raises(FileWriteError, match=rf"^{target}: cannot be written: No such file"):
        write_file(target, b"x")


@settings(max_examples=60, deadline=None)
@given(
    content=st.binary(max_size=2000),
    earlier=st.none() | st.binary(max_size=100),
    cut=st.none() | st.integers(min_value=0, max_value=2000),
)
def test_a_file_holds_all_of_the_new_content_or_all_of_the_old(
    tmp_path_factory, content, earlier, cut
):
    folder = tmp_path_factory.mktemp("w")
    target = folder / "f"
    if earlier is not None:
        target.write_bytes(earlier)

    def writer(handle) -> None:
        handle.write(content[: cut if cut is not None else len(content)])
        if cut is not None:
            full_disk()

    try:
        write_file(target, writer)
    except FileWriteError:
        assert cut is not None
    files = list(folder.iterdir())
    if cut is None:
        assert target.read_bytes() == content and files == [target]
    elif earlier is None:
        assert files == []
    else:
        assert target.read_bytes() == earlier and files == [target]


# --- kit play: a save that cannot be written -----------------------------------------------
def test_s_on_a_full_disk_says_why_and_the_game_goes_on_until_it_is_saved(
    monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    faults = iter([full_disk])  # the first save meets a full disk, the second does not
    real = os.fsync
    monkeypatch.setattr("kit.core.files.os.fsync", lambda fd: next(faults, real)(fd))
    status, out = play(monkeypatch, capsys, ["four-weeks", "--seed", "2"], "s\ns\n")
    first = first_question(2)
    questions = out.split("player 0 (you)> ")
    assert status == 0 and len(questions) == 3
    assert re.match(
        rf"stopped; the game could not be saved: kit-four-weeks-[\d-]+\.json: cannot be "
        rf"written: {FULL}\nthe game goes on: free some space and s again, or q to quit\n",
        questions[1],
    )
    assert questions[1].endswith(questions[0][questions[0].index("\n") + 1 :])  # asked again
    path = saved_file(questions[2])
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert kit.load_json(path.read_text()) == first


def test_a_save_that_never_can_be_written_leaves_no_file_and_q_quits(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("kit.core.files.os.replace", full_disk)
    status, out = play(monkeypatch, capsys, ["four-weeks", "--seed", "2"], "s\ns\nq\n")
    assert status == 0 and out.count("the game could not be saved: ") == 2
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_with_a_save_that_cannot_be_written_says_the_game_is_lost(
    monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("kit.core.files.os.fsync", full_disk)

    def ctrl_c(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", ctrl_c)
    status, out = play(monkeypatch, capsys, ["four-weeks", "--seed", "2"], "")
    last = out.splitlines()[-1]
    assert status == 130 and list(tmp_path.iterdir()) == []
    assert last.startswith("stopped by Ctrl-C; the game could not be saved: kit-four-weeks-")
    assert last.endswith(f".json: cannot be written: {FULL}")


def test_ctrl_c_again_while_saving_says_the_game_was_not_saved(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)

    def ctrl_c(*_: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("kit.core.files.os.fsync", ctrl_c)
    monkeypatch.setattr("builtins.input", ctrl_c)
    status, out = play(monkeypatch, capsys, ["four-weeks", "--seed", "2"], "")
    assert status == 130 and list(tmp_path.iterdir()) == []
    assert out.endswith("\nstopped again by Ctrl-C while saving: the game was not saved\n")


# --- kit play: SIGTERM and SIGHUP save the game as Ctrl-C does -------------------------------
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_and_sighup_in_a_game_save_it_where_they_say(tmp_path, signum, status):
    process = start("play", "four-weeks", "--seed", "8", cwd=tmp_path)
    wait_for(process, r"player 0 \(you\)> $", "stdout")
    process.send_signal(signum)
    out, err = (text.decode() for text in process.communicate(timeout=120))
    name = signal.Signals(signum).name
    assert (process.returncode, err) == (status, "")
    path = saved_file(out)
    assert out.endswith(
        f"\nstopped by {name}; the game is saved in {path}: "
        f"go on with `kit play --load {path} --seat 0`\n"
    )
    reference = kit.load("four_weeks", seed=8).new_game()
    reference.resolve_chance()
    assert kit.load_json((tmp_path / path).read_text()) == reference
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


PLAY_ON_A_FULL_DISK = textwrap.dedent(
    """
    import errno, os, sys
    import kit.core.files
    from kit.cli import main

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    kit.core.files.os.fsync = full
    sys.exit(main(["play", "four-weeks", "--seed", "8"]))
    """
)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_with_a_save_that_cannot_be_written_says_so_and_fails(tmp_path, signum, status):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", PLAY_ON_A_FULL_DISK],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    wait_for(process, r"player 0 \(you\)> $", "stdout")
    process.send_signal(signum)
    out, err = (text.decode() for text in process.communicate(timeout=120))
    last = out.splitlines()[-1]
    assert (process.returncode, err) == (status, "")
    name = signal.Signals(signum).name
    assert last.startswith(f"stopped by {name}; the game could not be saved: kit-four-weeks-")
    assert last.endswith(f".json: cannot be written: {FULL}")
    assert list(tmp_path.iterdir()) == []


# --- kit tournament --plot -----------------------------------------------------------------
TOURNAMENT = ["tournament", "four-weeks", "--games", "2", "--workers", "1", "--seed", "3"]


@pytest.mark.parametrize(
    ("plot", "problem"),
    [
        (
            "no/such/folder/plot.png",
            "{f}/no/such/folder/plot.png: there is no folder {f}/no/such/folder\n",
        ),
        ("plot.xyz", "{f}/plot.xyz: unknown format 'xyz'; a plot can be saved as avif, eps,"),
        ("plot.", "{f}/plot.: unknown format ''; a plot can be saved as avif, eps, gif, "),
        ("folder.png", "{f}/folder.png is a folder; give the name of a file in it\n"),
        ("", "expected the name of a file, got ''\n"),
    ],
)
def test_a_plot_that_cannot_be_saved_is_refused_before_the_games(capsys, tmp_path, plot, problem):
    (tmp_path / "folder.png").mkdir()
    file = str(tmp_path / plot) if plot else ""
    assert main([*TOURNAMENT, "--plot", file]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1  # not a game was played
    assert err.startswith("kit: argument --plot: " + problem.format(f=tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["folder.png"]


@pytest.mark.parametrize(("plot", "written"), [("results", "results.png"), ("r.SVG", "r.SVG")])
def test_the_plot_is_saved_where_the_message_says(monkeypatch, capsys, tmp_path, plot, written):
    monkeypatch.chdir(tmp_path)
    assert main([*TOURNAMENT, "--plot", plot]) == 0
    assert capsys.readouterr().out.endswith(f"\nplot saved to {written}\n")
    assert [p.name for p in tmp_path.iterdir()] == [written]
    head = (tmp_path / written).read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if written.endswith("png") else b"<svg" in head


def test_a_plot_that_cannot_be_written_is_one_line_and_leaves_no_file(
    monkeypatch, capsys, tmp_path
):
    monkeypatch.setattr("kit.core.files.os.fsync", full_disk)
    assert main([*TOURNAMENT, "--plot", str(tmp_path / "p.png")]) == 2
    out, err = capsys.readouterr()
    assert "head to head" in out  # the tables are shown all the same
    assert err.endswith(f"\nkit: {tmp_path / 'p.png'}: cannot be written: {FULL}\n")
    assert list(tmp_path.iterdir()) == []


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzGIFPN", max_size=5))
def test_a_plot_file_is_accepted_exactly_in_the_formats_matplotlib_writes(extension):
    file = f"plot.{extension}"
    if extension.lower() in plot_formats():
        assert plot_file(file) == Path(file)
    else:
        with pytest.raises(KitError, match=f"unknown format '{extension.lower()}'"):
            plot_file(file)
