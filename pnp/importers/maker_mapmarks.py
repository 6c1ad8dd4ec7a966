"""What an 18xx-maker map hex prints beyond a tile face, in pnp's map-only hex fields
(`model/map_marks.py`): sides drawn without outline (`removeBorders` -> `open_sides`),
tokens printed on the hex (-> `discs`) and costs inside the hex beyond its terrain
(-> `costs`).

Where things sit. 18xx-maker numbers a hex's sides from the bottom of a flat hex and
turns them with the hex on a pointy map, but places an element by `angle` on the page
as drawn: on a pointy map angle 30 is the middle of the lower-left side, where side 6
is (18LA's tunnels at 30, 90 and 330 sit where its off-board track leaves by sides 6,
1 and 5; 18TraXX2020's Fort Collins city at -90 sits on the track stub of side 4).
pnp draws a pointy map's hexes turned 30 degrees, so an element's angle on the page,
less 30, is its place on pnp's unturned face."""

from __future__ import annotations

import math
import re

from pnp.importers.maker_geometry import APOTHEM, bearing, placement


def spot(item: dict, pointy: bool) -> dict:
    """`toward` and `reach` (model/map_marks.py) of an element placed by x, y, angle
    and percent; {} for the centre."""
    origin = placement(item).origin
    distance = math.hypot(*origin)
    if distance < 1e-6:
        return {}
    angle = (bearing(origin) - (30.0 if pointy else 0.0)) % 360.0
    off = (angle + 30.0) % 60.0 - 30.0
    rim = APOTHEM / math.cos(math.radians(off))
    return {"toward": round(angle / 60.0, 3) % 6, "reach": round(min(distance / rim, 1.5), 3)}


def page_edge(item: dict, pointy: bool) -> int | None:
    """The pnp edge (of the face as pnp turns it on the map) that an element at least
    85 % of the way out faces, or None."""
    origin = placement(item).origin
    if math.hypot(*origin) < 0.85 * APOTHEM:
        return None
    angle = (bearing(origin) - (30.0 if pointy else 0.0)) % 360.0
    edge = round(angle / 60.0)
    return edge % 6 if abs(angle - 60.0 * edge) <= 15.0 else None


def page_frame(data: dict) -> dict:
    """A pointy hex's elements placed by angle (and x, y), turned back 90 degrees: the
    face is read as flat and turned with its sides, which puts them back where
    18xx-maker draws them on the page. Track keeps its place (it turns with the sides)."""
    out = dict(data)
    for key, items in data.items():
        if key == "track" or not isinstance(items, (list, dict)):
            continue
        many = isinstance(items, list)
        turned_ = [_turn_back(i) if isinstance(i, dict) else i for i in (items if many else [items])]
        out[key] = turned_ if many else turned_[0]
    return out


def _turn_back(item: dict) -> dict:
    if not any(k in item for k in ("angle", "x", "y")) or not item.get("percent") and not any(
            item.get(k) for k in ("x", "y")):
        return item
    out = dict(item)
    if "angle" in item or item.get("percent"):
        out["angle"] = float(item.get("angle", 0) or 0) - 90.0
    x, y = float(item.get("x", 0) or 0), float(item.get("y", 0) or 0)
    if x or y:  # (x, y) turned 90 degrees anticlockwise on the page (y down)
        out["x"], out["y"] = round(y, 6), round(-x, 6)
    return out


def open_sides(data: dict, pointy: bool) -> list[int]:
    """`removeBorders` (18xx-maker sides 1-6) as pnp edges of the face as printed."""
    sides = data.pop("removeBorders", None) or ()
    edges = {(int(s) - 1 + (1 if pointy else 0)) % 6 for s in sides
             if isinstance(s, (int, float)) and not isinstance(s, bool) and 1 <= s <= 6}
    return sorted(edges)


TOKEN_RADIUS = 25.0  # 18xx-maker's token without a width: the size of a city's slot


def discs(data: dict, pointy: bool, looks: dict[str, dict]) -> list[dict]:
    """Tokens printed on the hex: a disc with its colour, ring, text and size. `looks`
    gives the colour and label of a token named by its company (21Moon's companies'
    starting places) or its logo (18LA's private tokens)."""
    out = []
    for item in data.pop("tokens", None) or ():
        if not isinstance(item, dict) or item.get("hidden"):
            continue
        look = looks.get(str(item.get("company") or item.get("logo"))) or {}
        text = item.get("label", look.get("label", item.get("company")))
        if text is None and item.get("logo"):
            text = str(item["logo"]).rsplit("/", 1)[-1]
        width = item.get("width")
        radius = float(width) if isinstance(width, (int, float)) and not isinstance(width, bool) else TOKEN_RADIUS
        disc: dict = {**spot(item, pointy), "color": item.get("color", look.get("color", "white")),
                      "outline": item.get("outline", "black"),
                      "size": round(min(1.0, max(0.02, 2 * radius / (2 * APOTHEM))), 3)}
        if text not in (None, ""):
            disc["text"] = str(text)[:12]
        if item.get("textColor"):
            disc["text_color"] = item["textColor"]
        out.append(disc)
    return out


def names_on_disc(discs: list[dict], names: list[str]) -> bool:
    """A large token in the middle of a hex or tile with no text of its own (21Moon's
    launch pads) carries the hex's names, which 18xx-maker prints over it: True when
    the disc takes them."""
    if len(discs) != 1 or not names or "text" in discs[0]:
        return False
    disc = discs[0]
    if disc["size"] < 0.5 or disc.get("reach", 0) > 0.2 or sum(len(n) for n in names) > 70:
        return False
    disc["text"] = "\n".join(names)
    return True


def cost_mark(item: dict, kind: str, cost: int, pointy: bool) -> dict:
    return {"cost": cost, "type": kind, **spot(item, pointy)}


__all__ = ["cost_mark", "discs", "names_on_disc", "off_grid_labels", "open_sides", "own_ground", "page_edge", "page_frame", "spot"]


# --- points and lines across the map, colours --------------------------------------------

POINT = re.compile(r"^([A-Z]+\d+)(?:p(\d)|s(\d)|a(-?[\d.]+)(?:p(-?[\d.]+))?)$")


def map_point(text, pointy: bool) -> dict | None:
    """18xx-maker's point of the map as a pnp Point: `A1p3` corner 3, `A1s2` the middle
    of side 2, `A1a30p0.6` 60 % of the apothem out at 30 degrees on the page."""
    match = POINT.match(text) if isinstance(text, str) else None
    if not match:
        return None
    corner, side, angle, percent = match.group(2), match.group(3), match.group(4), match.group(5)
    if corner:
        bearing_, reach_ = 60.0 * (int(corner) - 1) + (0.0 if pointy else 90.0), None
    elif side:
        bearing_, reach_ = 60.0 * (int(side) - 1) + (90.0 if pointy else 0.0), None
    else:
        bearing_, reach_ = float(angle), float(percent if percent is not None else 1.0)
    face_angle = (bearing_ - (30.0 if pointy else 0.0)) % 360.0
    if reach_ is None:
        reach = 1.0
    else:
        off = (face_angle + 30.0) % 60.0 - 30.0
        reach = reach_ * math.cos(math.radians(off))  # of the rim in that direction
    return {"at": match.group(1), "toward": round(face_angle / 60.0, 3) % 6, "reach": round(min(reach, 1.5), 3)}


def map_line(coords, colour: str, width_px, pointy: bool) -> dict | None:
    """A line through 18xx-maker's points; its width given in 18xx-maker's units (a
    hex 150 across the flats, printed here at pnp's hex size of 38.1 mm)."""
    points = [map_point(c, pointy) for c in coords or ()]
    if len(points) < 2 or any(p is None for p in points):
        return None
    width = float(width_px) if isinstance(width_px, (int, float)) and not isinstance(width_px, bool) else 4.0
    mm = max(0.2, round(width * 38.1 / (2 * APOTHEM), 2))
    return {"points": points, "color": colour, "width": f"{mm}mm"}


LABEL_SHAPES = {"hexagon": "hexagon", "circle": "circle"}
GROUNDS = ("yellow", "green", "brown", "gray")  # theme colours of the same name


def off_grid_labels(board: dict, coords, report, paint) -> list[dict]:
    """pnp's doubled coordinates put every hex on one parity of column + row; a hex off
    it sits between two others. 18xx-maker draws such a hex without outline as a box of
    text (21Moon's "Rift"), or a shape with text ("+90" on a brown hexagon); pnp prints
    its text there as a map label, on that shape. So is a hex on the grid that is only
    a text with no outline (`_text_box`)."""
    counts = [0, 0]
    for coord in board:
        pos = coords.parse(coord)
        counts[(pos.col + pos.row) % 2] += 1
    parity = 0 if counts[0] >= counts[1] else 1
    labels = []
    for coord in list(board):
        pos = coords.parse(coord)
        between = (pos.col + pos.row) % 2 != parity
        if not between and not _text_box(board[coord]):
            continue
        h = board.pop(coord)
        if not h.texts:
            report.lost(h.where, "lies between hexes on the doubled grid; the hex is left out")
            continue
        label = {"text": " ".join(h.texts), "at": coord, "size": "3.5mm"}
        shape = h.shape if h.shape and h.shape.get("type") in LABEL_SHAPES else None
        if shape:
            colour = shape.get("color") or "white"
            fill = colour if colour in GROUNDS else paint.resolve(colour, h.where)
            label.update(text=str(shape["text"]), size="4.5mm", italic=False, shape=LABEL_SHAPES[shape["type"]],
                         fill=fill, color="text_on_dark" if colour in ("brown", "gray") else "text")
            width = shape.get("width")
            if isinstance(width, (int, float)) and not isinstance(width, bool) and 0 < width <= 2 * APOTHEM:
                label["shape_size"] = round(width / (2 * APOTHEM), 3)
            report.lost_items[:] = [i for i in report.lost_items
                                    if not (i.where == h.where and i.what.startswith("shape '"))]
        labels.append(label)
        place = "lies between hexes on the doubled grid" if between else "is only a text with no outline"
        words = (f"{place}: its text is printed there as a map label "
                 f"('{label['text']}'{', on its ' + shape['type'] if shape else ''}), not as a hex")
        if h.kept_only_text and len(h.extras.get("open_sides", ())) == 6:
            report.note(h.where, words + " (18xx-maker draws it without outline too)")
        else:
            report.lost(h.where, words)
    return labels


def _text_box(h) -> bool:
    """A hex drawn as nothing but a text with no outline and no shape (21Moon's "in
    Brown" heading its bonus hexes): a map label, not a hex whose text would read as a
    tile label."""
    return (h.kept_only_text and h.shape is None and len(h.extras.get("open_sides", ())) == 6
            and bool(h.texts) and set(h.face) <= {"label"})


def own_ground(colour, own: dict, palette, where: str) -> tuple[str, str] | None:
    """A ground colour the game defines (`colors:` in the game file) as pnp's name for
    it in game.yaml `colors:` and its #rrggbb, or None: the same for map hexes and tiles."""
    if not isinstance(colour, str) or colour not in own or palette is None:
        return None
    name = colour if re.match(r"^[A-Za-z][A-Za-z0-9_]*$", colour) else "hex_" + re.sub(r"\W", "_", colour)
    return f"maker_{name}", palette.resolve(colour, where)


class MapPaint:
    """Colours the map's data names: the game's own hex grounds (kept by name, for
    game.yaml `colors:`), tokens and lines (resolved to #rrggbb through the game's
    colours and 18xx-maker's company palette, as 18xx-maker draws tokens)."""

    def __init__(self, game: dict, palette, grounds: dict, near: dict):
        self.palette = palette
        self.own = game.get("colors") if isinstance(game.get("colors"), dict) else {}
        self.known_grounds = grounds  # 18xx-maker hex colour -> pnp ground
        self.near = near  # colours pnp prints as the nearest ground when the game does not define them
        self.grounds: dict[str, str] = {}
        self.lines: list[dict] = []
        self.token_looks = self._looks(game)

    def _looks(self, game: dict) -> dict[str, dict]:
        """A token's colour and label by the logo it names, or by its company."""
        looks = {}
        for company in game.get("companies") or ():
            if isinstance(company, dict) and company.get("abbrev") and company.get("color"):
                looks[str(company["abbrev"])] = {"color": company["color"], "label": str(company["abbrev"])}
        for item in list(game.get("privates") or ()) + list(game.get("companies") or ()):
            token = item.get("token") if isinstance(item, dict) else None
            if isinstance(token, dict) and token.get("logo"):
                looks[str(token["logo"])] = {k: token[k] for k in ("color", "label") if k in token}
        return looks

    def resolve(self, name, where: str) -> str:
        if self.palette is None:
            return name if isinstance(name, str) else "black"
        return self.palette.resolve(name, where)

    def ground(self, colour, report, where: str) -> str:
        if not isinstance(colour, (str, type(None))):
            colour = str(colour)[:20]  # a list or object where a colour name belongs: reported below
        if colour in self.known_grounds:
            return self.known_grounds[colour]
        if isinstance(colour, str) and "/" in colour:
            first = colour.split("/", 1)[0]
            printed = self.known_grounds.get(first, "white")
            report.lost(where, f"two-coloured hex '{colour}', printed {printed}")
            return printed
        own = own_ground(colour, self.own, self.palette, where)
        if own:
            self.grounds[own[0]] = own[1]
            return own[0]
        near = self.near.get(colour, "white")
        report.lost(where, f"hex colour '{colour}', printed {near}")
        return near

    def extras(self, extras: dict, where: str) -> dict:
        out = dict(extras)
        if "discs" in out:
            out["discs"] = [{**d, "color": self.resolve(d["color"], where), "outline": self.resolve(d["outline"], where),
                             **({"text_color": self.resolve(d["text_color"], where)} if "text_color" in d else {})}
                            for d in out["discs"]]
        return out
