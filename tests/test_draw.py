"""The drawing model: every node kind drawn by both writers gives the same picture,
colours are checked where they are written, and a bad colour in a game or a theme is
a one-line error from `pnp validate`."""

from __future__ import annotations

import io
import shutil

import cairocffi as cairo
import numpy
import pytest
from conftest import run
from raster import node_image, pixels

from pnp.draw import shapes
from pnp.draw.color import ColorError
from pnp.draw.nodes import Image
from pnp.draw.svgwriter import to_svg
from pnp.render import svg
from pnp.render.style import Style
from pnp.resources import templates_dir

STYLE = Style("test", {"text": "#000000"})
DPI = 150.0


def every_kind(picture) -> object:
    """A 60 x 40 mm page using every node kind and every paint attribute."""
    page = svg.document(60, 40, view_box=(-10, -5, 120, 80), title="every node")
    page.add(svg.rect(-10, -5, 120, 80, fill="#ffffff"))
    page.add(svg.rect(0, 0, 30, 20, rx=4, fill="#fde900", stroke="#000000", stroke_width=1.5))
    page.add(svg.circle((50, 12), 9, fill="#35a7ff", stroke="#ec232a", stroke_width=2, stroke_dasharray=(3, 2)))
    page.add(svg.line((0, 30), (40, 45), stroke="#71bf44", stroke_width=3, stroke_linecap="round"))
    arcs = (shapes.move((70, 10)), shapes.line_to((90, 10)), shapes.arc_to(10, 10, False, True, (100, 20)),
            shapes.curve_to((100, 30), (80, 40), (70, 30)), shapes.CLOSE)
    page.add(svg.path(arcs, fill="#bd6633", fill_opacity=0.6, stroke="#000000", stroke_width=1,
                      stroke_linejoin="round"))
    ring = shapes.circle(20, 60, 10) + shapes.circle(20, 60, 5)
    page.add(svg.path(ring, fill="#555555", fill_rule="evenodd"))
    moved = svg.group(transform=(shapes.translate(60, 55), shapes.rotate(30), shapes.scale(1.5, 1.0)),
                      opacity=0.5, clip=svg.rect(-10, -8, 16, 16))
    moved.add(svg.rect(-10, -10, 20, 20, fill="#000000", stroke="#ec232a", stroke_width=2))
    page.add(moved)
    page.add(svg.text("Bold 42", (90, 50), 8, STYLE, weight="bold"))
    page.add(svg.text("left", (35, 70), 6, STYLE, anchor="start", angle=-20, color="#ec232a"))
    page.add(svg.restyled(svg.text("italic", (95, 68), 6, STYLE, anchor="end"), font_style="italic"))
    page.add(Image(str(picture), 100, 0, 10, 10))
    return page


@pytest.fixture
def picture(tmp_path):
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 20, 20)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(0.2, 0.6, 0.2)
    ctx.paint()
    path = tmp_path / "logo.png"
    surface.write_to_png(str(path))
    return path


def test_every_node_kind_draws_the_same_through_both_writers(picture):
    page = every_kind(picture)
    text = to_svg(page)
    for tag in ("<rect", "<circle", "<line", "<path", "<g", "<text", "<image", "<clipPath"):
        assert tag in text
    from_svg = pixels(_on_white(text), DPI)  # the SVG writer's file, read back by cairosvg
    from_cairo = pixels(page, DPI)  # the cairo writer, straight from the tree
    assert from_svg.shape == from_cairo.shape == (round(40 / 25.4 * DPI), round(60 / 25.4 * DPI), 3)
    diff = numpy.abs(from_svg - from_cairo).max(axis=2)
    assert (diff > 96).mean() < 0.002, f"{(diff > 96).mean():.4%} of pixels differ"
    assert diff.mean() < 1.5  # antialiasing only
    inked = (from_cairo.sum(axis=2) < 600).mean()
    assert inked > 0.2  # the page is not blank: both writers drew the same things


def _on_white(text: str) -> str:
    return text  # the page's first node is a white rectangle over the whole view box


def test_the_same_tree_gives_the_same_bytes(picture):
    assert to_svg(every_kind(picture)) == to_svg(every_kind(picture))
    from pnp.draw.cairowriter import to_png

    assert to_png(every_kind(picture), 50) == to_png(every_kind(picture), 50)


@pytest.mark.parametrize("bad", ["ultraviolet", "#12345", "#ggg000", "", "rgb(1,2,3)"])
def test_a_node_refuses_a_colour_it_cannot_draw(bad):
    with pytest.raises(ColorError, match="colour"):
        svg.rect(0, 0, 1, 1, fill=bad)
    with pytest.raises(ColorError):
        svg.text("x", (0, 0), 3, Style("t", {"text": bad}))


def test_a_transform_step_out_of_place_is_an_error_while_drawing():
    page = svg.document(10, 10)
    page.add(svg.group(transform=(("skew", 3.0),)))
    with pytest.raises(ValueError, match="skew"):
        node_image(page, 30)


@pytest.mark.parametrize("make", [lambda: svg.path("M0,0L1,1", fill="none"),
                                  lambda: svg.group(transform="translate(1 2)"),
                                  lambda: svg.line((0, 0), (1, 1), stroke="#000000", stroke_dasharray="5,4"),
                                  lambda: svg.circle((0, 0), 1, fill="#000000", fill_opacity="0.5")],
                         ids=["path", "transform", "dashes", "opacity"])
def test_svg_text_is_refused(make):
    """Drawings are built from structured commands and steps (`pnp.draw.shapes`) and
    numbers: nothing in pnp turns SVG path, transform or attribute text into a drawing,
    so text there is a mistake."""
    with pytest.raises(TypeError, match="pnp.draw.shapes|not text"):
        make()


def test_structured_steps_are_kept_as_given():
    steps = (shapes.translate(1, 2), shapes.rotate(30, 4, 5), shapes.scale(2))
    assert svg.group(transform=steps).transform == steps
    assert svg.group(transform=shapes.rotate(90)).transform == (("rotate", 90.0, 0.0, 0.0),)
    commands = (shapes.move((0, 0)), shapes.quad_to((0, 0), (3, 3), (6, 0)), shapes.CLOSE)
    assert svg.path(commands).commands == (("M", 0.0, 0.0), ("C", 2.0, 2.0, 4.0, 2.0, 6.0, 0.0), ("Z",))


def test_a_bad_colour_in_game_yaml_fails_validate(game_copy):
    folder = game_copy("1860")
    path = folder / "game.yaml"
    path.write_text(path.read_text().replace('colors: {halt: "#000000"}', 'colors: {halt: "#000000", town: navy}'))
    for command in ("validate", "tiles"):
        result = run(command, folder, *(["--out", folder / "out"] if command == "tiles" else []))
        assert result.exit_code == 2, result.output
        assert "game.yaml" in result.output and "colors.town: colour 'navy'" in result.output
        assert "Traceback" not in result.output
    assert not (folder / "out" / "tiles.pdf").exists()


def test_a_bad_colour_in_a_theme_fails_validate(tmp_path, monkeypatch):
    copy = tmp_path / "templates"
    shutil.copytree(templates_dir(), copy)
    theme = copy / "themes" / "colorblind.yaml"
    theme.write_text(theme.read_text() + "\n  coast: teal\n" if "colors:" in theme.read_text().splitlines()[-1]
                     else theme.read_text().replace("colors:\n", "colors:\n  coast: teal\n", 1))
    import pnp.templates

    monkeypatch.setattr(pnp.templates, "templates_dir", lambda: copy)
    pnp.templates.theme.cache_clear()  # themes are read once a process
    try:
        result = run("validate", "1860")
    finally:
        pnp.templates.theme.cache_clear()
    assert result.exit_code == 2, result.output
    assert "colorblind.yaml" in result.output and "colors.coast: colour 'teal'" in result.output


def test_png_bytes_are_a_png(picture):
    from pnp.draw.cairowriter import to_png

    data = to_png(every_kind(picture), 30)
    image = cairo.ImageSurface.create_from_png(io.BytesIO(data))
    assert (image.get_width(), image.get_height()) == (round(60 / 25.4 * 30), round(40 / 25.4 * 30))
