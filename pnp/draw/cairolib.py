"""A thin binding of the cairo functions pnp draws with, on cffi directly.

cairocffi declares all of cairo (about 1,000 C declarations, parsed with pycparser on
every import: ~0.2 s) and checks cairo's status after every call in Python. pnp needs a
few dozen functions; they are declared in `CDEF` and called straight (`lib.cairo_fill(cr)`).
cairo's errors are sticky (a context or surface in error ignores later drawing), so the
status is checked where it matters: when a surface or context is made, after each page,
after a recorded group and when a PNG is written (`check_context`, `check_surface`); a
failure is a `CairoError` (a PnpError) naming what failed, never a silently short file.
cairo draws pnp's PNG files and reads the pictures a drawing holds; PDF files are
written by pnp itself (`pnp.draw.pdfwriter`).

The declarations are kept parsed in `pnp/draw/_cairo_ffi.py` (cffi's "out-of-line ABI"
module: no compiler, no pycparser at run time), written from `CDEF` by
`python -m pnp.draw.cairolib`; tests/test_cairolib.py checks that the two agree. Should
that module not load (another cffi), `CDEF` is parsed at import instead.
"""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError

# The cairo API pnp uses. Enums are passed as int (their C size); values below.
CDEF = """
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct { double xx; double yx; double xy; double yy; double x0; double y0; } cairo_matrix_t;
typedef struct { double x_bearing; double y_bearing; double width; double height;
                 double x_advance; double y_advance; } cairo_text_extents_t;
typedef int (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef int (*cairo_read_func_t)(void *closure, unsigned char *data, unsigned int length);

const char *cairo_version_string(void);
const char *cairo_status_to_string(int status);

cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
int cairo_status(cairo_t *cr);
cairo_surface_t *cairo_get_target(cairo_t *cr);
void cairo_save(cairo_t *cr);
void cairo_restore(cairo_t *cr);
void cairo_push_group(cairo_t *cr);
void cairo_pop_group_to_source(cairo_t *cr);

void cairo_translate(cairo_t *cr, double tx, double ty);
void cairo_scale(cairo_t *cr, double sx, double sy);
void cairo_rotate(cairo_t *cr, double angle);
void cairo_transform(cairo_t *cr, const cairo_matrix_t *matrix);

void cairo_new_path(cairo_t *cr);
void cairo_new_sub_path(cairo_t *cr);
void cairo_move_to(cairo_t *cr, double x, double y);
void cairo_line_to(cairo_t *cr, double x, double y);
void cairo_curve_to(cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3);
void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
void cairo_arc_negative(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_close_path(cairo_t *cr);
void cairo_get_current_point(cairo_t *cr, double *x, double *y);

void cairo_set_source_rgb(cairo_t *cr, double red, double green, double blue);
void cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha);
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y);
void cairo_set_fill_rule(cairo_t *cr, int fill_rule);
void cairo_set_line_width(cairo_t *cr, double width);
void cairo_set_line_cap(cairo_t *cr, int line_cap);
void cairo_set_line_join(cairo_t *cr, int line_join);
void cairo_set_dash(cairo_t *cr, const double *dashes, int num_dashes, double offset);
void cairo_set_miter_limit(cairo_t *cr, double limit);

void cairo_paint(cairo_t *cr);
void cairo_paint_with_alpha(cairo_t *cr, double alpha);
void cairo_fill(cairo_t *cr);
void cairo_fill_preserve(cairo_t *cr);
void cairo_stroke(cairo_t *cr);
void cairo_clip(cairo_t *cr);

void cairo_select_font_face(cairo_t *cr, const char *family, int slant, int weight);
void cairo_set_font_size(cairo_t *cr, double size);
void cairo_set_font_matrix(cairo_t *cr, const cairo_matrix_t *matrix);
void cairo_set_font_options(cairo_t *cr, const cairo_font_options_t *options);
void cairo_text_extents(cairo_t *cr, const char *utf8, cairo_text_extents_t *extents);
void cairo_show_text(cairo_t *cr, const char *utf8);

cairo_font_options_t *cairo_font_options_create(void);
void cairo_font_options_destroy(cairo_font_options_t *options);

int cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_get_font_options(cairo_surface_t *surface, cairo_font_options_t *options);
int cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write_func, void *closure);

cairo_surface_t *cairo_recording_surface_create(int content, const void *extents);
cairo_surface_t *cairo_image_surface_create(int format, int width, int height);
cairo_surface_t *cairo_image_surface_create_from_png_stream(cairo_read_func_t read_func, void *closure);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
int cairo_image_surface_get_width(cairo_surface_t *surface);
int cairo_image_surface_get_height(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
"""

STATUS_SUCCESS, STATUS_NO_MEMORY, STATUS_READ_ERROR, STATUS_WRITE_ERROR = 0, 1, 10, 11
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FORMAT_ARGB32, FORMAT_RGB24 = 0, 1
CONTENT_COLOR_ALPHA = 0x3000
FILL_RULE_WINDING, FILL_RULE_EVEN_ODD = 0, 1
LINE_CAP_BUTT, LINE_CAP_ROUND, LINE_CAP_SQUARE = 0, 1, 2
LINE_JOIN_MITER, LINE_JOIN_ROUND, LINE_JOIN_BEVEL = 0, 1, 2
FONT_SLANT_NORMAL, FONT_SLANT_ITALIC = 0, 1
FONT_WEIGHT_NORMAL, FONT_WEIGHT_BOLD = 0, 1

# where cairo lives on users' machines: Linux, macOS, Windows (tried in order)
LIBRARY_NAMES = ("libcairo.so.2", "libcairo.2.dylib", "libcairo-2.dll")
FFI_MODULE = Path(__file__).with_name("_cairo_ffi.py")


class CairoError(PnpError):
    """cairo could not do what pnp asked (a write failed, a size it cannot make...)."""


def _declarations():
    try:
        from pnp.draw._cairo_ffi import ffi
    except Exception:  # a cffi that cannot read the kept declarations: parse them now
        from cffi import FFI

        ffi = FFI()
        ffi.cdef(CDEF)
    return ffi


def _open(ffi):
    """The system's libcairo, by its usual names, else wherever ctypes finds it."""
    for name in LIBRARY_NAMES:
        try:
            return ffi.dlopen(name)
        except OSError:
            continue
    from ctypes.util import find_library

    for name in ("cairo", "cairo-2", "libcairo-2"):
        found = find_library(name)
        if found:
            try:
                return ffi.dlopen(found)
            except OSError:
                continue
    raise PnpError("the cairo library (libcairo 2) is not installed: pnp draws its PNG files and reads pictures with it; "
                   "install your system's cairo package (libcairo2 on Debian and Ubuntu, cairo elsewhere)")


ffi = _declarations()
lib = _open(ffi)
NULL = ffi.NULL


def error_text(status: int) -> str:
    return ffi.string(lib.cairo_status_to_string(status)).decode("ascii", "replace")


def check_context(cr, what: str) -> None:
    """CairoError naming `what` when the context is in error (cairo's errors are sticky:
    one check after a page covers every call on it)."""
    status = lib.cairo_status(cr)
    if status != STATUS_SUCCESS:
        raise CairoError(f"{what}: cairo: {error_text(status)}")


def check_surface(surface, what: str) -> None:
    status = lib.cairo_surface_status(surface)
    if status != STATUS_SUCCESS:
        raise CairoError(f"{what}: cairo: {error_text(status)}")


def context(surface, what: str = "a drawing context"):
    """A context on `surface`, destroyed with its last reference."""
    cr = ffi.gc(lib.cairo_create(surface), lib.cairo_destroy)
    check_context(cr, what)
    return cr


def _surface(pointer, what: str):
    surface = ffi.gc(pointer, lib.cairo_surface_destroy)
    check_surface(surface, what)
    return surface


def image_surface(width: int, height: int, fmt: int = FORMAT_ARGB32):
    return _surface(lib.cairo_image_surface_create(fmt, width, height), f"a {width} x {height} pixel image")


def recording_surface():
    """An unbounded recording surface: drawn once, painted wherever it is used."""
    return _surface(lib.cairo_recording_surface_create(CONTENT_COLOR_ALPHA, NULL), "a recorded group")


def font_options(surface):
    """The surface's own font options."""
    options = ffi.gc(lib.cairo_font_options_create(), lib.cairo_font_options_destroy)
    lib.cairo_surface_get_font_options(surface, options)
    return options


def write_png(surface, write) -> None:
    """An image surface as a PNG file, handed to `write` piece by piece (a file's
    `write`); an exception from `write` stops cairo and is reported as a CairoError."""
    lib.cairo_surface_flush(surface)
    failed: list[Exception] = []

    def piece(_closure, data, length: int) -> int:
        try:
            write(ffi.buffer(data, length)[:])
        except Exception as exc:  # a full disk, a closed file: cairo stops and says so
            failed.append(exc)
            return STATUS_WRITE_ERROR
        return STATUS_SUCCESS

    callback = ffi.callback("cairo_write_func_t", piece, error=STATUS_WRITE_ERROR)
    status = lib.cairo_surface_write_to_png_stream(surface, callback, NULL)
    if status != STATUS_SUCCESS:
        cause = f" ({failed[0]})" if failed else ""
        raise CairoError(f"writing a PNG: cairo: {error_text(status)}{cause}")


def png_bytes(surface) -> bytes:
    """An image surface as PNG file bytes."""
    pieces: list[bytes] = []
    write_png(surface, pieces.append)
    return b"".join(pieces)


def png_surface(data: bytes, what: str):
    """An image surface read from PNG file bytes; CairoError naming `what` if it is not one."""
    view, offset = memoryview(data), 0

    def read(_closure, buffer, length: int) -> int:
        nonlocal offset
        if offset + length > len(view):
            return STATUS_READ_ERROR
        ffi.memmove(buffer, view[offset:offset + length], length)
        offset += length
        return STATUS_SUCCESS

    callback = ffi.callback("cairo_read_func_t", read, error=STATUS_READ_ERROR)
    surface = ffi.gc(lib.cairo_image_surface_create_from_png_stream(callback, NULL), lib.cairo_surface_destroy)
    status = lib.cairo_surface_status(surface)
    if status != STATUS_SUCCESS:  # (cairo says "out of memory" for whatever libpng rejects)
        if not data.startswith(PNG_SIGNATURE):
            raise CairoError(f"{what}: not a PNG file")
        why = "damaged, or too large" if status == STATUS_NO_MEMORY else error_text(status)
        raise CairoError(f"{what}: not a readable PNG ({why})")
    return surface


def image_size(surface) -> tuple[int, int]:
    return lib.cairo_image_surface_get_width(surface), lib.cairo_image_surface_get_height(surface)


def image_rows(surface) -> tuple[bytes, int]:
    """An image surface's pixels (after pending drawing) and its stride in bytes."""
    lib.cairo_surface_flush(surface)
    stride = lib.cairo_image_surface_get_stride(surface)
    height = lib.cairo_image_surface_get_height(surface)
    return ffi.buffer(lib.cairo_image_surface_get_data(surface), stride * height)[:], stride


def write_ffi_module(path: Path = FFI_MODULE) -> None:
    """Write `CDEF`, parsed, as cffi's out-of-line ABI module (`python -m pnp.draw.cairolib`)."""
    from cffi import FFI

    builder = FFI()
    builder.cdef(CDEF)
    builder.set_source("pnp.draw._cairo_ffi", None)
    builder.emit_python_code(str(path))
    path.write_text(path.read_text().replace("# auto-generated file", GENERATED, 1))


GENERATED = "# Written by `python -m pnp.draw.cairolib` from CDEF in pnp/draw/cairolib.py: do not edit."


if __name__ == "__main__":
    write_ffi_module()
    print(f"wrote {FFI_MODULE}")
