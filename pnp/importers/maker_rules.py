"""An 18xx-maker game's description, money, trains and phases as pnp's `game.yaml`,
`trains.yaml` and `phases.yaml`.

18xx-maker writes a train event (`rust`, `obsolete`, `phased`) as one train, a list of
trains (whichever is bought first) or `{on, index}` (the n-th of a train); pnp names
one train, so the first is kept and the whole event is written into the train's notes.
"""

from __future__ import annotations

from pnp.importers.maker_hex import brief, number
from pnp.importers.maker_report import Report
from pnp.model.tile import TILE_COLOURS

UNLIMITED = "∞"


# --- game.yaml -----------------------------------------------------------------------


def convert_info(game: dict, report: Report, source_name: str) -> dict:
    info = game.get("info") or {}
    out: dict = {"title": str(info.get("title"))}
    for key in ("subtitle", "designer", "publisher"):
        if info.get(key):
            out[key] = str(info[key])
    out["orientation"] = orientation(game)
    out["currency"] = _currency(info.get("currency"), report)
    rules = _rules(game, report)
    if rules:
        out["rules"] = rules
    notes = [f"Imported from 18xx-maker's {source_name} by `pnp import 18xx-maker`; what could not be "
             "converted is listed in import-report.md."]
    if info.get("notes"):
        notes.append(str(info["notes"]))
    if info.get("capitalization"):
        notes.append(f"Capitalisation: {info['capitalization']}.")
    if info.get("mustSellInBlocks"):
        notes.append("Shares must be sold in blocks.")
    out["notes"] = " ".join(notes)
    return out


def orientation(game: dict) -> str:
    """18xx-maker draws flat hexes for `"orientation": "horizontal"`, pointy ones otherwise."""
    return "flat" if (game.get("info") or {}).get("orientation") == "horizontal" else "pointy"


def _currency(text, report: Report) -> str:
    """`"$#"` -> `$`; `"#kr"` -> `kr` (pnp writes a word after the amount, a symbol
    before); a one-letter suffix keeps its place: `"#c"` stays `#c` (100c)."""
    if not isinstance(text, str) or "#" not in text:
        return "$"
    before, after = (part.strip() for part in text.split("#", 1))
    if after and not before and len(after) == 1:
        return "#" + after
    return before or after or "$"


def _rules(game: dict, report: Report) -> dict:
    rules: dict = {}
    bank = number(game.get("bank"))
    notes = []
    if bank is not None:
        rules["bank"] = bank
    elif game.get("bank") == UNLIMITED:
        notes.append("The bank is unlimited.")
    players = {}
    for i, row in enumerate(game.get("players") or ()):
        where = f"players[{i}]"
        n = number(row.get("number")) if isinstance(row, dict) else None
        cash = number(row.get("capital", game.get("capital"))) if n else None
        if n is None or cash is None:
            report.lost(where, f"player count without starting money ({brief(row)}); no card for it")
            continue
        entry: dict = {"cash": cash}
        limit = row.get("certLimit", game.get("certLimit"))
        if isinstance(limit, int):
            entry["certificate_limit"] = limit
        elif limit is not None:
            notes.append(f"{n} players: certificate limit {limit}.")
            report.lost(f"{where}.certLimit", f"certificate limit '{limit}' is not one number; written in the notes")
        if row.get("bank") is not None:
            notes.append(f"{n} players: bank {row['bank']}.")
        players[n] = entry
    if players:
        rules["players"] = players
    if notes:
        rules["notes"] = " ".join(notes)
    return rules


# --- trains ---------------------------------------------------------------------------


def event_trains(event) -> list[str]:
    """The trains an event names, in order."""
    items = event if isinstance(event, list) else [event]
    out = []
    for item in items:
        name = item.get("on") if isinstance(item, dict) else item
        if name not in (None, "") and str(name) not in out:
            out.append(str(name))
    return out


def _event_words(event) -> str:
    items = event if isinstance(event, list) else [event]
    words = []
    for item in items:
        if isinstance(item, dict):
            index = item.get("index")
            words.append(f"the {_ordinal(index)} {item.get('on')}" if index else f"the first {item.get('on')}")
        else:
            words.append(f"the first {item}")
    return " or ".join(words)


def _ordinal(n) -> str:
    n = number(n) or 1
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def convert_trains(game: dict, report: Report) -> dict | None:
    trains = [t for t in game.get("trains") or () if isinstance(t, dict)]
    if not trains:
        return None
    names = {str(t.get("name")) for t in trains}
    out = []
    seen: set[str] = set()
    for i, train in enumerate(trains):
        where = f"trains[{i}]"
        name = str(train.get("name"))
        if name in seen:
            report.note(where, f"a second stack of '{name}' trains (18xx-maker lists it separately); printed as its own")
        seen.add(name)
        entry: dict = {"name": name}
        quantity = train.get("quantity")
        if quantity == UNLIMITED:
            entry["count"] = "unlimited"
            printed = number(train.get("print"))
            entry["printed"] = printed if printed is not None else 1
            if printed is None:
                report.lost(where, "unlimited, with no number of cards to print; one printed")
        else:
            entry["count"] = number(quantity) or 0
        price = number(train.get("price"))
        if price is None or price < 0:
            report.lost(f"{where}.price", f"price '{brief(train.get('price'))}' printed as 0")
            price = 0
        elif isinstance(train.get("price"), str) and str(price) != train["price"].strip():
            report.note(f"{where}.price", f"price '{train['price']}' printed as {price}")
        entry["price"] = price
        notes = []
        for key, field, verb in (("rust", "rusts_on", "Rusts"), ("obsolete", "obsolete_on", "Becomes obsolete"),
                                 ("phased", None, "Is phased out")):
            targets = [t for t in event_trains(train.get(key)) if t in names]
            missing = [t for t in event_trains(train.get(key)) if t not in names]
            for t in missing:
                report.lost(f"{where}.{key}", f"names train '{t}', which the game does not have")
            if not targets:
                continue
            if field and field not in entry:
                entry[field] = targets[0]
            if len(targets) > 1 or not field or isinstance(train.get(key), dict) or \
                    (isinstance(train.get(key), list) and any(isinstance(x, dict) for x in train[key])):
                notes.append(f"{verb} when {_event_words(train.get(key))} is bought.")
        if isinstance(train.get("discount"), dict):
            notes += [f"Trade in a {k} for {v} off." for k, v in train["discount"].items()]
        if train.get("description"):
            notes.append(str(train["description"]))
        if train.get("available"):
            notes.append(f"Available from the first {train['available']}.")
        if train.get("variant"):
            notes.append(f"Variant: {train['variant']}.")
        if train.get("players"):
            notes.append(f"With {train['players']} players.")
        if train.get("quantity_label"):
            notes.append(str(train["quantity_label"]))
        if notes:
            entry["notes"] = " ".join(notes)
        if train.get("image"):
            report.lost(f"{where}.image", f"the train's picture ({brief(train['image'])})")
        out.append(entry)
    report.note("trains", "train card colours are pnp's own (18xx-maker's train colours are not carried over)")
    return {"trains": out}


# --- phases ---------------------------------------------------------------------------


def phase_names(game: dict) -> tuple[str, ...]:
    return tuple(name for name, _ in _named_phases(game))


def _named_phases(game: dict) -> list[tuple[str, dict]]:
    out = []
    for phase in game.get("phases") or ():
        if not isinstance(phase, dict):
            continue
        trains = phase.get("train")
        name = phase.get("name") or (trains if isinstance(trains, str) else "/".join(map(str, trains or ())))
        out.append((str(name), phase))
    return out


def tile_colours(text, previous: tuple[str, ...], report: Report, where: str) -> tuple[str, ...]:
    """Phase tiles "green" -> yellow and green: every colour up to the newest."""
    if isinstance(text, str):
        for colour in TILE_COLOURS:
            if text == colour or (colour in text.lower()) or (colour == "gray" and "grey" in text.lower()):
                return TILE_COLOURS[: TILE_COLOURS.index(colour) + 1]
    kept = previous or ("yellow",)
    report.lost(f"{where}.tiles", f"tile colour '{brief(text)}' is no tile colour; the phase keeps "
                                  f"{', '.join(kept)}")
    return kept


def convert_phases(game: dict, report: Report, train_names: list[str]) -> dict | None:
    phases = _named_phases(game)
    if not phases:
        return None
    majors = {name for name, p in phases if not p.get("minor")}
    out = []
    previous: tuple[str, ...] = ()
    missing_rounds = False
    for i, (name, phase) in enumerate(phases):
        where = f"phases[{i}]"
        if phase.get("minor") and name in majors:
            report.lost(where, f"the minor companies' phase {name} (train limit {phase.get('limit')}); pnp prints "
                               "one phase table, the major companies'")
            continue
        entry: dict = {"name": name}
        on = _starting_train(phase, name, train_names)
        if on:
            entry["on"] = on
        colours = tile_colours(phase.get("tiles"), previous, report, where)
        previous = colours
        entry["tiles"] = list(colours)
        rounds = number(phase.get("rounds"))
        if rounds is None or rounds < 1:
            missing_rounds = True
        entry["operating_rounds"] = rounds if rounds and rounds >= 1 else "-"
        limit = phase.get("limit")
        entry["train_limit"] = limit if isinstance(limit, int) and not isinstance(limit, bool) else str(limit or "-")
        events = []
        for event, flag in (phase.get("events") or {}).items():
            if flag:
                events.append(str(event).replace("_", " "))
        if phase.get("buy_companies"):
            events.append("companies may buy privates")
        if phase.get("minor"):
            events.append("minor companies")
        if events:
            entry["events"] = events
        notes = phase.get("notes")
        if notes:
            entry["notes"] = " ".join(map(str, notes)) if isinstance(notes, list) else str(notes)
        out.append(entry)
    if missing_rounds:
        report.lost("phases", "operating rounds per phase are not given; the phase table prints '-'")
    # in the order their trains come (a minor companies' phase kept above may be listed
    # last in the source); the game starts in the first phase, which no purchase starts
    keys, last = [], -1
    for p in out:  # a phase no train starts stays after the one before it
        last = train_names.index(p["on"]) if p.get("on") in train_names else last
        keys.append(last)
    out = [p for _, _, p in sorted(zip(keys, range(len(out)), out))]
    if out and train_names and out[0].get("on") == train_names[0]:
        del out[0]["on"]
    return {"phases": out}


def _starting_train(phase: dict, name: str, train_names: list[str]) -> str | None:
    """The train whose first purchase starts the phase: the phase's `on` or `train`,
    else the train of the same name."""
    for key in ("on", "train"):
        trains = [t for t in event_trains(phase.get(key)) if t in train_names]
        if trains:
            return trains[0]
    return name if name in train_names else None


__all__ = ["convert_info", "convert_trains", "convert_phases", "phase_names", "orientation", "event_trains",
           "tile_colours"]
