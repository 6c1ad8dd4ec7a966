"""The engine's meta data, bank and player numbers (`game.yaml`), `TRAINS`, `PHASES`
and `MARKET` (`trains.yaml`, `phases.yaml`, `market.yaml`)."""

from __future__ import annotations

import re

from pnp.importers.engine.counts import train_counts
from pnp.importers.engine.entities import colour
from pnp.importers.engine.games import EngineGame
from pnp.importers.maker_market import MARKS, TINTS
from pnp.importers.maker_report import Report

PHASE_COLOURS = ("yellow", "green", "brown", "gray")
# The engine's market letters (SharePrice.from_code) and the kind of space each marks.
MARKET_LETTERS = {"p": "par", "e": "endgame", "c": "close", "b": "multiple_buy", "o": "unlimited",
                  "y": "no_cert_limit", "l": "liquidation", "a": "acquisition", "r": "repar",
                  "i": "ignore_one_sale", "s": "safe_par", "m": "max_price", "x": "par_1", "z": "par_2",
                  "w": "par_overlap", "C": "convert_range", "P": "phase_limited", "B": "blank"}
# An unlimited train prints as many cards as every corporation holding the last phase's
# train limit needs, at most UNLIMITED_TRAINS_MAX; UNLIMITED_TRAINS_DEFAULT where that is
# not known.
UNLIMITED_TRAINS_DEFAULT = 10
UNLIMITED_TRAINS_MAX = 20



def literal_list(game: EngineGame, report: Report, name: str, key: str) -> list | None:
    """The game's constant `name` when it is a non-empty list literal; otherwise None, with the
    reason (computed by code, or absent from these files) in the report under `key`."""
    value = game.const(name, [])
    if isinstance(value, list) and value:
        return value
    if game.defines(name):
        report.lost(key, f"{name} is not a literal the importer can read (see Computed by code)")
    else:
        report.lost(key, f"the game has no {name} in these files (see Computed by code, or not in these files)")
    return None

def convert_info(game: EngineGame, report: Report) -> dict:
    info: dict = {"title": game.title}
    for key, const in (("subtitle", "GAME_SUBTITLE"), ("designer", "GAME_DESIGNER"),
                       ("publisher", "GAME_PUBLISHER")):
        value = game.const(const, meta=True)
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        if value:
            info[key] = str(value)
    layout = str(game.const("LAYOUT") or "pointy")
    info["orientation"] = layout if layout in ("flat", "pointy") else "pointy"
    info["currency"] = currency(game.const("CURRENCY_FORMAT_STR", "$%s"), report)
    rules: dict = {}
    bank = game.const("BANK_CASH")
    notes = []
    if isinstance(bank, int) and not isinstance(bank, bool):
        rules["bank"] = bank
    elif bank is not None:
        notes.append(f"The bank is {bank}.")
    players = player_counts(game, report)
    if players:
        rules["players"] = players
    if notes:
        rules["notes"] = " ".join(notes)
    if rules:
        info["rules"] = rules
    optional = game.const("OPTIONAL_RULES", [], meta=True) or []
    lines = [f"Imported from the 18xx.games engine ({game.folder}) by `pnp import 18xx.games`; what could not be "
             "converted is listed in import-report.md."]
    names = [o.get("short_name") for o in optional if isinstance(o, dict) and o.get("short_name")]
    if names:
        lines.append("Optional rules in the engine: " + "; ".join(map(str, names)) + ".")
    info["notes"] = " ".join(lines)
    return info


def currency(fmt, report: Report) -> str:
    """`'$%s'` -> `$`; `'%s F'` -> `# F`; pnp writes `#` where the amount goes."""
    if not isinstance(fmt, str) or "%s" not in fmt and "%d" not in fmt:
        report.lost("CURRENCY_FORMAT_STR", f"{fmt!r} is not a format with %s; printed $")
        return "$"
    fmt = fmt.replace("%d", "%s")
    if fmt.startswith("%s") or not fmt.endswith("%s") and "%s" in fmt[1:]:
        return fmt.replace("%s", "#")
    return fmt.removesuffix("%s") or "$"


def player_counts(game: EngineGame, report: Report) -> dict:
    cash = game.const("STARTING_CASH", {}) or {}
    limit = game.const("CERT_LIMIT", {}) or {}
    out: dict = {}
    for n in sorted({k for k in (cash if isinstance(cash, dict) else {}) if isinstance(k, int)}):
        entry: dict = {"cash": cash[n]} if isinstance(cash[n], int) else {}
        if not entry:
            report.lost(f"STARTING_CASH.{n}", f"{cash[n]!r} is not an amount")
            continue
        value = limit.get(n) if isinstance(limit, dict) else limit if isinstance(limit, int) else None
        if isinstance(value, int):
            entry["certificate_limit"] = value
        elif isinstance(value, dict):
            report.lost(f"CERT_LIMIT.{n}", "the certificate limit depends on more than the number of players "
                                           f"({value}); not printed")
        out[n] = entry
    return out


def convert_trains(game: EngineGame, report: Report, corporations: int, last_limit: int | None) -> dict | None:
    trains = literal_list(game, report, "TRAINS", "trains")
    if trains is None:
        return None
    names = [str(t.get("name")) for t in trains if isinstance(t, dict)]
    texts = game.const("EVENTS_TEXT", {}) or {}
    computed = train_counts(game, trains, corporations)
    decisions: dict[str, str] = {}
    out: list[dict] = []
    for i, train in enumerate(trains):
        if not isinstance(train, dict) or "name" not in train:
            report.lost(f"trains[{i}]", "not a train with a name; not printed")
            continue
        name = str(train["name"])
        where = f"trains[{i}] ({name})"
        entry: dict = {"name": name}
        num = train.get("num")
        if i in computed:
            entry["count"] = computed[i].cards
            decisions[name] = computed[i].decision
            report.note(where, f"{computed[i].cards} cards: {computed[i].decision}")
        elif num == "unlimited":
            printed = min(last_limit * corporations, UNLIMITED_TRAINS_MAX) if last_limit and corporations \
                else UNLIMITED_TRAINS_DEFAULT
            entry["count"] = "unlimited"
            entry["printed"] = printed
            report.note(where, f"unlimited; {printed} cards printed (the last phase's train limit times the "
                               f"corporations, at most {UNLIMITED_TRAINS_MAX}; {UNLIMITED_TRAINS_DEFAULT} where "
                               "that is not known)")
        elif isinstance(num, int) and num >= 0:
            entry["count"] = num
        else:
            report.lost(where, "its number of trains is computed by code (num_trains in game.rb); no cards printed")
            entry["count"] = 0
        price = train.get("price", 0)
        entry["price"] = price if isinstance(price, int) and price >= 0 else 0
        for key in ("rusts_on", "obsolete_on"):
            target = train.get(key)
            if isinstance(target, list):
                target = target[0] if target else None
            if target is None:
                continue
            if str(target) in names:
                entry[key] = str(target)
            else:
                report.lost(where, f"{key} {target} is not a train of the game")
        notes = " ".join(filter(None, [_train_notes(train)] + (computed[i].notes if i in computed else [])))
        if notes:
            entry["notes"] = notes
        events = [_event(str(e.get("type")), texts) for e in train.get("events") or ()
                  if isinstance(e, dict) and e.get("type")]
        if events:
            entry["events"] = events
        out.append(entry)
    if not out:
        return None
    return {"trains": out, "decisions": {"counts": decisions}} if decisions else {"trains": out}


def _event(kind: str, texts) -> str:
    """An event as the engine names it to players (EVENTS_TEXT), else its key in words."""
    text = texts.get(kind) if isinstance(texts, dict) else None
    if isinstance(text, list) and text and isinstance(text[0], str):
        return text[0]
    return kind.replace("_", " ").capitalize()


def _distance(distance) -> str | None:
    if isinstance(distance, int):
        return "unlimited" if distance >= 99 else str(distance)
    if isinstance(distance, list):
        parts = []
        for d in distance:
            if isinstance(d, dict):
                nodes = "/".join(map(str, d.get("nodes") or ()))
                pay, visit = d.get("pay"), d.get("visit")
                parts.append(f"{nodes} {pay}" + (f" (visits {visit})" if visit not in (None, pay) else ""))
        return ", ".join(parts) or None
    return None


def _train_notes(train: dict) -> str | None:
    notes = []
    distance = _distance(train.get("distance"))
    if distance and distance != str(train.get("name")):
        notes.append(f"Distance {distance}.")
    if train.get("available_on"):
        notes.append(f"Available after the first {train['available_on']}.")
    for variant in train.get("variants") or ():
        if isinstance(variant, dict) and variant.get("name"):
            text = f"Or as {variant['name']}"
            if isinstance(variant.get("price"), int):
                text += f" for {variant['price']}"
            notes.append(text + ".")
    discount = train.get("discount")
    if isinstance(discount, dict) and discount:
        by_value: dict = {}
        for k, v in discount.items():
            by_value.setdefault(v, []).append(str(k))
        notes.append("Trade in " + "; ".join(
            f"a {', '.join(names[:-1]) + ' or ' + names[-1] if len(names) > 1 else names[0]}: {v} off"
            for v, names in by_value.items()) + ".")
    return " ".join(notes) or None


def convert_phases(game: EngineGame, report: Report, train_names: list[str]) -> dict | None:
    phases = literal_list(game, report, "PHASES", "phases")
    if phases is None:
        return None
    out = []
    for i, phase in enumerate(phases):
        if not isinstance(phase, dict):
            report.lost(f"phases[{i}]", "not a hash; not printed")
            continue
        name = str(phase.get("name", i + 1))
        where = f"phases[{i}] ({name})"
        entry: dict = {"name": name}
        on = phase.get("on")
        if isinstance(on, list):
            on = on[0] if on else None
        if on is not None:
            if str(on) in train_names:
                entry["on"] = str(on)
            else:
                entry["trigger"] = f"the first {on}"
        tiles = [str(t) for t in phase.get("tiles") or ()]
        kept = [t for t in tiles if t in PHASE_COLOURS]
        for t in tiles:
            if t not in PHASE_COLOURS:
                report.note(where, f"tile colour {t} is not one pnp lists in phases; left out")
        entry["tiles"] = kept or ["yellow"]
        rounds = phase.get("operating_rounds")
        entry["operating_rounds"] = rounds if isinstance(rounds, int) and rounds >= 1 else str(rounds or "-")
        limit = phase.get("train_limit")
        if isinstance(limit, dict):
            limit = ", ".join(f"{k} {v}" for k, v in limit.items())
        entry["train_limit"] = limit if isinstance(limit, (int, str)) else "-"
        status = [str(s).replace("_", " ") for s in phase.get("status") or ()]
        if status:
            entry["notes"] = "; ".join(status)
        out.append(entry)
    return {"phases": out} if out else None


def last_train_limit(phases: dict | None) -> int | None:
    if not phases:
        return None
    limit = phases["phases"][-1].get("train_limit")
    if isinstance(limit, int):
        return limit
    numbers = [int(n) for n in re.findall(r"\d+", str(limit))]
    return max(numbers) if numbers else None


_CELL = re.compile(r"^(\d+)([A-Za-z]*)$")


def convert_market(game: EngineGame, report: Report) -> dict | None:
    market = literal_list(game, report, "MARKET", "market")
    if market is None:
        return None
    if all(isinstance(c, str) for c in market):
        market = [market]
    colours = game.const("STOCKMARKET_COLORS", {}) or {}
    texts = game.const("MARKET_TEXT", {}) or {}
    letters: dict[str, str] = {}  # engine letter -> pnp letter
    zones: dict[str, dict] = {}
    rows = []
    for r, row in enumerate(market):
        if not isinstance(row, list):
            report.lost(f"market[{r}]", "not a row of cells; left out")
            continue
        cells = []
        for c, cell in enumerate(row):
            if isinstance(cell, dict) and isinstance(cell.get("price"), int):  # {price: 65, types: [:par]}
                letters_for = {kind: letter for letter, kind in MARKET_LETTERS.items()}
                cell = str(cell["price"]) + "".join(letters_for.get(str(t), f"?{t}") for t in cell.get("types") or ())
                if "?" in cell:
                    report.lost(f"market[{r}][{c}]", f"a kind of space the importer does not know ({cell}); not marked")
                    cell = cell.split("?")[0]
            match = _CELL.match(str(cell).strip()) if cell not in (None, "") else None
            if not match:
                if cell not in (None, ""):
                    report.lost(f"market[{r}][{c}]", f"cell {cell!r} is not a price with letters; left empty")
                cells.append("")
                continue
            value, marks = match.groups()
            cells.append(value + "".join(_zone(m, letters, zones, colours, texts, report) for m in dict.fromkeys(marks)))
        rows.append(cells)
    if not rows:
        return None
    data: dict = {"kind": "row" if len(rows) == 1 else "grid", "rows": rows}
    if zones:
        data["zones"] = zones
    if "par" in {z["name"] for z in zones.values()}:
        data["par_zone"] = next(k for k, z in zones.items() if z["name"] == "par")
    return data


def _zone(mark: str, letters: dict, zones: dict, colours: dict, texts: dict, report: Report) -> str:
    if mark in letters:
        return letters[mark]
    kind = MARKET_LETTERS.get(mark)
    letter = mark.lower()
    while letter in zones or not letter.isalpha():
        letter = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in zones)
    letters[mark] = letter
    if kind is None:
        report.lost("market", f"cells marked '{mark}' are a kind the importer does not know; legend names the letter")
        kind = f"marked {mark}"
    named = colours.get(kind) if isinstance(colours, dict) else None
    tint = TINTS.get(str(named)) if named else None
    if tint is None:
        tint = colour(named, report, f"STOCKMARKET_COLORS.{kind}", TINTS["gray"]) if named else TINTS["gray"]
    legend = texts.get(kind) if isinstance(texts, dict) else None
    if not isinstance(legend, str):
        legend = kind.replace("_", " ").capitalize()
        report.note("market", f"'{mark}' cells ({kind}) have no MARKET_TEXT; the legend says '{legend}'")
    zones[letter] = {"name": kind.replace("_", " "), "color": tint, "legend": legend,
                     "mark": MARKS[len(zones) % len(MARKS)]}
    return letter


__all__ = ["convert_info", "convert_trains", "convert_phases", "convert_market", "last_train_limit"]
