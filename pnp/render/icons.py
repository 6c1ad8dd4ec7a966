"""Icons as pnp's own atoms, drawn from primitives: port, mine, coal, oil, farm,
ferry, boat, mountain, river, tunnel, bridge, airport, factory, bonus star, lock,
cattle, tree, rocket, fruit. Each is drawn in a light disc of radius `r` round its
centre, upright on the page. An icon pnp does not know prints its name in a small
framed box (`unknown_box`), so nothing the data names is lost.

Shapes are written in a unit square (-1..1, y down) and scaled into the disc."""

from __future__ import annotations

from pnp.geometry.placed import BOX_PAD, box_size, unknown_font
from pnp.draw import shapes
from pnp.model.icons import KNOWN_ICONS, canonical, label
from pnp.render import svg
from pnp.render.style import Style
from pnp.text import fit_size

ICON_SCALE = 0.68  # of the disc's radius: the unit square's half-width
STROKE = 0.16  # line width of drawn icons, in unit-square units
DISC_STROKE = 0.08  # of the disc radius


def _quad(control, p) -> tuple:
    """A quadratic curve to `p` in an icon's outline (the pen draws it as a cubic)."""
    return ("Q", control, p)


def _arc(r: float, large: bool, sweep: bool, p) -> tuple:
    """A circular arc of radius `r` to `p` in an icon's outline (SVG's endpoint form)."""
    return ("A", r, large, sweep, p)


class _Pen:
    """Unit-square coordinates scaled to a disc of radius r at (cx, cy).

    An outline is one or more runs, each a list: its start point, then points (straight
    lines to them), `_quad(...)` and `_arc(...)` steps."""

    def __init__(self, centre, r: float, style: Style):
        self.cx, self.cy = centre
        self.s = r * ICON_SCALE
        self.style = style

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (self.cx + x * self.s, self.cy + y * self.s)

    def poly(self, pts, colour: str = "icon", **attrs):
        return svg.polygon_path([self.p(x, y) for x, y in pts], fill=self.style.color(colour), **attrs)

    def line(self, *runs, colour: str = "icon", width: float = STROKE, **attrs):
        return svg.path(self._commands(runs), fill="none", stroke=self.style.color(colour),
                        stroke_width=width * self.s, stroke_linecap="round", stroke_linejoin="round", **attrs)

    def fill(self, *runs, colour: str = "icon", **attrs):
        """A filled outline; each run is closed."""
        return svg.path(self._commands(runs, closed=True), fill=self.style.color(colour), **attrs)

    def dot(self, x: float, y: float, r: float, colour: str = "icon"):
        return svg.circle(self.p(x, y), r * self.s, fill=self.style.color(colour))

    def _commands(self, runs, closed: bool = False) -> tuple:
        """Path commands for outline runs, placed on the page (a quadratic as the cubic
        both writers draw exactly)."""
        out = []
        for start, *steps in runs:
            here = self.p(*start)
            out.append(shapes.move(here))
            for step in steps:
                if step[0] == "Q":
                    control, end = self.p(*step[1]), self.p(*step[2])
                    out.append(shapes.quad_to(here, control, end))
                elif step[0] == "A":
                    _, r, large, sweep, point = step
                    end = self.p(*point)
                    out.append(shapes.arc_to(r * self.s, r * self.s, large, sweep, end))
                else:
                    end = self.p(*step)
                    out.append(shapes.line_to(end))
                here = end
            if closed:
                out.append(shapes.CLOSE)
        return tuple(out)


def _port(pen: _Pen):
    return [pen.line([(0, -0.55), (0, 0.8)]), pen.line([(-0.4, -0.35), (0.4, -0.35)]),
            pen.line([(-0.75, 0.2), _quad((-0.65, 0.85), (0, 0.85)), _quad((0.65, 0.85), (0.75, 0.2))]),
            pen.line([(0, -0.95), _arc(0.2, True, True, (0, -0.55)), _arc(0.2, True, True, (0, -0.95))])]


def _mine(pen: _Pen):
    return [pen.line([(-0.7, 0.75), (0.45, -0.4)]), pen.line([(-0.15, -0.85), _quad((0.6, -0.75), (0.85, 0.1))], width=0.22),
            pen.line([(0.7, 0.75), (-0.4, -0.35)]), pen.line([(-0.75, -0.2), (-0.2, -0.75)], width=0.34)]


def _coal(pen: _Pen):
    return [pen.dot(-0.45, 0.35, 0.36), pen.dot(0.42, 0.38, 0.34), pen.dot(0.0, -0.15, 0.38),
            pen.poly([(-0.9, 0.75), (0.9, 0.75), (0.8, 0.55), (-0.8, 0.55)])]


def _oil(pen: _Pen):
    return [pen.line([(-0.55, 0.85), (0, -0.85), (0.55, 0.85)]), pen.line([(-0.37, 0.3), (0.37, 0.3)]),
            pen.line([(-0.22, -0.2), (0.22, -0.2)]), pen.line([(-0.37, 0.3), (0.22, -0.2)]),
            pen.line([(-0.8, 0.85), (0.8, 0.85)])]


def _farm(pen: _Pen):
    out = [pen.line([(0, 0.9), (0, -0.55)])]
    for y in (-0.5, -0.15, 0.2):
        for side in (-1, 1):  # a leaf each side of the stalk
            out.append(pen.fill([(0, y + 0.25), _quad((0.45 * side, y + 0.1), (0.35 * side, y - 0.2)),
                                 _quad((0.05 * side, y - 0.05), (0, y + 0.25))]))
    out.append(pen.dot(0, -0.72, 0.16))
    return out


def _ferry(pen: _Pen):
    return [pen.poly([(-0.9, 0.2), (0.9, 0.2), (0.6, 0.65), (-0.6, 0.65)]),
            pen.poly([(-0.45, 0.2), (-0.45, -0.2), (0.35, -0.2), (0.35, 0.2)]),
            pen.poly([(-0.05, -0.2), (-0.05, -0.75), (0.22, -0.75), (0.22, -0.2)]),
            pen.line([(-0.9, 0.85), _quad((-0.7, 0.75), (-0.45, 0.85)), _quad((-0.2, 0.95), (0, 0.85)),
                      _quad((0.2, 0.75), (0.45, 0.85)), _quad((0.7, 0.95), (0.9, 0.85))], colour="water", width=0.1)]


def _boat(pen: _Pen):
    return [pen.poly([(-0.85, 0.3), (0.85, 0.3), (0.55, 0.7), (-0.55, 0.7)]), pen.line([(0, 0.3), (0, -0.9)], width=0.1),
            pen.poly([(0.08, -0.85), (0.08, 0.15), (0.7, 0.15)]), pen.poly([(-0.08, -0.6), (-0.08, 0.15), (-0.55, 0.15)])]


def _mountain(pen: _Pen):
    return [pen.poly([(-0.95, 0.65), (-0.35, -0.4), (0.25, 0.65)], colour="mountain"),
            pen.poly([(-0.15, 0.65), (0.4, -0.75), (0.95, 0.65)], colour="mountain"),
            pen.poly([(0.4, -0.75), (0.22, -0.3), (0.4, -0.4), (0.56, -0.32)], colour="icon_ground")]


def _river(pen: _Pen):
    return [pen.line([(-0.85, y), _quad((-0.6, y - 0.25), (-0.35, y)), _quad((-0.1, y + 0.25), (0.15, y)),
                      _quad((0.4, y - 0.25), (0.65, y)), _quad((0.78, y + 0.12), (0.9, y + 0.05))], colour="water")
            for y in (-0.45, 0.05, 0.55)]


def _tunnel(pen: _Pen):
    return [pen.fill([(-0.9, 0.75), (-0.9, -0.05), _arc(0.9, False, True, (0.9, -0.05)), (0.9, 0.75)], colour="mountain"),
            pen.fill([(-0.45, 0.75), (-0.45, 0.15), _arc(0.45, False, True, (0.45, 0.15)), (0.45, 0.75)]),
            pen.line([(-0.25, 0.75), (-0.25, 0.4)], [(0.25, 0.75), (0.25, 0.4)], colour="icon_ground", width=0.08)]


def _bridge(pen: _Pen):
    return [pen.line([(-0.95, -0.2), (0.95, -0.2)], width=0.2), pen.line([(-0.8, 0.45), _quad((0, -0.55), (0.8, 0.45))]),
            pen.line([(-0.5, -0.2), (-0.5, 0.15)], [(0, -0.2), (0, 0)], [(0.5, -0.2), (0.5, 0.15)], width=0.1),
            pen.line([(-0.9, 0.75), _quad((-0.6, 0.6), (-0.3, 0.75)), _quad((0, 0.9), (0.3, 0.75)),
                      _quad((0.6, 0.6), (0.9, 0.75))], colour="water", width=0.12)]


def _airport(pen: _Pen):
    return [pen.poly([(0, -0.95), (0.12, -0.75), (0.12, -0.25), (0.9, 0.2), (0.9, 0.38), (0.12, 0.15), (0.12, 0.55),
                      (0.38, 0.75), (0.38, 0.88), (0, 0.8), (-0.38, 0.88), (-0.38, 0.75), (-0.12, 0.55), (-0.12, 0.15),
                      (-0.9, 0.38), (-0.9, 0.2), (-0.12, -0.25), (-0.12, -0.75)])]


def _factory(pen: _Pen):
    return [pen.poly([(-0.9, 0.8), (-0.9, -0.05), (-0.5, 0.25), (-0.5, -0.05), (-0.1, 0.25), (-0.1, -0.05), (0.3, 0.25),
                      (0.3, -0.85), (0.6, -0.85), (0.6, 0.8)]),
            pen.poly([(-0.7, 0.45), (-0.45, 0.45), (-0.45, 0.65), (-0.7, 0.65)], colour="icon_ground"),
            pen.poly([(-0.25, 0.45), (0.0, 0.45), (0.0, 0.65), (-0.25, 0.65)], colour="icon_ground")]


def _bonus(pen: _Pen):
    import math

    pts = []
    for k in range(10):
        r = 0.95 if k % 2 == 0 else 0.4
        a = math.radians(-90 + 36 * k)
        pts.append((r * math.cos(a), r * math.sin(a) + 0.08))
    return [pen.poly(pts, colour="icon_star", stroke=pen.style.color("icon"), stroke_width=0.08 * pen.s)]


def _lock(pen: _Pen):
    return [pen.line([(-0.4, 0), (-0.4, -0.4), _arc(0.4, False, True, (0.4, -0.4)), (0.4, 0)], width=0.2),
            pen.poly([(-0.65, -0.05), (0.65, -0.05), (0.65, 0.85), (-0.65, 0.85)]),
            pen.dot(0, 0.3, 0.13, colour="icon_ground"), pen.poly([(-0.06, 0.3), (0.06, 0.3), (0.06, 0.62), (-0.06, 0.62)],
                                                                  colour="icon_ground")]


def _cattle(pen: _Pen):
    return [pen.line([(-0.35, -0.3), _quad((-0.9, -0.35), (-0.85, -0.85))],
                     [(0.35, -0.3), _quad((0.9, -0.35), (0.85, -0.85))], width=0.14),
            pen.poly([(-0.4, -0.4), (0.4, -0.4), (0.3, 0.45), (0.15, 0.8), (-0.15, 0.8), (-0.3, 0.45)]),
            pen.poly([(-0.4, -0.25), (-0.72, -0.05), (-0.38, 0.05)]), pen.poly([(0.4, -0.25), (0.72, -0.05), (0.38, 0.05)]),
            pen.dot(-0.15, -0.05, 0.07, colour="icon_ground"), pen.dot(0.15, -0.05, 0.07, colour="icon_ground")]


def _forest(pen: _Pen):
    return [pen.poly([(-0.7, 0.5), (0, -0.95), (0.7, 0.5)], colour="forest"),
            pen.poly([(-0.12, 0.5), (0.12, 0.5), (0.12, 0.9), (-0.12, 0.9)])]


def _rocket(pen: _Pen):
    return [pen.fill([(0, -0.95), _quad((0.38, -0.55), (0.3, 0.45)), (-0.3, 0.45), _quad((-0.38, -0.55), (0, -0.95))]),
            pen.poly([(-0.3, 0.1), (-0.6, 0.7), (-0.28, 0.5)]), pen.poly([(0.3, 0.1), (0.6, 0.7), (0.28, 0.5)]),
            pen.dot(0, -0.3, 0.13, colour="icon_ground"), pen.poly([(-0.15, 0.5), (0.15, 0.5), (0, 0.95)], colour="icon_star")]


def _fruit(pen: _Pen):
    return [pen.dot(0, 0.15, 0.7, colour="icon_fruit"), pen.line([(0, -0.55), (0.05, -0.8)], width=0.1),
            pen.fill([(0.05, -0.65), _quad((0.45, -0.95), (0.7, -0.7)), _quad((0.4, -0.45), (0.05, -0.65))], colour="forest")]


DRAWERS = {
    "port": _port, "mine": _mine, "coal": _coal, "oil": _oil, "farm": _farm, "ferry": _ferry, "boat": _boat,
    "mountain": _mountain, "river": _river, "tunnel": _tunnel, "bridge": _bridge, "airport": _airport,
    "factory": _factory, "bonus": _bonus, "lock": _lock, "cattle": _cattle, "forest": _forest, "rocket": _rocket,
    "fruit": _fruit,
}
assert tuple(DRAWERS) == KNOWN_ICONS, "every known icon has a drawing"


def icon(name: str, centre, r: float, style: Style):
    """The icon `name` in a disc of radius `r`, or its name in a framed box."""
    kind = canonical(name)
    if kind is None:
        return unknown_box(label(name), centre, r, style)
    g = svg.group()
    g.add(svg.circle(centre, r, fill=style.color("icon_ground"), stroke=style.color("icon"),
                     stroke_width=DISC_STROKE * r))
    for element in DRAWERS[kind](_Pen(centre, r, style)):
        g.add(element)
    return g


def unknown_box(text: str, centre, r: float, style: Style):
    w, h = box_size(text, r)
    g = svg.group()
    g.add(svg.rect(centre[0] - w / 2, centre[1] - h / 2, w, h, fill=style.color("icon_ground"),
                   stroke=style.color("icon"), stroke_width=DISC_STROKE * r))
    g.add(svg.text(text, centre, fit_size(text, w - BOX_PAD, unknown_font(r), "bold"), style, weight="bold",
                   color=style.color("icon")))
    return g


__all__ = ["icon", "unknown_box", "canonical", "label", "box_size", "KNOWN_ICONS"]
