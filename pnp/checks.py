"""Checks across a game's files: every name one file uses, another file defines."""

from __future__ import annotations

from pnp.errors import DataError
from pnp.model.game import Game
from pnp.model.tile import COLOURS


def check_references(game: Game) -> None:
    folder = game.folder
    companies = {c.symbol for c in game.companies}
    privates = {p.symbol for p in game.privates}
    trains = {t.name for t in game.trains}

    for i, c in enumerate(game.companies):
        for j, r in enumerate(c.reserved):
            if privates and r.private not in privates:
                raise DataError(folder / "companies.yaml", f"companies[{i}].reserved[{j}].private",
                                f"unknown private '{r.private}' (privates.yaml defines {', '.join(sorted(privates))})")
    for i, p in enumerate(game.privates):
        if p.exchange_for and companies and p.exchange_for not in companies:
            raise DataError(folder / "privates.yaml", f"privates[{i}].exchange_for", f"unknown company '{p.exchange_for}'")
        for j, grant in enumerate(p.comes_with):
            if companies and grant.company not in companies:
                raise DataError(folder / "privates.yaml", f"privates[{i}].comes_with[{j}].company",
                                f"unknown company '{grant.company}'")
    for i, t in enumerate(game.trains):
        for field in ("rusts_on", "obsolete_on"):
            target = getattr(t, field)
            if target and target not in trains:
                raise DataError(folder / "trains.yaml", f"trains[{i}].{field}", f"unknown train '{target}'")
    for i, phase in enumerate(game.phases):
        if phase.on and trains and phase.on not in trains:
            raise DataError(folder / "phases.yaml", f"phases[{i}].on", f"unknown train '{phase.on}'")
        for colour in phase.tiles:
            if colour not in COLOURS:
                raise DataError(folder / "phases.yaml", f"phases[{i}].tiles", f"unknown colour '{colour}'")
    for n, rule in game.info.rules.players.items():
        for symbol in rule.privates or ():
            if privates and symbol not in privates:
                raise DataError(folder / "game.yaml", f"rules.players.{n}.privates", f"unknown private '{symbol}'")
