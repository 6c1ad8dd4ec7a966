"""An 18xx-maker company's token design as pnp's `token:` (`TokenLook`): the design on
its ground (bar, target, stripes, stripe, circle, square, halves, quarters), its
colours, size and angle, its ground colour and label. One design prints; a second
one, and designs pnp does not draw (shields, curved stripes, spirals, sunrises ...),
are reported."""

from __future__ import annotations

from pnp.importers.maker_hex import brief, number

# the designs pnp draws, in the order 18xx-maker draws them (the last on top)
PATTERNS = ("square", "quarters", "halves", "stripes", "stripe", "target", "bar", "circle", "shield", "shield3")
# the colours across a shield's top, after its body
SHIELD_TOPS = {"shield": ("shieldTop",), "shield3": ("shield3TopLeft", "shield3TopCenter", "shield3TopRight")}
# the size key of each design, in 18xx-maker's units for a token of radius 25
SIZES = {"bar": "barHeight", "stripes": "stripesDistance", "stripe": "stripeWidth", "circle": "circleRadius"}
# keys that only change how the design looks, or that pnp decides itself (the ink)
LOOKS = {"shieldTop", "shield3TopLeft", "shield3TopCenter", "shield3TopRight", "color", "label", "labelColor", "fontSize", "fontFamily", "width", "barBorderColor", "stripesWidth",
         "circleBorderColor", "angle", "shapeAngle", "outline", "outlineWidth", "inverseLabelColor"} | set(SIZES.values())
RADIUS = 25.0


def company_token(token: dict, palette, where: str, report) -> dict | None:
    """`token:` for a company, or None when nothing of the design prints (reported)."""
    out: dict = {}
    designs = [_design(kind, token, palette, where) for kind in PATTERNS if token.get(kind) not in (None, False, "", [])]
    if designs:
        out["designs"] = designs
    colour = token.get("color")
    colour = colour[0] if isinstance(colour, list) and colour else colour  # 1871 writes ["blue"]
    if colour:
        out["color"] = palette.resolve(colour, f"{where}.color")
    if isinstance(token.get("label"), str) and token["label"].strip():
        out["label"] = token["label"].strip()[:12]
    missing = [k for k, v in token.items() if k not in PATTERNS and k not in LOOKS and v not in (None, False, "", [])]
    if missing:
        report.lost(where, f"token design {', '.join(repr(m) for m in missing)} ({brief(token)}): "
                           + ("printed without it" if designs else "pnp prints its symbol on its colour"))
    return out or None


def _design(kind: str, token: dict, palette, where: str) -> dict:
    value = token[kind]
    values = value if isinstance(value, list) else ([] if value is True else [value])
    if kind in SHIELD_TOPS:  # the body (white without one), then the top's colours
        tops = [token[k] for k in SHIELD_TOPS[kind] if token.get(k)]
        values = (values or ["white"]) + tops
        kind = "shield"
    design: dict = {"kind": kind}
    colours = [palette.resolve(v, f"{where}.{kind}") for v in values[:4]]
    if colours:
        design["colors"] = colours
    raw = token.get(SIZES.get(kind, ""))
    size = number(raw) if raw is not None else None
    if isinstance(raw, str):
        try:
            size = float(raw)
        except ValueError:
            size = None
    elif isinstance(raw, float):
        size = raw
    if size and 0 < size / RADIUS <= 1:
        design["size"] = round(size / RADIUS, 3)
    angle = number(token.get("angle", token.get("shapeAngle")))
    if angle and kind not in ("target", "circle", "bar"):
        design["angle"] = float(angle)
    return design


__all__ = ["company_token"]
