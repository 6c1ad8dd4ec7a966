"""Rendering an SVG page to pixels for tests that look at what prints: an RGB array,
one row per line, at a chosen resolution."""

from __future__ import annotations

import io

import numpy
from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface


def pixels(svg_text: str, dpi: float = 25.4) -> numpy.ndarray:
    """Height x width x 3 (RGB, 0-255); at the default 25.4 dpi one pixel is 1 mm."""
    surface = PNGSurface(Tree(bytestring=svg_text.encode("utf-8"), unsafe=False), io.BytesIO(), dpi)
    image = surface.cairo
    image.flush()
    bgra = numpy.frombuffer(bytes(image.get_data()), dtype=numpy.uint8)
    bgra = bgra.reshape(image.get_height(), image.get_stride() // 4, 4)[:, : image.get_width()]
    return bgra[:, :, 2::-1].astype(int)


def colour(hex_colour: str) -> numpy.ndarray:
    return numpy.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)])
