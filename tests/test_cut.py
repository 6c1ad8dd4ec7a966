"""Cut-ready output (issue 17): cut files whose paths lie on the printed outlines, a
CutContour spot-colour layer, and print-and-cut registration marks.

Everything is measured from the files as written: the PDF's vector paths
(tests/pdfpaths.py), the DXF read back with ezdxf, the SVG cut file parsed as XML."""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import ezdxf
import pytest
from ezdxf import path as dxf_path
from pypdf import PdfReader

from conftest import run
from pdfpaths import circles, hexagons, read_paths, rectangles
from pnp.cut.registration import cut_settings, registration

TOL = 0.05  # mm
SVG_NS = "{http://www.w3.org/2000/svg}"
KINDS = ("tiles", "tokens", "shares")


def build(out: Path, kind: str, *options: str) -> int:
    """Run `pnp KIND 1860 ...` and return the number of pieces it reports."""
    result = run(kind, "1860", "--out", out, *options)
    assert result.exit_code == 0, result.output
    return int(re.search(r": (\d+) ", result.output).group(1))


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """Tiles, tokens and shares with cut files, their outlines printed as usual."""
    out = tmp_path_factory.mktemp("cut-plain")
    pieces = {kind: build(out, kind, "--cut-files", "svg,dxf") for kind in KINDS}
    return out, pieces


@pytest.fixture(scope="module")
def contoured(tmp_path_factory):
    out = tmp_path_factory.mktemp("cut-contour")
    pieces = {kind: build(out, kind, "--cut-contour", "--cut-files", "dxf") for kind in KINDS}
    return out, pieces


# --- reading the cut files --------------------------------------------------------------


def dxf_shapes(path: Path):
    """Each cut path of a DXF in page mm (y down): ("circle", (cx, cy, d)),
    ("hex", points) or ("rect", (x0, y0, x1, y1)); and the page height used."""
    doc = ezdxf.readfile(path)
    height = doc.header["$EXTMAX"][1]
    shapes = []
    for e in doc.modelspace().query("*[layer=='CUT']"):
        if e.dxftype() == "CIRCLE":
            c = e.dxf.center
            shapes.append(("circle", (c.x, height - c.y, 2 * e.dxf.radius)))
        elif e.dxftype() == "LWPOLYLINE":
            pts = [(x, height - y) for x, y, *_ in e.get_points("xyb")]
            if not e.closed:
                shapes.append(("run", pts))
            elif len(pts) == 6:
                shapes.append(("hex", pts))
            elif len(pts) == 4:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                shapes.append(("rect", (min(xs), min(ys), max(xs), max(ys))))
            else:
                shapes.append(("other", pts))
    return shapes


def svg_shapes(path: Path):
    root = ET.parse(path).getroot()
    cut = root.find(f"{SVG_NS}g[@id='cut']")
    shapes = []
    for el in cut:
        tag = el.tag[len(SVG_NS):]
        if tag == "circle":
            shapes.append(("circle", (float(el.get("cx")), float(el.get("cy")), 2 * float(el.get("r")))))
        elif tag == "rect":
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            shapes.append(("rect", (x, y, x + w, y + h)))
        elif tag == "path":
            nums = [float(v) for v in re.findall(r"-?[\d.]+", el.get("d"))]
            shapes.append(("hex", list(zip(nums[::2], nums[1::2]))))
    return shapes


def cut_files(out: Path, kind: str, ext: str) -> list[Path]:
    return sorted((out / "cut").glob(f"{kind}-p*.{ext}"))


def page_of(path: Path) -> int:
    return int(re.search(r"-p(\d+)\.", path.name).group(1)) - 1


# --- matching shapes --------------------------------------------------------------------


def near_hex(a, b) -> float:
    """The farthest any corner of one hexagon lies from the nearest corner of the other."""
    return max(max(min(math.dist(p, q) for q in b) for p in a), max(min(math.dist(p, q) for q in a) for p in b))


def deviation(shape, printed) -> float:
    """How far a cut path lies from the nearest printed outline of its kind (mm)."""
    kind, geom = shape
    candidates = printed[kind]
    if not candidates:
        return math.inf
    if kind == "hex":
        return min(near_hex(geom, h) for h in candidates)
    if kind == "circle":
        cx, cy, d = geom
        # a circle's points lie within |dc| + |dd|/2 of the other's
        return min(math.dist((cx, cy), (x, y)) + abs(d - e) / 2 for x, y, e in candidates)
    return min(max(abs(u - v) for u, v in zip(geom, r)) for r in candidates)


def printed_outlines(paths, layer=None, any_layer=True):
    chosen = [p for p in paths if any_layer or p.layer == layer]
    return {"hex": hexagons(chosen), "circle": circles(chosen), "rect": rectangles(chosen)}


# --- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("ext", ("dxf", "svg"))
def test_every_cut_path_lies_on_a_printed_outline(plain, kind, ext):
    out, pieces = plain
    pages = read_paths(out / f"{kind}.pdf")
    files = cut_files(out, kind, ext)
    assert [page_of(f) for f in files] == list(range(len(pages))), "a cut file for every page"
    total, worst = 0, 0.0
    for f in files:
        shapes = dxf_shapes(f) if ext == "dxf" else svg_shapes(f)
        printed = printed_outlines(pages[page_of(f)])
        assert {k for k, _ in shapes} == {"hex" if kind == "tiles" else "circle" if kind == "tokens" else "rect"}
        worst = max([worst] + [deviation(s, printed) for s in shapes])
        total += len(shapes)
    assert total == pieces[kind], f"one cut path per piece: {total} for {pieces[kind]} pieces"
    assert worst <= TOL, f"a cut path lies {worst:.3f} mm from the printed outline"


@pytest.mark.parametrize("kind", KINDS)
def test_dxf_is_in_millimetres_at_page_size(plain, kind):
    out, _ = plain
    [first, *_] = cut_files(out, kind, "dxf")
    doc = ezdxf.readfile(first)
    assert doc.header["$INSUNITS"] == 4 and doc.units == ezdxf.units.MM
    assert doc.header["$MEASUREMENT"] == 1
    assert tuple(doc.header["$EXTMAX"])[:2] == pytest.approx((210.0, 297.0))
    types = {e.dxftype() for e in doc.modelspace()}
    assert types == ({"LWPOLYLINE"} if kind != "tokens" else {"CIRCLE"})
    if kind == "tiles":
        assert all(e.closed for e in doc.modelspace())


def test_cut_files_are_deterministic(plain, tmp_path):
    out, _ = plain
    build(tmp_path, "tokens", "--cut-files", "svg,dxf")
    for ext in ("svg", "dxf"):
        assert (tmp_path / "cut" / f"tokens-p01.{ext}").read_bytes() == (out / "cut" / f"tokens-p01.{ext}").read_bytes()


def test_a_dxf_is_the_same_whatever_the_process_string_hashing(tmp_path):
    """ezdxf orders some of a file's CLASS entries by walking a set of names, which
    changed from one process to the next; pnp fixes that order."""
    import subprocess
    import sys

    script = ("import sys; from pnp.cut.files import dxf_cut_file; from pnp.cut.paths import Polygon; "
              "sys.stdout.buffer.write(dxf_cut_file([Polygon(((10.0, 10.0), (30.0, 10.0), (20.0, 25.0)))], 210.0, 297.0))")
    root = Path(__file__).resolve().parents[1]
    outputs = {subprocess.run([sys.executable, "-c", script], cwd=root, check=True, capture_output=True,
                              env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert len(outputs) == 1 and b"LWPOLYLINE" in outputs.pop()


def test_rounded_rectangle_corners_are_arcs_in_the_dxf(tmp_path):
    from pnp.cut.files import dxf_cut_file
    from pnp.cut.paths import Rect

    data = dxf_cut_file([Rect(50.0, 40.0, 63.5, 88.9, 3.0)], 210.0, 297.0)
    (tmp_path / "r.dxf").write_bytes(data)
    [poly] = ezdxf.readfile(tmp_path / "r.dxf").modelspace()
    assert poly.closed and sum(1 for *_, b in poly.get_points("xyb") if b) == 4
    pts = [(p.x, 297.0 - p.y) for p in dxf_path.make_path(poly).flattening(0.001)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((18.25, 81.75, -4.45, 84.45), abs=1e-3)
    corner = (18.25 + 3.0, -4.45 + 3.0)  # the top-left arc's centre
    near = [p for p in pts if p[0] < corner[0] and p[1] < corner[1]]
    assert near and all(abs(math.dist(p, corner) - 3.0) < 0.01 for p in near)


def separation_names(page) -> set[str]:
    spaces = page["/Resources"].get_object().get("/ColorSpace")
    out = set()
    for value in (spaces.get_object().values() if spaces is not None else []):
        value = value.get_object()
        if isinstance(value, list) and value and value[0] == "/Separation":
            out.add((str(value[1]), str(value[2])))
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_cut_contour_is_a_spot_colour_on_its_own_layer(contoured, kind):
    out, _ = contoured
    reader = PdfReader(out / f"{kind}.pdf")
    groups = reader.trailer["/Root"]["/OCProperties"]["/OCGs"]
    assert sorted(str(g.get_object()["/Name"]) for g in groups) == ["Cut", "Print"]
    with_cuts = {page_of(f) for f in cut_files(out, kind, "dxf")}
    assert with_cuts
    for i, page in enumerate(reader.pages):
        if i in with_cuts:
            assert ("/CutContour", "/DeviceCMYK") in separation_names(page)
            gstates = page["/Resources"]["/ExtGState"].get_object().values()
            assert any(g.get_object().get("/OP") == True and g.get_object().get("/OPM") == 1 for g in gstates)  # noqa: E712


@pytest.mark.parametrize("kind", KINDS)
def test_cut_layer_holds_the_cuts_and_the_print_layer_none(contoured, kind):
    out, pieces = contoured
    pages = read_paths(out / f"{kind}.pdf")
    total = 0
    for f in cut_files(out, kind, "dxf"):
        paths = pages[page_of(f)]
        shapes = dxf_shapes(f)
        cut = printed_outlines(paths, "Cut", any_layer=False)
        printed = printed_outlines(paths, "Print", any_layer=False)
        assert max(deviation(s, cut) for s in shapes) <= TOL
        assert sum(len(v) for v in cut.values()) == len(shapes)
        assert all(deviation(s, printed) > 0.5 for s in shapes), "a cut line is printed in the Print layer"
        assert all(p.layer in ("Print", "Cut") for p in paths)
        total += len(shapes)
    assert total == pieces[kind]


def test_without_the_option_the_pdf_has_no_layers(plain):
    out, _ = plain
    reader = PdfReader(out / "tokens.pdf")
    assert "/OCProperties" not in reader.trailer["/Root"]
    assert not separation_names(reader.pages[0])


@pytest.fixture(scope="module")
def silhouette(tmp_path_factory):
    out = tmp_path_factory.mktemp("cut-silhouette")
    for kind in ("tiles", "shares"):
        build(out, kind, "--registration", "silhouette", "--cut-files", "svg,dxf")
    return out


def marks_found(paths) -> list[tuple[float, float, float, float]]:
    return [r for r in rectangles(paths, filled=True)]


@pytest.mark.parametrize("kind", ("tiles", "shares"))
def test_silhouette_marks_where_the_studio_expects_them(silhouette, kind):
    machine = registration("silhouette")
    s = cut_settings()
    expected = [(x, y, x + w, y + h) for x, y, w, h in machine.marks(210.0, 297.0)]
    assert expected[0] == pytest.approx((s.silhouette_inset, s.silhouette_inset, s.silhouette_inset + 5.0,
                                         s.silhouette_inset + 5.0))
    area = machine.area(210.0, 297.0)
    pages = read_paths(silhouette / f"{kind}.pdf")
    for f in cut_files(silhouette, kind, "svg"):
        found = marks_found(pages[page_of(f)])
        for mark in expected:
            assert any(max(abs(a - b) for a, b in zip(mark, r)) < TOL for r in found), f"mark {mark} not printed"
        # the cut file carries the same marks, in the same place
        root = ET.parse(f).getroot()
        reg = root.find(f"{SVG_NS}g[@id='registration']")
        drawn = [(float(r.get("x")), float(r.get("y")), float(r.get("x")) + float(r.get("width")),
                  float(r.get("y")) + float(r.get("height"))) for r in reg]
        assert len(drawn) == len(expected)
        assert [v for box in drawn for v in box] == pytest.approx([v for box in expected for v in box], abs=1e-3)
        # every piece, bleed and all, lies inside the marks
        for kind_, geom in svg_shapes(f):
            xs, ys = ([p[0] for p in geom], [p[1] for p in geom]) if kind_ == "hex" else (geom[0::2], geom[1::2])
            assert area[0] <= min(xs) and max(xs) <= area[2] and area[1] <= min(ys) and max(ys) <= area[3]


def test_cricut_pages_keep_inside_print_then_cut_area(tmp_path):
    pieces = build(tmp_path, "tokens", "--registration", "cricut", "--cut-files", "dxf")
    x0, y0, x1, y1 = registration("cricut").area(210.0, 297.0)
    assert (x1 - x0, y1 - y0) == pytest.approx((6.75 * 25.4, 9.25 * 25.4))
    total = 0
    for f in cut_files(tmp_path, "tokens", "dxf"):
        for _, (cx, cy, d) in dxf_shapes(f):
            assert x0 <= cx - d / 2 and cx + d / 2 <= x1 and y0 <= cy - d / 2 and cy + d / 2 <= y1
            total += 1
    assert total == pieces


def test_options_from_game_yaml(game_copy, tmp_path):
    folder = game_copy("1860")
    text = (folder / "game.yaml").read_text()
    if "\nprint:" in text:
        text = text.replace("\nprint:", "\nprint:\n  cut_files: dxf\n  cut_contour: true", 1)
    else:
        text += "\nprint:\n  cut_files: dxf\n  cut_contour: true\n"
    (folder / "game.yaml").write_text(text)
    result = run("build", folder, "--out", tmp_path, "--only", "tokens", "-q")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "cut" / "tokens-p01.dxf").is_file()
    for name in ("tokens.pdf", "1860-kit.pdf"):
        reader = PdfReader(tmp_path / name)
        assert "/OCProperties" in reader.trailer["/Root"], name
    kit = PdfReader(tmp_path / "1860-kit.pdf")
    assert not separation_names(kit.pages[0]), "the calibration page has nothing to cut"
    assert ("/CutContour", "/DeviceCMYK") in separation_names(kit.pages[-1])


@pytest.mark.parametrize("args, problem", [
    (("--cut-files", "svg,pdf"), "unknown format 'pdf'"),
    (("--registration", "brother"), "Invalid value"),
])
def test_bad_cut_options_are_one_line_errors(tmp_path, args, problem):
    result = run("tokens", "1860", "--out", tmp_path, *args)
    assert result.exit_code == 2 and problem in result.output
    assert "Traceback" not in result.output


def test_map_section_pieces_are_cut_along_their_printed_outline(tmp_path):
    """18-XY's modular map sections: each cut path is the closed outline around its
    hexes, on the line the PDF prints."""
    result = run("build", "18xy", "--only", "sections", "--out", tmp_path, "--cut-files", "dxf", "-q")
    assert result.exit_code == 0, result.output
    pages = read_paths(tmp_path / "sections.pdf")
    files = cut_files(tmp_path, "sections", "dxf")
    count = 0
    for f in files:
        doc = ezdxf.readfile(f)
        height = doc.header["$EXTMAX"][1]
        printed = [s.points for p in pages[page_of(f)] if p.stroked for s in p.subpaths if s.closed]
        for e in doc.modelspace():
            assert e.dxftype() == "LWPOLYLINE" and e.closed
            pts = [(x, height - y) for x, y in e.get_points("xy")]
            assert min(near_hex(pts, q) for q in printed) <= TOL
            count += 1
    sections = len(list((tmp_path / "sections").glob("*.svg")))
    assert count >= sections > 0  # a ring each, and one more round any hole


def test_map_sections_are_cut_along_their_windows(tmp_path):
    result = run("map", "1860", "--out", tmp_path, "--cut-files", "svg")
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "map-sections.pdf")
    files = cut_files(tmp_path, "map-sections", "svg")
    assert [page_of(f) for f in files] == list(range(1, len(reader.pages))), "every page but the overview"
    pages = read_paths(tmp_path / "map-sections.pdf")
    for f in files:
        [(kind, (x0, y0, x1, y1))] = svg_shapes(f)
        # the page's crop marks run on from the window's edges
        ends = [pt for p in pages[page_of(f)] if p.stroked for s in p.subpaths for pt in s.points]
        for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            assert any(abs(abs(pt[0] - corner[0]) + abs(pt[1] - corner[1]) - 1.0) < TOL for pt in ends), corner


def test_calibrated_kit_cuts_follow_the_scaled_print(tmp_path):
    """`pnp build --scale` draws everything larger about the page centre; the cut files
    and the Cut layer must move with the print."""
    result = run("build", "1860", "--only", "tokens", "--scale", "1.02", "--out", tmp_path, "--cut-files", "dxf",
                 "--cut-contour", "-q")
    assert result.exit_code == 0, result.output
    [f] = cut_files(tmp_path, "tokens", "dxf")
    shapes = dxf_shapes(f)
    diameters = sorted({round(d, 3) for _, (_, _, d) in shapes})
    assert diameters == pytest.approx([9.5 * 1.02, 12.7 * 1.02], abs=1e-3)
    for pdf in ("tokens.pdf", "1860-kit.pdf"):
        pages = read_paths(tmp_path / pdf)
        cut = printed_outlines(pages[-1], "Cut", any_layer=False)
        assert max(deviation(s, cut) for s in shapes) <= TOL, pdf


def test_cut_contour_output_is_byte_identical(contoured, tmp_path):
    out, _ = contoured
    build(tmp_path, "tokens", "--cut-contour", "--cut-files", "dxf")
    assert (tmp_path / "tokens.pdf").read_bytes() == (out / "tokens.pdf").read_bytes()


def test_rounded_card_corners_are_cut_where_they_print(tmp_path, monkeypatch):
    """With a corner radius (templates/components.yaml sheet.corner), the printed card
    outline and the cut file's rounded rectangle are the same line."""
    from msgspec.structs import replace

    from componentpdf import game, options
    from pnp.components import write_component
    from pnp.components.shares import build as build_shares
    from pnp.cut.options import cut_options
    from pnp.output import OutputDir
    from pnp.sheets import pieces

    spec = replace(pieces.sheet_spec(), corner=3.0)
    monkeypatch.setattr(pieces, "sheet_spec", lambda: spec)
    opts = options("1860", cut=cut_options("dxf"))
    write_component(build_shares(game("1860"), opts), OutputDir(tmp_path), "1860", opts)
    [page] = read_paths(tmp_path / "shares.pdf")[:1]
    printed = [s for p in page if p.stroked for s in p.subpaths if s.closed and s.curved]
    doc = ezdxf.readfile(tmp_path / "cut" / "shares-p01.dxf")
    height = doc.header["$EXTMAX"][1]
    polys = list(doc.modelspace())
    assert len(polys) == 12  # a page of mini-euro certificates
    for poly in polys:
        assert sum(1 for *_, b in poly.get_points("xyb") if b) == 4, "four arcs"
        line = [(p.x, height - p.y) for p in dxf_path.make_path(poly).flattening(0.005)]
        box = (min(p[0] for p in line), min(p[1] for p in line), max(p[0] for p in line), max(p[1] for p in line))
        [match] = [s for s in printed if max(abs(u - v) for u, v in zip(box, (
            min(p[0] for p in s.points), min(p[1] for p in s.points), max(p[0] for p in s.points),
            max(p[1] for p in s.points)))) < 0.1]
        # every point the PDF's outline passes through lies on the cut file's line
        assert max(min(math.dist(p, q) for q in line) for p in match.points) <= TOL
    # and the CutContour layer draws the same rounded line
    opts = options("1860", cut=cut_options("dxf", contour=True))
    write_component(build_shares(game("1860"), opts), OutputDir(tmp_path / "c"), "1860", opts)
    cut = [s for p in read_paths(tmp_path / "c" / "shares.pdf")[0] if p.layer == "Cut" for s in p.subpaths]
    lines = [[(p.x, height - p.y) for p in dxf_path.make_path(poly).flattening(0.005)] for poly in polys]
    assert len(cut) == len(lines)
    for sub in cut:
        assert sub.curved and min(max(min(math.dist(p, q) for q in line) for p in sub.points) for line in lines) <= TOL


def straight_pieces(paths):
    """Every straight two-point stroke of a page (the shared cuts of tessellated tiles)."""
    return [s.points for p in paths if p.stroked for s in p.subpaths if len(s.points) == 2 and not s.curved]


def on(step, pieces) -> bool:
    """Whether a straight cut from a to b is one of the printed two-point strokes."""
    a, b = step
    return any(min(max(math.dist(a, p), math.dist(b, q)), max(math.dist(a, q), math.dist(b, p))) <= TOL
               for p, q in pieces)


def test_tessellated_tiles_shared_cuts(tmp_path):
    """Tiles that share edges are freed by runs of straight cuts: in the cut file, each
    run's every step is a cut line the page prints; with --cut-contour the Print layer
    prints none of them."""
    build(tmp_path / "plain", "tiles", "--layout", "tessellated", "--cut-files", "dxf")
    build(tmp_path / "contour", "tiles", "--layout", "tessellated", "--cut-contour")
    plain = read_paths(tmp_path / "plain" / "tiles.pdf")
    contour = read_paths(tmp_path / "contour" / "tiles.pdf")
    files = cut_files(tmp_path / "plain", "tiles", "dxf")
    assert len(files) == len(plain) == len(contour)
    for f in files:
        doc = ezdxf.readfile(f)
        height = doc.header["$EXTMAX"][1]
        steps = []
        for e in doc.modelspace():
            assert e.dxftype() == "LWPOLYLINE" and not e.closed
            pts = [(x, height - y) for x, y in e.get_points("xy")]
            steps += list(zip(pts, pts[1:]))
        printed = straight_pieces(plain[page_of(f)])
        assert steps and all(on(s, printed) for s in steps)
        print_layer = [p for p in contour[page_of(f)] if p.layer == "Print"]
        assert not any(on(s, straight_pieces(print_layer)) for s in steps)
        # and no six-sided tile outline is printed either
        assert not hexagons(print_layer)


def test_a_bad_cut_setting_in_game_yaml_names_the_file(game_copy, tmp_path):
    folder = game_copy("1860")
    text = (folder / "game.yaml").read_text()
    setting = "\nprint:\n  registration: brother\n"
    text = text.replace("\nprint:", setting.rstrip("\n"), 1) if "\nprint:" in text else text + setting
    (folder / "game.yaml").write_text(text)
    result = run("tokens", folder, "--out", tmp_path)
    assert result.exit_code == 2
    assert "game.yaml: print.registration: unknown machine 'brother'" in result.output


@pytest.mark.parametrize("layout", ("individual", "die"))
def test_pointy_tiles_are_cut_on_their_printed_hexes(tmp_path, layout):
    """1851's tiles are pointy: printed pointy on a honeycomb, turned flat on a die."""
    result = run("tiles", "1851", "--out", tmp_path, "--layout", layout, "--cut-files", "dxf")
    assert result.exit_code == 0, result.output
    pages = read_paths(tmp_path / "tiles.pdf")
    total = 0
    for f in cut_files(tmp_path, "tiles", "dxf"):
        shapes = dxf_shapes(f)
        printed = printed_outlines(pages[page_of(f)])
        if layout == "individual":
            assert {k for k, _ in shapes} == {"hex"}
            assert max(deviation(s, printed) for s in shapes) <= TOL
            total += len(shapes)
        else:  # the die's straight runs, each step a printed cut line
            assert {k for k, _ in shapes} == {"run"}
            printed_steps = straight_pieces(pages[page_of(f)])
            assert all(on(step, printed_steps) for _, pts in shapes for step in zip(pts, pts[1:]))
    if layout == "individual":
        assert total == int(re.search(r": (\d+) ", result.output).group(1))


def test_market_companions_and_round_marker_are_cut_where_printed(tmp_path):
    """The market's companions (par chart, rounds...) are cut out along their boxes and
    the round marker out of the round tracker, on the lines the page prints."""
    build(tmp_path / "plain", "market", "--cut-files", "dxf")
    build(tmp_path / "contour", "market", "--cut-contour")
    plain = read_paths(tmp_path / "plain" / "market-sections.pdf")
    contour = read_paths(tmp_path / "contour" / "market-sections.pdf")
    discs = 0
    for f in cut_files(tmp_path / "plain", "market-sections", "dxf"):
        shapes = dxf_shapes(f)
        page = page_of(f)
        round_ = [s for s in shapes if s[0] == "circle"]
        assert all(deviation(s, printed_outlines(plain[page])) <= TOL for s in round_)
        cut = printed_outlines(contour[page], "Cut", any_layer=False)
        assert max(deviation(s, cut) for s in shapes) <= TOL
        assert all(deviation(s, printed_outlines(contour[page], "Print", any_layer=False)) > 0.5 for s in round_)
        discs += len(round_)
    assert discs == 1, "one round marker for 1860"
