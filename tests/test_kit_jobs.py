"""How `pnp build` shares its components out between the drawing workers."""

from pathlib import Path

import pytest

from pnp import kit_jobs
from pnp.build import KIT, kit_components
from pnp.errors import PnpError
from pnp.load import load_game


def test_every_component_is_built_once_and_those_drawing_the_same_tiles_together():
    keys = [key for key, _ in KIT]
    jobs = kit_jobs.schedule(keys)
    flat = [key for job in jobs for key in job]
    assert sorted(flat) == sorted(keys)
    assert kit_jobs.SAME_TILES in jobs  # one job, tiles first: the others reuse its artwork
    assert jobs[0] == kit_jobs.SAME_TILES  # the heaviest job is handed out first
    assert all(len(job) == 1 for job in jobs if job != kit_jobs.SAME_TILES)


def test_a_kit_without_some_tile_components_keeps_the_rest_together():
    jobs = kit_jobs.schedule(["market", "upgrade_chart", "tiles", "shares"])
    assert ("tiles", "upgrade_chart") in jobs
    assert sorted(k for job in jobs for k in job) == ["market", "shares", "tiles", "upgrade_chart"]
    assert kit_jobs.schedule(["shares", "privates"]) == [("shares",), ("privates",)]


def test_components_of_unknown_cost_keep_their_print_order_after_the_rest():
    jobs = kit_jobs.schedule(["zeta", "privates", "alpha", "map"])
    assert jobs == [("map",), ("privates",), ("zeta",), ("alpha",)]


def test_a_failing_component_does_not_stop_the_others_of_its_job(monkeypatch):
    built = []

    def fake(key, job):
        built.append(key)
        if key == "tile_manifest":
            raise PnpError("tile_manifest: broken")
        return key

    monkeypatch.setattr(kit_jobs, "_run", fake)
    out = kit_jobs.run_all(kit_jobs.SAME_TILES, None)
    assert built == list(kit_jobs.SAME_TILES)
    assert out[0] == "tiles" and out[2] == "upgrade_chart"
    assert isinstance(out[1], PnpError) and "broken" in str(out[1])


@pytest.mark.parametrize("game", ["1860", "1851", "18xy"])
def test_every_component_of_the_bundled_kits_is_scheduled(game):
    keys = kit_components(load_game(game))
    assert sorted(k for job in kit_jobs.schedule(keys) for k in job) == sorted(keys)


def test_a_component_comes_back_from_its_worker_with_its_pages_counted_but_not_drawn():
    from pnp.build import build_component
    from pnp.components import PrintOptions
    from pnp.templates import paper, theme

    game = load_game("1860")
    component = build_component("shares", game, PrintOptions(paper=paper("a4"), style=theme("default")))
    back = kit_jobs.sent_back(component)
    assert back.svgs == {} and component.svgs
    assert [len(d.pages) for d in back.documents] == [len(d.pages) for d in component.documents]
    for doc, sent in zip(back.documents, component.documents):
        assert doc.cuts == sent.cuts and doc.filename == sent.filename
        for page, drawn in zip(doc.pages, sent.pages):
            assert (page.width_mm, page.height_mm, page.view_box, page.title) == \
                   (drawn.width_mm, drawn.height_mm, drawn.view_box, drawn.title)
            assert not page.root.children and drawn.root.children


def test_the_staging_folder_writes_files_whole_and_keeps_names_inside(tmp_path):
    import os
    import stat

    staging = kit_jobs.StagingDir(tmp_path)
    staging.write("tiles/57.svg", "<svg/>")
    staging.write("a.pdf", b"%PDF")
    assert (tmp_path / "tiles" / "57.svg").read_text() == "<svg/>"
    assert (tmp_path / "a.pdf").read_bytes() == b"%PDF"
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == 0o666 & ~mask  # an ordinary file
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["57.svg", "a.pdf", "tiles"]  # nothing left beside
    for name in ("../out.svg", "tiles/../../x.pdf", "/etc/x"):
        with pytest.raises(PnpError, match="outside the output folder"):
            staging.write(name, "x")


def test_the_staging_folder_leaves_out_what_the_output_folder_holds_already(tmp_path):
    """A rebuild stages only files whose bytes changed: the commit would leave the others
    as they are. Anything reached through a link is staged, for the commit to check."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    (out / "svg").mkdir(parents=True)
    elsewhere.mkdir()
    (out / "same.pdf").write_bytes(b"%PDF same")
    (out / "other.pdf").write_bytes(b"%PDF before")
    (out / "svg" / "1.svg").write_text("<svg/>")
    (elsewhere / "linked.md").write_text("# kit\n")
    (out / "linked.md").symlink_to(elsewhere / "linked.md")
    (out / "lsvg").symlink_to(out / "svg")
    (tmp_path / "staging").mkdir()
    staging = kit_jobs.StagingDir(tmp_path / "staging", out)
    staging.write("same.pdf", b"%PDF same")
    staging.write("other.pdf", b"%PDF after")
    staging.write("svg/1.svg", "<svg/>")
    staging.write("svg/2.svg", "<svg/>")
    staging.write("linked.md", "# kit\n")
    staging.write("lsvg/1.svg", "<svg/>")
    staged = sorted(str(p.relative_to(tmp_path / "staging")) for p in (tmp_path / "staging").rglob("*")
                    if p.is_file())
    assert staged == ["linked.md", "lsvg/1.svg", "other.pdf", "svg/2.svg"]


def test_a_released_pool_lets_its_workers_end_while_the_caller_goes_on():
    """`pnp build` releases the drawing pool when the last component is back: the workers
    exit while the kit is joined, and leaving the pool waits for them."""
    import os

    from pnp.pdf import DocumentPool

    with DocumentPool() as pool:
        if pool._pool is None:
            pytest.skip("a single core: no workers")
        assert pool.call(os.getpid).result() != os.getpid()
        workers = pool._pool.pids
        assert workers and all(Path(f"/proc/{pid}").exists() for pid in workers)
        pool.release()
        pool.release()  # twice is harmless
    for pid in workers:  # exited and reaped: no longer this process's child
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_results_come_in_print_order_and_the_cover_rows_once_every_worker_has_told_them():
    """`arriving` hands each result on in print order as soon as it and those before it
    are back, in whatever order the jobs end, and the cover's rows (in print order) as
    soon as every component's is told, before the last result."""
    from pnp.workpool import Future

    keys = ["tiles", "map", "market", "shares"]
    tiles, map_, shares = Future(), Future(), Future()
    running = {("tiles", "market"): tiles, ("map",): map_, ("shares",): shares}
    heard = []

    def progress(key):
        heard.append(("waits for", key))
        if key == "tiles":  # the workers meanwhile, in the pool's thread
            map_.noted(("map", "Map", 1, 1))
            map_.set_result(["map done"])
            shares.noted(("shares", "Shares", 60, 6))
            tiles.noted(("tiles", "Tiles", 139, 7))
            tiles.noted(("market", "Market", 1, 2))
            tiles.set_result(["tiles done", PnpError("market: broken")])

    rows_known = lambda rows: heard.append(("rows", rows))  # noqa: E731
    for key, done in kit_jobs.arriving(keys, running, rows_known, progress):
        heard.append((key, str(done)))
        if key == "market":
            shares.set_result(["shares done"])  # the last job ends after the first three are handed on
    assert heard == [("waits for", "tiles"), ("rows", [("Tiles", 139, 7), ("Map", 1, 1), ("Market", 1, 2),
                                                       ("Shares", 60, 6)]),
                     ("tiles", "tiles done"), ("waits for", "map"), ("map", "map done"),
                     ("waits for", "market"), ("market", "market: broken"),
                     ("waits for", "shares"), ("shares", "shares done")]


def test_an_earlier_components_user_error_comes_before_a_later_jobs_failure():
    """A job's result is asked for when its first component's turn comes in print order,
    not when it ends: a later job that broke first does not hide an earlier user error."""
    from pnp.workpool import Future

    tiles, map_ = Future(), Future()

    def progress(key):
        if key == "tiles":  # in the pool's thread meanwhile: map's job breaks first
            map_.set_exception(RuntimeError("map's worker: a bug"))
            tiles.set_result([PnpError("tiles.yaml: bad colour")])

    results = kit_jobs.arriving(["tiles", "map"], {("tiles",): tiles, ("map",): map_}, lambda rows: None, progress)
    key, first = next(results)
    assert key == "tiles" and isinstance(first, PnpError) and "bad colour" in str(first)
    with pytest.raises(RuntimeError, match="a bug"):
        next(results)


def test_the_cover_is_drawn_once_while_the_workers_draw_and_the_kit_is_the_same_on_one_core(tmp_path, monkeypatch):
    import os

    from pnp import build, kit_pdf
    from pnp.build import build_kit
    from pnp.components import PrintOptions
    from pnp.templates import paper, theme

    if (os.cpu_count() or 1) < 2:
        pytest.skip("a single core: no workers")
    game = load_game("1860")
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
    drawn, cover, writing, write_kit = [], kit_pdf.cover, [], build._write_kit
    monkeypatch.setattr(kit_pdf, "cover", lambda *a: drawn.append((a[2], bool(writing))) or cover(*a))
    monkeypatch.setattr(build, "_write_kit", lambda *a: writing.append(True) or write_kit(*a))
    build_kit(game, options, tmp_path / "workers", only=["market", "privates", "trains"])
    rows = [("Stock market", 4, 4), ("Private companies", 5, 1), ("Trains", 25, 3)]
    assert drawn == [(rows, False)]  # once, before the kit is written
    writing.clear()
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # everything in this process, the cover as the kit is written
    build_kit(game, options, tmp_path / "one", only=["market", "privates", "trains"])
    assert drawn == [(rows, False), (rows, True)]
    for name in ("1860-kit.pdf", "index.md"):
        assert (tmp_path / "workers" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()


def test_a_components_error_after_its_row_is_told_comes_before_the_covers(tmp_path, monkeypatch):
    """The cover drawn early changes no error's order: a component that fails while it is
    drawn (after its row was told) is reported, not the cover's own error."""
    import os

    from pnp import kit_pdf, pdf
    from pnp.build import build_kit
    from pnp.components import PrintOptions
    from pnp.templates import paper, theme

    if (os.cpu_count() or 1) < 2:
        pytest.skip("a single core: no workers")
    game = load_game("1860")
    options = PrintOptions(paper=paper("a4"), style=theme("default").with_colors(game.info.colors))
    assembled = pdf.assembled

    def failing(sections, title, subject=""):  # in the workers, which inherit it
        if "Trains" in title:
            raise PnpError("trains: cannot be drawn")
        return assembled(sections, title, subject)

    def cover(*args):
        raise PnpError("the cover: cannot be drawn")

    monkeypatch.setattr(pdf, "assembled", failing)
    monkeypatch.setattr(kit_pdf, "cover", cover)
    with pytest.raises(PnpError, match="trains: cannot be drawn"):
        build_kit(game, options, tmp_path / "kit", only=["market", "trains", "privates"])
    monkeypatch.setattr(pdf, "assembled", assembled)
    with pytest.raises(PnpError, match="the cover: cannot be drawn"):
        build_kit(game, options, tmp_path / "kit", only=["market", "trains", "privates"])
