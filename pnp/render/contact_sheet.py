"""A contact sheet of what a tile or hex can show: every icon pnp draws (and the box an
unknown icon gets), every gauge, every kind of city mark and border, frames, stripes,
partitions, future labels and stubs. Each cell is a real face drawn by the tile
renderer, named underneath.

    python -m pnp.render.contact_sheet OUT.svg [--theme default]
"""

from __future__ import annotations

import argparse

from pnp.draw import shapes
from pnp.geometry.hexagon import APOTHEM, RADIUS
from pnp.model.convert import validate
from pnp.model.icons import KNOWN_ICONS
from pnp.model.tile import GAUGES, TileFace
from pnp.output import atomic_write
from pnp.render import svg
from pnp.render.style import Style
from pnp.render.tile import face_group
from pnp.tilecode import from_code

CELL_MM = 30.0  # width of a cell; the hex is drawn 24 mm across its flats
HEX_MM = 24.0
LABEL_MM = 3.2
COLUMNS = 7
# two sample companies, so that homes print on their colours
SAMPLE_COMPANIES = {"company:TR": "#b22222", "company_text:TR": "#ffffff",
                    "company:KO": "#1f4e9c", "company_text:KO": "#ffffff"}


def _face(**fields) -> TileFace:
    """A face written in the compact form a tile file uses (`track` chains, `{city: 20}`)."""
    return validate(TileFace, fields)


def face(code: str) -> TileFace:
    return from_code(code, TileFace)


def cells() -> list[tuple[str, str, TileFace]]:
    """(name, ground colour, face) for every cell, in sheet order."""
    out = [(f"icon {name}", "white", face(f"icon=image:{name},large:1")) for name in KNOWN_ICONS]
    out.append(("unknown icon", "white", face("icon=image:18_gb/north,large:1")))
    out += [(f"{g} track", "yellow", face(f"town=revenue:10;path=a:0,b:_0,track:{g};path=a:_0,b:3,track:{g}"))
            for g in GAUGES]
    out += [
        ("home mark", "green", face("city=revenue:30,reservation:TR;path=a:0,b:_0;path=a:_0,b:3")),
        ("two homes", "brown", face("city=revenue:40,slots:2,reservation:TR|KO;path=a:0,b:_0;path=a:_0,b:3")),
        ("destination", "green", _face(stops=[{"city": 20, "marks": [{"company": "KO", "kind": "destination"}]}],
                                          track=[[0, "s0", 3]])),
        ("mark, no company", "yellow", _face(stops=[{"city": 20, "marks": ["XY"]}], track=[[0, "s0"]])),
        ("coloured mark", "yellow", _face(stops=[{"city": 20, "marks": [{"color": "purple"}]}], track=[[0, "s0"]])),
        ("pass", "gray", face("pass=revenue:0,slots:2;path=a:0,b:_0;path=a:_0,b:3")),
        ("stubs", "white", face("town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:1;path=a:5,b:5")),
    ]
    for kind in ("impassable", "water", "mountain", "province", "river", "swamp", "divider", "offboard"):
        out.append((f"{kind} border", "white", face(f"border=edge:3,type:{kind},cost:20")))
    out += [
        ("frame", "green", face("city=revenue:20;path=a:0,b:_0;frame=color:#ffa500")),
        ("two-colour frame", "brown", face("city=revenue:30;path=a:0,b:_0;frame=color:#800080,color2:#ffa500")),
        ("stripes", "yellow", face("path=a:0,b:3;stripes=color:white")),
        ("partition", "white", face("partition=a:0,b:3,type:province;partition=a:1.5,b:4.5,type:water,length:0.5")),
        ("future label", "white", face("city=revenue:0;future_label=label:T,color:brown")),
        ("offboard by phase", "red", face("offboard=revenue:yellow_30|brown_60;path=a:0,b:_0,terminal:1")),
        ("terrain mine", "white", face("upgrade=cost:40,terrain:mine")),
        ("two-coloured", "green/brown", face("city=revenue:30,slots:2;path=a:0,b:_0;path=a:_0,b:3")),
    ]
    out += [  # the parts 18xx-maker's tile library brought (data/README.md, "Track" and "Icons")
        ("coloured narrow", "yellow", _face(stops=[{"town": 10}], track=[
            [0, "s0", 3], [2, "s0", "narrow", {"color": "white", "tie_color": "red"}]])),
        ("bent track", "green", _face(stops=[{"city": 40}], track=[[0, "s0", 3], [1, 4, {"bend": 5.5}]])),
        ("two lanes", "yellow", face("path=a:0,b:3,lanes:2")),
        ("thinner track", "gray", _face(track=[[0, 3, {"width": 0.6}], [1, 4]])),
        ("river and bridge", "green", _face(track=[[0, 3]], partitions=[{"a": 2, "b": 4, "type": "water"}])),
        ("tunnel portals", "none", _face(track=[[0, 3, "narrow"]], tunnels=[0, 3])),
        ("spur, port bonus", "yellow", _face(stops=[{"town": 10}], track=[[5, "s0"]], spurs=[{"stop": 0, "at": 2}],
                                                icons=[{"name": "port", "at": 2, "revenue": 30}])),
        ("x/y value", "green", _face(stops=[{"city": "40/60"}], track=[[0, "s0", 3]])),
        ("named phases", "red", _face(stops=[{"offboard": {"3H": 30, "2x4": 60, "17H": 90}}],
                                         track=[[2, "s0", "terminal"]])),
        ("boomtown", "yellow", _face(stops=[{"town": 10, "style": "boomtown"}], track=[[0, "s0", 3]])),
        ("boomtown city", "green", _face(stops=[{"city": 30, "style": "boomtown"}], track=[[0, "s0", 3]])),
        ("shapes", "white", _face(shapes=[
            {"kind": k, "x": x, "y": y, "width": 30, "color": c, "border": "black", "text": t}
            for k, x, y, c, t in (("diamond", -40, -35, "water", "40"), ("circle", 0, -45, "white", "+20"),
                                  ("hexagon", 40, -35, "yellow", None), ("square", -40, 30, "gray", None),
                                  ("triangle", 0, 45, "red", None), ("star", 40, 30, "icon_star", None))])),
        ("goods square", "brown", _face(stops=[{"city": 10}], track=[[0, "s0", 3]],
                                          shapes=[{"kind": "square", "width": 69, "color": "black",
                                                   "background": True}])),
    ]
    return out


def contact_sheet(style: Style):
    """The sheet as one SVG document, in millimetres."""
    style = style.with_colors(SAMPLE_COMPANIES)
    items = cells()
    rows = (len(items) + COLUMNS - 1) // COLUMNS
    cell_h = CELL_MM * 1.05
    dwg = svg.document(COLUMNS * CELL_MM, rows * cell_h, title="pnp contact sheet: icons, gauges, marks")
    k = HEX_MM / (2 * APOTHEM)
    for i, (name, ground, face) in enumerate(items):
        x = (i % COLUMNS + 0.5) * CELL_MM
        y = (i // COLUMNS) * cell_h + RADIUS * k + 1.0
        cell = svg.group(transform=(shapes.translate(x, y), shapes.scale(k)))
        two = ground.split("/")
        cell.add(face_group(face, two[0], style, colour2=two[1] if len(two) > 1 else None))
        dwg.add(cell)
        dwg.add(svg.text(name, (x, y + APOTHEM * k + LABEL_MM), LABEL_MM * 0.8, style))
    return dwg


def main(argv=None) -> None:
    from pnp.templates import theme

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--theme", default="default")
    args = parser.parse_args(argv)
    atomic_write(args.out, svg.to_string(contact_sheet(theme(args.theme))))


if __name__ == "__main__":
    main()
