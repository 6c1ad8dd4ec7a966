"""Physical lengths. Data and templates write lengths with a unit; everything after
loading works in millimetres."""

from __future__ import annotations

import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def parse_length(value) -> float:
    """'1.5in' -> 38.1 (mm). A bare number is millimetres."""
    if isinstance(value, bool):
        raise ValueError(f"a length needs a number and a unit (mm, cm, in, pt), not {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"a length needs a number and a unit (mm, cm, in, pt), not {value!r}")
    return float(match.group(1)) * MM_PER[match.group(2)]


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_MM


def _model_length(value) -> float:
    length = parse_length(value)
    if length < 0:
        raise ValueError(f"a length cannot be negative ({value})")
    return length


# what people write, for `pnp schema`: a number and a unit, or a bare number of millimetres
LENGTH_SCHEMA = {"description": "A length with a unit: 3.5mm, 0.25in, 1cm, 10pt (a bare number is mm).",
                 "anyOf": [{"type": "string", "pattern": r"^\s*\d+(\.\d+)?\s*(mm|cm|in|pt)\s*$"},
                           {"type": "number", "minimum": 0}]}


class Length(float):
    """A length in a data model: written with a unit ('3.5mm', '0.25in'), read as mm
    (a plain float). `pnp.model.convert` reads a field of this type with `parse`;
    `pnp schema` writes `SCHEMA`."""

    SCHEMA = LENGTH_SCHEMA

    @classmethod
    def parse(cls, value) -> "Length":
        return cls(_model_length(value))
