"""The engine's `CORPORATIONS`, `MINORS` and `COMPANIES` as pnp's `companies.yaml` and
`privates.yaml`: symbol, name, colours, tokens and their costs, home hex and city,
float percent and share split; privates with value, revenue and text."""

from __future__ import annotations

import re

from pnp.importers.engine.games import EngineGame
from pnp.importers.maker_report import Report

DEFAULT_SHARES = [20, 10, 10, 10, 10, 10, 10, 10, 10]  # the engine's Corporation default
NAMED_COLOURS = {"red": "#d1232a", "blue": "#0189d1", "green": "#237333", "yellow": "#ffe600", "orange": "#f48221",
                 "black": "#000000", "white": "#ffffff", "gray": "#8c8c8c", "grey": "#8c8c8c", "brown": "#7b352a",
                 "purple": "#772282", "pink": "#ff8bc9", "lightblue": "#87ceeb", "darkblue": "#00008b",
                 "lightgreen": "#90ee90", "darkgreen": "#006400", "gold": "#ffd700", "navy": "#000080",
                 "violet": "#ee82ee", "lime": "#00ff00", "teal": "#008080", "turquoise": "#40e0d0",
                 "maroon": "#800000", "olive": "#808000", "cyan": "#00ffff", "magenta": "#ff00ff",
                 "lightgray": "#d3d3d3", "darkgray": "#a9a9a9", "silver": "#c0c0c0", "tan": "#d2b48c",
                 "beige": "#f5f5dc", "salmon": "#fa8072", "khaki": "#f0e68c", "indigo": "#4b0082"}
_HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


def colour(value, report: Report, where: str, default: str = "#8c8c8c") -> str:
    """An engine colour (`'#32763f'`, `:'#474548'`, `:red`, `'f00'`) as #rrggbb."""
    if value is None:
        return default
    text = str(value).strip()
    match = _HEX.match(text)
    if match:
        digits = match.group(1)
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        return "#" + digits.lower()
    if text.lower() in NAMED_COLOURS:
        return NAMED_COLOURS[text.lower()]
    report.lost(where, f"colour '{text}' is not one pnp can print; printed {default}")
    return default


def text_colour(background: str) -> str:
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def convert_companies(game: EngineGame, report: Report, on_map: set[str],
                      renamed: dict[str, str] | None = None) -> tuple[dict | None, int, int]:
    """companies.yaml's data, the number of corporations and of minors."""
    out: list[dict] = []
    symbols: set[str] = set()
    counts = []
    for const, kind in (("CORPORATIONS", "corporation"), ("MINORS", "minor")):
        entries = game.const(const, []) or []
        if not isinstance(entries, list):
            entries = []
        n = 0
        for i, entry in enumerate(entries):
            where = f"{const.lower()}[{i}]"
            if not isinstance(entry, dict) or not entry.get("sym"):
                report.lost(where, "not a corporation with a sym; not printed")
                continue
            company = _company(entry, kind, report, where, on_map, renamed or {})
            if company["symbol"] in symbols:
                report.lost(where, f"symbol {company['symbol']} used twice; this one is printed as "
                                   f"{company['symbol']}-{kind[0]}")
                company["symbol"] = f"{company['symbol']}-{kind[0]}"
            symbols.add(company["symbol"])
            out.append(company)
            n += 1
        counts.append(n)
    return ({"companies": out} if out else None), counts[0], counts[1]


def _company(entry: dict, kind: str, report: Report, where: str, on_map: set[str], renamed: dict) -> dict:
    symbol = str(entry["sym"])
    where = f"{where} ({symbol})"
    background = colour(entry.get("color"), report, where)
    company: dict = {"symbol": symbol, "name": str(entry.get("name") or symbol), "color": background}
    company["text_color"] = colour(entry.get("text_color"), report, where, text_colour(background)) \
        if entry.get("text_color") else text_colour(background)
    home = entry.get("coordinates")
    if isinstance(home, list):
        if len(home) > 1:
            report.lost(where, f"homes {', '.join(map(str, home))}: pnp prints one home; {home[0]} printed")
        home = home[0] if home else None
    if isinstance(home, str) and home:
        home = renamed.get(home, home)
        city = entry.get("city") if isinstance(entry.get("city"), int) else 0
        cities = on_map.get(home, 0) if isinstance(on_map, dict) else (1 if home in on_map else 0)
        if home in on_map and city < cities:
            company["home"] = home
            if city > 0:
                company["home_city"] = city
        elif home in on_map:
            report.lost(where, f"home {home} city {city}: the hex has {cities} cities on the map; no home printed")
        else:
            report.lost(where, f"home {home} is not on the map; no home printed")
    tokens = entry.get("tokens")
    if not isinstance(tokens, list) or not all(isinstance(t, int) for t in tokens):
        report.lost(where, f"tokens {tokens!r} are not a list of costs; one token printed")
        tokens = [0]
    if not tokens:
        report.note(where, "the engine gives it no station tokens; one marker printed for its home")
        tokens = [0]
    company["tokens"] = tokens
    shares = entry.get("shares", [100] if kind == "minor" else DEFAULT_SHARES)
    if isinstance(shares, list) and shares and all(isinstance(s, int) and s > 0 for s in shares) \
            and sum(shares) == 100:
        company["shares"] = shares
    else:
        report.lost(where, f"shares {shares!r} are not percentages adding up to 100, as pnp prints them; printed "
                           "as the engine's default split")
        company["shares"] = [100] if kind == "minor" else DEFAULT_SHARES
    if isinstance(entry.get("float_percent"), int):
        company["float_percent"] = entry["float_percent"]
    if kind == "minor":
        company["notes"] = "minor company"
    return company


def convert_privates(game: EngineGame, report: Report) -> dict | None:
    entries = game.const("COMPANIES", []) or []
    if not isinstance(entries, list):
        return None
    out: list[dict] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        where = f"companies[{i}]"
        if not isinstance(entry, dict):
            report.lost(where, "not a hash; not printed")
            continue
        symbol = str(entry.get("sym") or entry.get("name") or f"P{i + 1}")
        if symbol in seen:
            report.lost(f"{where} ({symbol})", "symbol used twice; printed once")
            continue
        seen.add(symbol)
        value = entry.get("value", 0)
        if not isinstance(value, int) or value < 0:
            report.lost(f"{where} ({symbol})", f"value {value!r} is not a number; printed 0")
            value = 0
        revenue = entry.get("revenue", 0)
        if isinstance(revenue, list):
            revenue = "/".join(str(r) for r in revenue)
        elif not isinstance(revenue, (int, str)):
            report.lost(f"{where} ({symbol})", f"revenue {revenue!r} printed as 0")
            revenue = 0
        private = {"symbol": symbol, "name": str(entry.get("name") or symbol), "value": value, "revenue": revenue}
        text = entry.get("desc")
        if isinstance(text, str) and text.strip():
            private["text"] = " ".join(text.split())
        if entry.get("color"):
            private["color"] = colour(entry["color"], report, f"{where} ({symbol})")
        out.append(private)
    return {"privates": out} if out else None


__all__ = ["convert_companies", "convert_privates", "colour", "text_colour"]
