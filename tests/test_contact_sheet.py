"""The contact sheet of icons, gauges and city marks: every cell is drawn, named, and
different from every other of its kind (no two icons or gauges print alike)."""

from __future__ import annotations

import io

import cairosvg
import pytest
from PIL import Image, ImageChops

from pnp.draw import shapes
from pnp.model.icons import KNOWN_ICONS, canonical
from pnp.model.tile import GAUGES
from pnp.render import icons, svg
from pnp.render.contact_sheet import cells, contact_sheet
from pnp.render.style import Style
from pnp.templates import theme


@pytest.fixture(scope="module")
def style() -> Style:
    return theme("default").with_colors({"company:TR": "#b22222", "company_text:TR": "#ffffff"})


def raster(element, style, size: float = 40.0) -> Image.Image:
    dwg = svg.document(size, size, view_box=(-size / 2, -size / 2, size, size))
    dwg.add(svg.rect(-size / 2, -size / 2, size, size, fill="#ffffff"))
    dwg.add(element)
    png = cairosvg.svg2png(bytestring=svg.to_string(dwg).encode(), output_width=160, output_height=160)
    return Image.open(io.BytesIO(png)).convert("RGB")


def differ(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is not None


def test_the_sheet_names_every_icon_gauge_and_mark(tmp_path, style):
    text = svg.to_string(contact_sheet(style))
    for name in KNOWN_ICONS:
        assert f">icon {name}<" in text
    for gauge in GAUGES:
        assert f">{gauge} track<" in text
    for name in ("home mark", "two homes", "destination", "coloured mark", "unknown icon", "pass"):
        assert f">{name}<" in text
    out = tmp_path / "sheet.png"
    cairosvg.svg2png(bytestring=text.encode(), write_to=str(out), dpi=60)
    assert Image.open(out).size[0] > 300


def test_every_icon_is_drawn_and_no_two_alike(style):
    blank = raster(svg.group(), style)
    drawn = {name: raster(icons.icon(name, (0, 0), 18, style), style) for name in KNOWN_ICONS}
    for name, image in drawn.items():
        assert differ(image, blank), name
    names = list(drawn)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert differ(drawn[a], drawn[b]), (a, b)


def test_an_unknown_icon_prints_its_name_in_a_box(style):
    assert canonical("18_gb/north") is None and canonical("18_co/mine.svg") == "mine"
    element = icons.icon("18_gb/north", (0, 0), 15, style)
    doc = svg.document(40, 40, view_box=(-20, -20, 40, 40))
    doc.add(element)
    assert ">north<" in svg.to_string(doc)


def test_gauges_and_marks_print_differently(style):
    from pnp.render.tile import face_group

    faces = {name: (ground, face) for name, ground, face in cells()}
    k = 40.0 / 200.0

    def draw(name):
        ground, face = faces[name]
        g = svg.group(transform=(shapes.scale(k),))
        g.add(face_group(face, ground, style))
        return raster(g, style)

    gauges = {g: draw(f"{g} track") for g in GAUGES}
    for i, a in enumerate(GAUGES):
        for b in GAUGES[i + 1:]:
            assert differ(gauges[a], gauges[b]), (a, b)
    home, plain = draw("home mark"), draw("mark, no company")
    # the home prints on the company's colour: its red is in the picture
    assert (178, 34, 34) in colours(home)
    assert (178, 34, 34) not in colours(plain)


def colours(image: Image.Image) -> set:
    return {c for _, c in image.getcolors(maxcolors=1 << 20)}
