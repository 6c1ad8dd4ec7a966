"""pnp's own cairo binding (pnp/draw/cairolib.py), which draws pnp's PNG files: it loads
without cairocffi or a C parser, its kept declarations are those of its CDEF, and every
way cairo can fail (a size it cannot make, a drawing error, a write that fails, a
picture it cannot read, no cairo at all) is a one-line PnpError naming what failed,
never a short file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fresh import imported_after

from pnp.draw import cairolib, shapes
from pnp.draw.cairolib import CairoError, lib
from pnp.draw.cairowriter import to_png
from pnp.draw.nodes import Image
from pnp.errors import PnpError
from pnp.render import svg
from pnp.render.style import Style

ROOT = Path(__file__).resolve().parents[1]
STYLE = Style("test", {"text": "#000000"})


def test_the_cairo_writer_loads_without_cairocffi_or_a_c_parser():
    modules = imported_after("import pnp.draw.cairowriter")
    assert {"pnp.draw.cairolib", "pnp.draw._cairo_ffi", "_cffi_backend"} <= modules
    loaded = sorted(m for m in modules if m.split(".")[0] in ("cairocffi", "cairosvg", "pycparser", "cffi"))
    assert loaded == []  # the declarations come parsed: no cffi front end, no pycparser


def test_a_colour_keyword_loads_neither_cairosvg_nor_cairocffi():
    """SVG's keyword table is read from cairosvg's colours module alone, not through the
    package that would load its renderer and cairocffi."""
    modules = imported_after("from pnp.render import svg; svg.rect(0, 0, 1, 1, fill='purple', stroke='navy')")
    assert sorted(m for m in modules if m.split(".")[0] in ("cairocffi", "cairosvg", "pycparser")) == []
    from cairosvg.colors import COLORS

    from pnp.draw.color import parse_color

    for name, rgba in COLORS.items():
        if name not in ("none", "transparent"):
            assert parse_color(name) == rgba[:3], name


def test_the_kept_declarations_are_those_of_cdef():
    """pnp/draw/_cairo_ffi.py was written from CDEF as it is now (else: python -m pnp.draw.cairolib)."""
    from cffi import FFI

    parsed = FFI()
    parsed.cdef(cairolib.CDEF)
    fresh = parsed.dlopen(cairolib.LIBRARY_NAMES[0])
    names = sorted(n for n in dir(fresh) if n.startswith("cairo_"))
    assert len(names) > 50 and names == sorted(n for n in dir(lib) if n.startswith("cairo_"))

    def spelled(ffi, cname: str) -> str:  # each struct by its typedef's name: "struct _cairo *" -> "cairo_t *"
        for typedef in ffi.list_types()[0]:
            cname = re.sub(rf"\b{re.escape(ffi.typeof(typedef).cname)}\b", typedef, cname)
        return cname

    for name in names:
        assert (spelled(parsed, parsed.typeof(getattr(fresh, name)).cname)
                == spelled(cairolib.ffi, cairolib.ffi.typeof(getattr(lib, name)).cname)), name
    for struct in ("cairo_matrix_t", "cairo_text_extents_t"):
        assert [f for f, _ in parsed.typeof(struct).fields] == [f for f, _ in cairolib.ffi.typeof(struct).fields]


def page(title: str, *nodes):
    p = svg.document(100, 60, title=title)
    p.add(svg.rect(5, 5, 20, 20, fill="#ec232a"))
    p.add(svg.text(title, (50, 30), 6, STYLE))
    for node in nodes:
        p.add(node)
    return p


def test_an_image_too_large_for_cairo_is_an_error_naming_its_size():
    with pytest.raises(CairoError, match=r"a 39370 x 23622 pixel image: cairo: invalid value") as caught:
        to_png(page("big"), dpi=10000)
    assert isinstance(caught.value, PnpError) and "\n" not in str(caught.value)


def unscaled(size: int = 10):
    """A group scaled to nothing (cairo: an invalid matrix) holding `size` nodes."""
    group = svg.group(transform=(shapes.scale(0, 0),))
    for i in range(size):
        group.add(svg.circle((i, i), 1, fill="#000000"))
    return group


def test_a_cairo_error_while_drawing_names_the_page():
    with pytest.raises(CairoError, match=r"drawing page 1 \(second\): cairo: invalid matrix"):
        to_png(page("second", unscaled()), dpi=30)


def test_a_cairo_error_in_a_group_drawn_once_and_replayed_is_not_lost():
    shared = unscaled()  # used twice: recorded once on its own surface, then painted
    with pytest.raises(CairoError, match=r"drawing a recorded group: cairo: invalid matrix"):
        to_png(page("first", shared, svg.transformed(shared, shapes.translate(1, 1))), dpi=30)


def test_a_png_write_that_fails_is_an_error_with_its_cause():
    surface = cairolib.image_surface(30, 20)

    def full_disk(_data):
        raise OSError(28, "No space left on device")

    with pytest.raises(CairoError, match=r"writing a PNG: cairo: error while writing .*No space left on device"):
        cairolib.write_png(surface, full_disk)
    written = []
    cairolib.write_png(surface, written.append)
    assert b"".join(written).startswith(b"\x89PNG") and b"".join(written) == cairolib.png_bytes(surface)


def test_a_picture_that_is_not_a_png_is_an_error_naming_it(tmp_path):
    bad = tmp_path / "logo.png"
    bad.write_bytes(b"GIF89a and not a PNG at all")
    with pytest.raises(CairoError, match=r"logo\.png: not a PNG file$"):
        to_png(page("with a logo", Image(str(bad), 60, 5, 20, 20)), dpi=30)


def test_without_cairo_the_error_says_what_to_install(monkeypatch):
    import ctypes.util

    class NoLibraries:
        def dlopen(self, name):
            raise OSError(f"{name}: cannot open shared object file")

    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    with pytest.raises(PnpError, match=r"the cairo library \(libcairo 2\) is not installed.*install"):
        cairolib._open(NoLibraries())
