"""`pnp build`: the complete kit, its options, and safe, deterministic writing."""

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run
from pdfpaths import flat_to_flat, hexagons, read_paths
from raster import ink_near_edges


@pytest.fixture(scope="module")
def kit_1860(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit1860")
    result = run("build", "1860", "--out", out, "-q")
    assert result.exit_code == 0, result.output
    return out


def outline_titles(reader):
    return [item.title for item in reader.outline if not isinstance(item, list)]


def test_kit_has_a_bookmark_per_component_and_trim_boxes(kit_1860):
    reader = PdfReader(str(kit_1860 / "1860-kit.pdf"))
    titles = outline_titles(reader)
    index = (kit_1860 / "index.md").read_text()
    components = [line.split("|")[1].strip() for line in index.splitlines()
                  if line.startswith("| ") and not line.startswith("| component") and "`" in line.split("|")[-2]
                  and line.count("|") == 6]
    assert "Tiles" in titles
    for title in components:
        assert title in titles
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page


def test_index_counts_match_the_data(kit_1860):
    index = (kit_1860 / "index.md").read_text()
    rows = [line for line in index.splitlines() if line.startswith("| ") and line.count("|") == 6][1:]
    assert rows
    for row in rows:
        cells = [c.strip() for c in row.split("|")[1:-1]]
        if cells[2] != "-":
            assert cells[1] == cells[2], row
    assert "| Tiles | 139 | 139 |" in index


def test_first_page_is_a_calibration_ruler(kit_1860):
    reader = PdfReader(str(kit_1860 / "1860-kit.pdf"))
    assert "100 mm" in reader.pages[0].extract_text()


def test_no_ink_within_5_mm_of_the_paper_edge(kit_1860):
    """Most printers leave about 5 mm along the edge blank: every page of the kit keeps
    its footers, crop marks and pieces out of it (rendered, tests/raster.py)."""
    assert ink_near_edges(kit_1860 / "1860-kit.pdf", 5.0) == []


def test_every_component_pdf_is_listed_with_its_pages(kit_1860):
    index = (kit_1860 / "index.md").read_text()
    for pdf in kit_1860.glob("*.pdf"):
        pages = len(PdfReader(str(pdf)).pages)
        assert f"| `{pdf.name}` | {pages} |" in index


def test_scale_option_scales_what_is_printed(tmp_path):
    result = run("build", "1860", "--out", tmp_path, "--only", "tiles", "--scale", "1.02", "-q")
    assert result.exit_code == 0, result.output
    sizes = [flat_to_flat(h) for page in read_paths(tmp_path / "tiles.pdf") for h in hexagons(page)]
    assert len(sizes) == 139 and all(abs(s - 38.862) <= 0.1 for s in sizes)


def test_fonts_are_embedded(kit_1860):
    reader = PdfReader(str(kit_1860 / "1860-kit.pdf"))
    for page in reader.pages:
        fonts = page["/Resources"].get("/Font") or {}
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            if descriptor is not None:
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_rebuild_is_byte_identical(kit_1860, tmp_path):
    assert run("build", "1860", "--out", tmp_path, "-q").exit_code == 0
    assert digest(tmp_path) == digest(kit_1860)


def test_a_rebuild_replaces_changed_files_and_leaves_the_same_bytes_alone(tmp_path):
    """A file the rebuild would write with the same bytes stays the same file (replacing it
    only made the disk delete the old copy); one with other bytes is replaced whole."""
    out = tmp_path / "kit"
    assert run("build", "1860", "--out", out, "--only", "tiles,shares", "-q").exit_code == 0
    first = digest(out)
    inodes = {name: (out / name).stat().st_ino for name in first}
    (out / "shares.pdf").write_bytes(b"edited by hand")
    assert run("build", "1860", "--out", out, "--only", "tiles,shares", "-q").exit_code == 0
    assert digest(out) == first
    assert (out / "tiles.pdf").stat().st_ino == inodes["tiles.pdf"]
    assert {n for n in first if (out / n).stat().st_ino != inodes[n]} == {"shares.pdf"}
    assert run("build", "1860", "--out", out, "--only", "tiles,shares", "--paper", "letter", "-q").exit_code == 0
    assert (out / "tiles.pdf").stat().st_ino != inodes["tiles.pdf"]
    assert digest(out)["tiles.pdf"] != first["tiles.pdf"]
    assert not list(tmp_path.glob(".pnp-staging-*"))


def _killed_build(out: Path, point: str, tmp: Path | None = None) -> int:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "PNP_TEST_KILL_AT": point}
    if tmp is not None:
        env["TMPDIR"] = str(tmp)
    proc = subprocess.run([sys.executable, "-m", "pnp", "build", "1860", "--out", str(out), "--only", "tiles",
                           "--paper", "letter", "-q"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc.returncode


def _no_partial_files(out: Path) -> bool:
    return not [p for p in out.rglob("*") if p.name.startswith(".") or p.name.endswith(".part")]


@pytest.mark.parametrize("point", ["built", "staged"])
def test_a_build_killed_before_it_commits_leaves_the_previous_kit(tmp_path, point):
    """The build is killed (SIGKILL) at a named step, not after a guessed delay, so the
    test means the same on a fast machine and a slow one."""
    out = tmp_path / "kit"
    assert run("build", "1860", "--out", out, "--only", "tiles", "-q").exit_code == 0
    before = digest(out)
    assert _killed_build(out, point) == -signal.SIGKILL
    assert digest(out) == before, f"killed at {point!r}, the kit changed"
    assert _no_partial_files(out)


def test_a_build_killed_while_committing_leaves_only_whole_files(tmp_path):
    """Killed between two renames, every file is either the old one or the new one, whole;
    a rebuild then completes the kit."""
    out, letter = tmp_path / "kit", tmp_path / "letter"
    assert run("build", "1860", "--out", out, "--only", "tiles", "-q").exit_code == 0
    assert run("build", "1860", "--out", letter, "--only", "tiles", "--paper", "letter", "-q").exit_code == 0
    old, new = digest(out), digest(letter)
    assert old != new
    assert _killed_build(out, "committing") == -signal.SIGKILL
    after = digest(out)
    assert _no_partial_files(out)
    assert set(after) == set(old) | set(new)
    assert all(after[name] in (old.get(name), new.get(name)) for name in after)
    assert any(after[name] == new.get(name) != old.get(name) for name in after), "nothing was committed"
    assert run("build", "1860", "--out", out, "--only", "tiles", "--paper", "letter", "-q").exit_code == 0
    assert digest(out) == new


def _processes_naming(text: str) -> list[int]:
    """Processes whose command line holds `text` (a drawing worker is a fork of the build,
    so it shows the build's command line)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and text.encode() in (proc / "cmdline").read_bytes():
                found.append(int(proc.name))
        except OSError:
            continue
    return found


def _wait_until_none_named(text: str, timeout: float = 20) -> None:
    """Polls until no process names `text` or `timeout` seconds pass (the kernel delivers
    a dead parent's signal to its children asynchronously); the caller asserts after."""
    deadline = time.monotonic() + timeout
    while _processes_naming(text) and time.monotonic() < deadline:
        time.sleep(0.1)


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc to see the workers")
@pytest.mark.parametrize("point", ["built", "staged", "committing"])
def test_a_killed_build_leaves_no_worker_and_nothing_in_the_temp_folder(tmp_path, point):
    """SIGKILLed with its drawing workers busy, the build takes them with it (each ends
    when its parent's lifeline does: pnp.forked) and has put nothing in the temporary folder; its
    staging folder beside the output is removed by the next build."""
    out, tmp = tmp_path / "kit", tmp_path / "tmp"
    tmp.mkdir()
    assert _killed_build(out, point, tmp) == -signal.SIGKILL
    _wait_until_none_named(str(out))
    assert _processes_naming(str(out)) == [], "a drawing worker outlived its build"
    assert list(tmp.iterdir()) == []
    assert [p.name for p in tmp_path.glob(".pnp-staging-*")], "the killed build's staging folder is expected"
    assert run("build", "1860", "--out", out, "--only", "tiles", "-q").exit_code == 0
    assert list(tmp_path.glob(".pnp-staging-*")) == []


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc to see the loading child")
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the game loads in the build's own process")
def test_a_build_killed_while_its_game_loads_leaves_no_process_and_writes_nothing(tmp_path):
    """SIGKILLed just after forking the child that loads the game (pnp.forked), while
    it imports the drawing modules: the kernel ends the child too, and nothing was
    written anywhere."""
    out, tmp = tmp_path / "kit", tmp_path / "tmp"
    tmp.mkdir()
    assert _killed_build(out, "loading", tmp) == -signal.SIGKILL
    _wait_until_none_named(str(out))
    assert _processes_naming(str(out)) == [], "the loading child outlived its build"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tmp"] and list(tmp.iterdir()) == []


def test_unknown_component_is_a_clear_error(tmp_path):
    result = run("build", "1860", "--out", tmp_path, "--only", "tiles,dragons", "-q")
    assert result.exit_code == 2 and "dragons" in result.output


def test_progress_and_summary(tmp_path):
    result = run("build", "1860", "--out", tmp_path, "--only", "tiles")
    assert result.exit_code == 0
    assert "component" in result.output and "Tiles" in result.output and "1860-kit.pdf" in result.output


def test_a_build_run_in_this_process_leaves_the_garbage_collector_as_it_was(tmp_path):
    """`pnp build` turns the cyclic collector off while it runs (its main process keeps
    what it allocates) and on again after, with nothing left frozen, for a caller that
    goes on (as these tests do)."""
    import gc

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    seen = []
    gc.collect()  # the young generation's count from 0: what follows is the command's
    gc.callbacks.append(lambda phase, info: seen.append(phase))
    try:
        assert run("build", "1860", "--out", tmp_path, "--only", "tokens", "-q").exit_code == 0
    finally:
        gc.callbacks.pop()
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    assert seen == [], "the collector ran during the build"
