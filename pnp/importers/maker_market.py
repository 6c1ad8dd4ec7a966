"""An 18xx-maker stock market as pnp's `market.yaml`.

18xx-maker's `stock.type` is `2D` (rows of spaces: pnp's `grid`), `1D` (one row:
`row`) or `1Diag` (one row printed as two staggered rows: `zigzag`). A space is a
number, null (no space) or an object: `value`, `label`, `par`, `legend` (an index into
`stock.legend`, whose entries describe a kind of space), `color`, `arrow`, `width`.
pnp marks kinds of space as zones, each with a colour, a mark that survives greyscale
printing and the game's own description.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.importers.maker_companies import Palette
from pnp.importers.maker_hex import brief, number
from pnp.importers.maker_report import Report

KINDS = {"2D": "grid", "1D": "row", "1Diag": "zigzag"}
MARKS = ("dots", "hatch", "cross", "bar", "star", "ring", "none")
LETTERS = "abcdefghijklmnoqrstuvwxyz"  # p is the par zone
# Light tints for spaces, so that black numbers stay readable on them. 18xx-maker
# draws market colours from its theme; the `hl` highlights are our choice.
TINTS = {"yellow": "#fde900", "orange": "#f7a84a", "brown": "#d09a6c", "red": "#f08a8a", "purple": "#c9a3d6",
         "green": "#9fd27a", "blue": "#8ecae6", "gray": "#c4c4c4", "grey": "#c4c4c4", "black": "#8c8c8c",
         "white": "#ffffff", "hl1": "#ffd966", "hl2": "#f4b183", "hl3": "#a9d18e", "hl4": "#9dc3e6",
         "offboard": "#f08a8a", "water": "#8ecae6", "plain": "#f3e6cf"}
PAR_COLOUR = "#fde900"
# 18xx's usual order of certificate-limit zones, for a legend index the game leaves undescribed.
LEGEND_DEFAULTS = ("yellow", "orange", "brown")


@dataclass
class Zones:
    """Zones by what defines them: ("par",), ("legend", i), ("color", name), ("label", text)."""

    palette: Palette
    report: Report
    stock: dict
    by_key: dict = field(default_factory=dict)  # key -> letter
    zones: dict = field(default_factory=dict)  # letter -> zone dict

    def letter(self, key: tuple) -> str | None:
        if key in self.by_key:
            return self.by_key[key]
        if len(self.zones) >= len(MARKS):
            self.report.lost("stock", f"more kinds of space than pnp can tell apart in greyscale; {key[1]!r} is not marked")
            self.by_key[key] = None
            return None
        letter = "p" if key == ("par",) else LETTERS[len([z for z in self.zones if z != "p"])]
        self.by_key[key] = letter
        self.zones[letter] = self._zone(key)
        return letter

    def _zone(self, key: tuple) -> dict:
        kind = key[0]
        if kind == "par":
            par = self.stock.get("par") if isinstance(self.stock.get("par"), dict) else {}
            colour = self._colour(par.get("color")) if par.get("color") else PAR_COLOUR
            return {"name": "par", "color": colour, "legend": "Par values"}
        if kind == "legend":
            item = self._legend(key[1])
            colour = item.get("color")
            if not item:
                colour = LEGEND_DEFAULTS[key[1] % len(LEGEND_DEFAULTS)]
                self.report.lost("stock.legend", f"spaces of kind {key[1]} are not described in stock.legend; "
                                                 f"printed {colour}, with no legend text")
            description = str(item.get("description") or f"Spaces coloured {colour}")
            return {"name": _short(description), "color": self._colour(colour), "legend": description}
        if kind == "color":
            self.report.lost("stock", f"spaces coloured '{key[1]}' have no description in the source; the legend "
                                      "names the colour")
            return {"name": str(key[1]), "color": self._colour(key[1]), "legend": f"Spaces coloured {key[1]}"}
        return {"name": str(key[1]).lower(), "color": TINTS["gray"], "legend": str(key[1])}

    def _legend(self, index: int) -> dict:
        legend = self.stock.get("legend") or []
        return legend[index] if isinstance(legend, list) and 0 <= index < len(legend) and \
            isinstance(legend[index], dict) else {}

    def _colour(self, name) -> str:
        if isinstance(name, str) and name in TINTS and name not in self.palette.own:
            return TINTS[name]
        return self.palette.resolve(name, "stock")

    def finished(self) -> dict:
        out = {}
        for mark, (letter, zone) in zip(MARKS, sorted(self.zones.items(), key=lambda kv: kv[0] != "p")):
            out[letter] = {**zone, "mark": mark}
        return dict(sorted(out.items()))


def _short(text: str) -> str:
    words = text.split()
    return " ".join(words[:4]) + ("..." if len(words) > 4 else "")


def par_values(stock: dict) -> tuple[int, ...]:
    par = stock.get("par") if isinstance(stock.get("par"), dict) else {}
    values = par.get("values") or ()
    flat = [v for row in values for v in (row if isinstance(row, list) else [row])]
    return tuple(v for v in (number(x) for x in flat) if v is not None)


def convert_market(game: dict, report: Report, palette: Palette) -> tuple[dict | None, tuple[int, ...]]:
    """market.yaml as data, and the par values a company may start at."""
    stock = game.get("stock")
    if not isinstance(stock, dict) or not stock.get("market"):
        return None, ()
    kind = KINDS.get(stock.get("type") or "2D") if isinstance(stock.get("type") or "2D", str) else None
    if kind is None:
        report.lost("stock.type", f"market type '{stock.get('type')}'; read as a grid")
        kind = "grid"
    raw = stock["market"]
    rows = raw if kind == "grid" and all(isinstance(r, list) for r in raw) else [raw]
    zones = Zones(palette, report, stock)
    pars = par_values(stock)
    flagged = any(isinstance(c, dict) and c.get("par") for r in rows for c in r)
    out_rows = []
    for r, row in enumerate(rows):
        cells = []
        for c, cell in enumerate(row):
            where = f"stock.market[{r}][{c}]" if kind == "grid" else f"stock.market[{c}]"
            cells += _cell(cell, where, kind, zones, pars, flagged, report)
        out_rows.append(cells)
    width = max(len(r) for r in out_rows)
    if kind == "grid":
        out_rows = [r + [""] * (width - len(r)) for r in out_rows]
    market: dict = {"kind": kind, "rows": out_rows}  # titles left to pnp, in the kit's language
    if zones.zones:
        market["zones"] = zones.finished()
    if "p" in zones.zones:
        market["par_zone"] = "p"
    movement = _movement(stock.get("movement"), report)
    if movement:
        market["movement"] = movement
    if pars:
        market["par_chart"] = {"values": sorted(set(pars), reverse=True)}
    for key, what in (("ledges", "ledges (thick lines between spaces)"), ("limits", "limits")):
        if stock.get(key):
            report.lost(f"stock.{key}", what + _limits_words(stock.get(key)))
    rounds = round_spaces(game)
    if rounds:
        market["round_tracker"] = {"rounds": rounds}
    par_cells = sorted({_value(c) for row in out_rows for c in row if isinstance(c, str) and c.endswith("p")})
    company_par = tuple(par_cells) if par_cells else tuple(sorted(set(pars)))
    return market, company_par


ROUND_NAMES = {"SR": "Stock Round", "OR": "Operating Round", "MR": "Merger Round"}


def round_spaces(game: dict) -> list[dict]:
    """The game's `rounds` (18xx-maker's round tracker: SR, OR1, MR ...) as the round
    tracker's spaces, each with its full name where the short one is a known kind."""
    out = []
    for item in game.get("rounds") or ():
        short = item.get("name") if isinstance(item, dict) else item
        if not isinstance(short, (str, int)) or not str(short).strip():
            continue
        short = " ".join(str(short).split())
        kind, number = short[:2].upper(), short[2:].strip()
        name = ROUND_NAMES.get(kind, short) + (f" {number}" if kind in ROUND_NAMES and number else "")
        if kind in ROUND_NAMES and number and number.isdigit():
            short = f"{kind} {number}"
        out.append({"name": name if kind in ROUND_NAMES and (not number or number.isdigit()) else short,
                    "short": short})
    return out


def _value(text: str) -> int:
    return int("".join(ch for ch in text if ch.isdigit() or ch == "-"))


def _limits_words(items) -> str:
    words = [str(i.get("description")) for i in items if isinstance(i, dict) and i.get("description")]
    return f" ({'; '.join(words)})" if words else ""


def _cell(cell, where: str, kind: str, zones: Zones, pars: tuple[int, ...], flagged: bool,
          report: Report) -> list:
    if cell is None or cell == "":
        return [""]
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        value, data = int(cell), {}
    elif isinstance(cell, dict):
        data = cell
        value = number(cell.get("value"))
        if value is None:
            value = number(cell.get("label"))
    else:
        value, data = number(cell), {}
    letters = []
    if value is None:
        label = str(data.get("label") or "").strip()
        if not label:
            report.lost(where, f"a space without a value ({brief(cell)}); no space printed")
            return [""]
        value = 0
        letters.append(zones.letter(("label", label)))
    is_par = data.get("par") is True or (not flagged and kind != "grid" and value in pars)
    if is_par:
        letters.append(zones.letter(("par",)))
    if isinstance(data.get("legend"), int) and not isinstance(data.get("legend"), bool):
        letters.append(zones.letter(("legend", data["legend"])))
    colour = data.get("color")
    if colour and not (is_par and colour in ("red", "yellow")) and not isinstance(data.get("legend"), int):
        letters.append(zones.letter(("color", str(colour))))
    for key in ("arrow", "subLabel"):
        if data.get(key):
            report.lost(where, f"{key} '{data[key]}'")
    label = data.get("label")
    if label is not None and number(label) is not None and number(label) != value:
        report.lost(where, f"label '{label}' beside the value {value}")
    text = f"{value}{''.join(sorted({l for l in letters if l}))}"
    span = number(data.get("width")) if kind == "grid" else None
    if span and span > 1:
        report.lost(where, f"a space {span} columns wide, printed one wide")
        return [text] + [""] * (span - 1)
    return [text]


def _movement(movement, report: Report) -> dict:
    if not isinstance(movement, dict):
        return {}
    out: dict[str, list[str]] = {}
    for key, lines in movement.items():
        text = "; ".join(map(str, lines)) if isinstance(lines, list) else str(lines)
        direction = next((d for d in ("right", "left", "up", "down") if d == key), None)
        if direction is None:
            direction = next((d for d in ("right", "left", "up", "down") if d in str(key)), None)
            text = f"{key}: {text}"
        if direction is None:
            report.lost(f"stock.movement.{key}", f"a movement rule '{key}'")
            continue
        out.setdefault(direction, []).append(text)
    return {d: "; ".join(texts) for d, texts in out.items()}


__all__ = ["convert_market", "par_values"]
