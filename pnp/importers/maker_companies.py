"""An 18xx-maker game's companies and privates as pnp's `companies.yaml` and
`privates.yaml`.

18xx-maker names colours (`"blue"`, `"lightBlue"`) and resolves them through a theme;
pnp stores the colour itself. The game's own `colors` win, then the palette of the
game's publisher where 18xx-maker has one, then its default company palette.
"""

from __future__ import annotations

import re

from pnp.importers.maker_hex import brief, number
from pnp.importers.maker_report import Report
from pnp.importers.maker_tokens import company_token

# 18xx-maker's default company palette ("Rails on Board", src/data/themes/companies/rob.json).
ROB = {
    "black": "#0a0a0a", "blue": "#0a70b3", "brightGreen": "#7bb137", "brown": "#881a1e", "gold": "#e09001",
    "gray": "#9a9a9d", "green": "#008f4f", "lavender": "#baa4cb", "lightBlue": "#37b2e2", "lightBrown": "#b58168",
    "lime": "#bdbd00", "navy": "#004d95", "natural": "#fbf4de", "orange": "#eb6f0e", "pink": "#ec767c",
    "red": "#dd0030", "turquoise": "#235758", "violet": "#4d2674", "white": "#ffffff", "yellow": "#fcea18",
}
# The palette 18xx-maker uses for Grand Trunk Games' 1861 and 1867 (gtg-1861-67.json).
GTG = {
    "black": "#231f20", "darkBlue": "#1b2c5d", "blue": "#00b8ec", "brightGreen": "#7bb137", "darkRed": "#b7274c",
    "brown": "#984d2d", "darkGold": "#c5892f", "gold": "#e4aa4f", "gray": "#9794a4", "darkLime": "#6a7840",
    "darkGreen": "#006f45", "green": "#3a9948", "inky": "#224b8f", "lavender": "#4c626e", "lightBlue": "#71cfeb",
    "lightBrown": "#173942", "lime": "#5bc4bf", "navyBlue": "#0095da", "natural": "#bfc8cc", "orange": "#f37021",
    "pink": "#ee3e80", "red": "#b82837", "lightRed": "#ef4123", "brightRed": "#f04d4b", "tan": "#f3716d",
    "darkTurquoise": "#006684", "turquoise": "#00afad", "darkViolet": "#704268", "violet": "#903f98",
    "white": "#ffffff", "yellow": "#ffeb00",
}
PUBLISHER_PALETTES = {"gtg": GTG}
# Names neither palette defines: the first from another 18xx-maker palette (DTG's
# purple), the rest our choice, each reported.
OTHER = {"purple": "#772b7b", "cherry": "#9e1b32", "fuchsia": "#c7407f", "cyan": "#8dd7f6", "maroon": "#60172c",
         "darkGray": "#5a5a5a", "lightGreen": "#6ec037"}
OUR_CHOICE = {"cherry", "fuchsia", "darkGray", "lightGreen", "maroon", "cyan"}
HEX_COLOUR = re.compile(r"^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
RGB = re.compile(r"^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$")
FALLBACK = "#808080"


class Palette:
    def __init__(self, game: dict, report: Report):
        publisher = str((game.get("info") or {}).get("publisher") or "")
        self.named = {**ROB, **PUBLISHER_PALETTES.get(publisher, {})}
        self.own = game.get("colors") if isinstance(game.get("colors"), dict) else {}
        self.report = report

    def resolve(self, name, where: str, depth: int = 0) -> str:
        """A colour name or value as #rrggbb."""
        if isinstance(name, str):
            if name in self.own and depth < 5:
                return self.resolve(self.own[name], where, depth + 1)
            literal = hex_colour(name)
            if literal:
                return literal
            if name in self.named:
                return self.named[name]
            if name in OTHER:
                if name in OUR_CHOICE:
                    self.report.note(where, f"colour '{name}' is in no 18xx-maker palette we know; printed {OTHER[name]}")
                return OTHER[name]
        self.report.lost(where, f"unknown colour '{brief(name)}', printed grey {FALLBACK}")
        return FALLBACK


def hex_colour(text: str) -> str | None:
    text = text.strip()
    if HEX_COLOUR.match(text):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        return "#" + digits.lower()
    match = RGB.match(text)
    if match:
        return "#" + "".join(f"{min(255, int(v)):02x}" for v in match.groups())
    return None


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on the background (WCAG contrast)."""
    r, g, b = (int(background[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c):
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#ffffff"


# --- companies -----------------------------------------------------------------------


def convert_companies(game: dict, report: Report, palette: Palette, homes: dict[str, str],
                      par: tuple[int, ...], logos: dict[str, str] | None = None) -> dict | None:
    """`logos`: 18xx-maker logo name -> its file in the game folder (found in the user's
    18xx-maker checkout); a company whose logo is not there prints its symbol."""
    companies = [c for c in game.get("companies") or () if isinstance(c, dict)]
    if not companies:
        return None
    info = game.get("info") or {}
    out = []
    seen: set[str] = set()
    for i, company in enumerate(companies):
        where = f"companies[{i}]"
        symbol = str(company.get("abbrev") or company.get("name") or f"C{i + 1}")
        if symbol in seen:
            report.lost(where, f"a second company '{symbol}'; left out")
            continue
        seen.add(symbol)
        color = palette.resolve(company.get("color"), f"{where}.color")
        entry: dict = {"symbol": symbol, "name": str(company.get("name") or symbol), "color": color,
                       "text_color": _text_colour(company, color, palette, where)}
        if symbol in homes:
            entry["home"], city = homes[symbol]
            if city:
                entry["home_city"] = city
        entry["tokens"], labels = _tokens(company, game, report, where)
        if labels:
            entry["token_labels"] = labels
        entry["shares"] = _shares(company, game, report, where)
        if par:
            entry["par"] = list(par)
        floats = number(company.get("floatPercent", game.get("floatPercent")))
        if floats:
            entry["float_percent"] = floats
        market = number(company.get("marketTokens", info.get("marketTokens")))
        entry["markers"] = {"market": market if market is not None else 1}
        notes = [str(company[k]) for k in ("subtext",) if company.get(k)]
        if company.get("minor"):
            notes.insert(0, "Minor company")
        if notes:
            entry["notes"] = ". ".join(notes)
        if company.get("logo") in (logos or {}):
            entry["logo"] = logos[company["logo"]]
        if company.get("logo") and "logo" not in entry:
            report.lost(f"{where}.logo", "the company's logo (pnp prints its symbol on its colour)")
        if isinstance(company.get("token"), dict) and "logo" not in entry:
            look = company_token(company["token"], palette, f"{where}.token", report)
            if look:
                entry["token"] = look
        for key in ("variant", "trains", "extraStationTokens"):
            if company.get(key) not in (None, "", []):
                report.lost(f"{where}.{key}", f"{key} ({brief(company[key])})")
        out.append(entry)
    if info.get("extraStationTokens"):
        report.lost("info.extraStationTokens", f"{info['extraStationTokens']} extra station tokens for the whole game")
    return {"companies": out}


def _text_colour(company: dict, color: str, palette: Palette, where: str) -> str:
    given = company.get("textColor")
    return palette.resolve(given, f"{where}.textColor") if given else text_colour(color)


def _typed(company: dict, game: dict, field: str, types_key: str, type_key: str):
    """A company's tokens or shares: its own list, a named type from the game's table
    (`"tokens": "big"`), or the type it names or its kind's default (minor or default)."""
    value = company.get(field)
    types = game.get(types_key) if isinstance(game.get(types_key), dict) else {}
    if isinstance(value, str):
        value = types.get(value)
    if value is None:
        kind = company.get(type_key) or ("minor" if company.get("minor") else "default")
        value = types.get(kind, types.get("default"))
    return value


def _tokens(company: dict, game: dict, report: Report, where: str) -> tuple[list[int], list[str | None]]:
    """Station token costs, the home token first, and the text printed under each
    where it is not the plain cost. 18xx-maker writes a cost as a number or as text
    ("Free", "Home", "$40", "40/province", "Exchange"); the text is printed as given
    (nothing where it gives none), the number is the cost pnp counts with."""
    tokens = _typed(company, game, "tokens", "tokenTypes", "tokenType")
    if not isinstance(tokens, list) or not tokens:
        report.lost(f"{where}.tokens", "no station tokens given; one home token printed")
        return [0], []
    costs: list[int] = []
    labels: list[str | None] = []
    for j, token in enumerate(tokens):
        label = token.get("label", token.get("cost")) if isinstance(token, dict) else token
        cost = number(label)
        text = "" if label is None else " ".join(str(label).split())
        labels.append(None if text.lower() in ("free", "home") or text == str(cost) else text[:24])
        if cost is None:
            cost = 0
            if text and text.lower() not in ("free", "home"):
                report.note(f"{where}.tokens[{j}]", f"token '{brief(text)}' costs nothing; its text is printed")
        if len(text) > 24:
            report.lost(f"{where}.tokens[{j}]", f"token text '{brief(text)}' cut to 24 characters")
        costs.append(cost)
    while labels and labels[-1] is None:
        labels.pop()
    return costs, labels


def _shares(company: dict, game: dict, report: Report, where: str) -> list[int]:
    """Certificate percentages, the director's first; they must add up to 100."""
    shares = _typed(company, game, "shares", "shareTypes", "shareType")
    percents = _percents(shares, report, f"{where}.shares")
    if sum(percents) == 100:
        return percents
    if not percents and (company.get("minor") or company.get("shares") == []):
        report.note(f"{where}.shares", "a company without share certificates (a minor or a state railway); pnp "
                                       "needs one, so one 100% certificate is printed (its owner's)")
        return [100]
    default = _percents(_typed({}, game, "shares", "shareTypes", "shareType"))
    if sum(default) == 100:
        report.lost(f"{where}.shares", f"shares add up to {sum(percents)}%; the game's default shares are printed")
        return default
    report.lost(f"{where}.shares", f"shares add up to {sum(percents)}%; a 20% director's and eight 10% "
                                   "certificates are printed")
    return [20] + [10] * 8


def _percents(shares, report: Report | None = None, where: str = "") -> list[int]:
    """Each certificate's percentage; `report` (if given) hears of what is left out."""
    report = report or Report("")
    out = []
    for j, share in enumerate(shares if isinstance(shares, list) else []):
        if not isinstance(share, dict) or share.get("variant"):
            if isinstance(share, dict):
                report.lost(f"{where}[{j}]", f"a '{share['variant']}' variant certificate")
            continue
        quantity = number(share.get("quantity", 1)) or 0
        percent = number(share.get("percent"))
        if percent is None or percent <= 0:
            if quantity:
                report.lost(f"{where}[{j}]", f"{quantity} certificate{'s' if quantity > 1 else ''} without a "
                                             f"percentage ('{brief(share.get('label', ''))}')")
            continue
        if isinstance(share.get("percent"), str) and str(percent) != share["percent"].strip():
            report.lost(f"{where}[{j}]", f"percentage '{share['percent']}' printed as {percent}%")
        out += [percent] * quantity
    return out


# --- privates ------------------------------------------------------------------------


def convert_privates(game: dict, report: Report, palette: Palette) -> dict | None:
    privates = [p for p in game.get("privates") or () if isinstance(p, dict)]
    if not privates:
        return None
    out = []
    symbols: set[str] = set()
    for i, private in enumerate(privates):
        where = f"privates[{i}]"
        name = str(private.get("name") or f"Private {i + 1}")
        symbol = _private_symbol(private, name, symbols, i)
        symbols.add(symbol)
        value = number(private.get("price"))
        if value is None:
            value = number(private.get("bid")) or 0
            report.lost(f"{where}.price", f"price '{brief(private.get('price'))}' printed as {value}")
        entry: dict = {"symbol": symbol, "name": name, "value": value, "revenue": _revenue(private.get("revenue"))}
        text = _private_text(private, value)
        if text:
            entry["text"] = text
        if isinstance(private.get("minPlayers"), int):
            entry["min_players"] = private["minPlayers"]
        if private.get("idBackgroundColor"):
            entry["color"] = palette.resolve(private["idBackgroundColor"], f"{where}.idBackgroundColor")
        if isinstance(private.get("icon"), str) and private["icon"].strip():
            entry["icon"] = private["icon"].strip()
        if isinstance(private.get("token"), dict):
            entry["token"] = _private_token(private["token"], palette, f"{where}.token", report)
        elif private.get("token"):
            report.lost(f"{where}.token", f"the private's token ({brief(private['token'])})")
        if private.get("image"):
            report.lost(f"{where}.image", f"the private's image ({brief(private['image'])})")
        if private.get("variant"):
            report.note(f"{where}.variant", f"the '{private['variant']}' variant's private, printed with the rest")
        if private.get("abilities"):
            report.lost(f"{where}.abilities", "abilities in 18xx-maker's machine form (the description is printed)")
        out.append(entry)
    return {"privates": out}


def _private_token(token: dict, palette: Palette, where: str, report: Report) -> dict:
    """18xx-maker's private token: a label on a colour (`color`, or the colour of the
    `circle` it draws inside a white token), maybe an icon or a logo."""
    out: dict = {}
    if token.get("label") not in (None, ""):
        out["label"] = str(token["label"])[:12]
    colour = token.get("color") or token.get("circle")
    if colour:
        out["color"] = palette.resolve(colour, where)
    if token.get("circle") and not token.get("color"):
        report.note(where, f"a white token with a {token['circle']} circle: printed {token['circle']} all over")
    if isinstance(token.get("icon"), str) and token["icon"].strip():
        out["icon"] = token["icon"].strip()
    if token.get("logo"):
        report.note(where, f"the token's logo ({token['logo']}): its label is printed")
    return out


def _private_symbol(private: dict, name: str, taken: set[str], i: int) -> str:
    for key in ("id", "sym", "abbrev"):
        if private.get(key) and str(private[key]) not in taken:
            return str(private[key])
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w']*", name) if w[0].isupper()) or f"P{i + 1}"
    symbol, n = initials, 2
    while symbol in taken:
        symbol, n = f"{initials}{n}", n + 1
    return symbol


def _revenue(value) -> int | str:
    if isinstance(value, bool) or value is None:
        return 0
    if isinstance(value, int):
        return value
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    return str(value)


def _private_text(private: dict, value: int) -> str:
    parts = []
    if private.get("description"):
        parts.append(str(private["description"]).strip())
    if private.get("note"):
        parts.append(str(private["note"]).strip())
    if private.get("hex"):
        parts.append(f"Hex {private['hex']}.")
    if private.get("company"):
        parts.append(f"Company: {private['company']}.")
    if private.get("tile"):
        parts.append(f"Tile {private['tile']}.")
    bid = number(private.get("bid"))
    if bid is not None and bid != value:
        parts.append(f"Minimum bid {bid}.")
    if isinstance(private.get("maxPlayers"), int):
        parts.append(f"With at most {private['maxPlayers']} players.")
    return " ".join(parts)


__all__ = ["Palette", "convert_companies", "convert_privates", "hex_colour", "text_colour"]
