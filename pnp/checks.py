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
        for field in ("rusts_on", "obsolete_on", "back"):
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
    check_homes(game)
    check_exchanges(game)
    check_private_availability(game)
    check_par_values(game)
    check_marker_totals(game)


def check_homes(game: Game) -> None:
    """A company's home is a map hex with a city for its station (its `home_city`-th)."""
    mapfile = game.part("map")
    if mapfile is None:
        return
    board = mapfile.board()
    for i, c in enumerate(game.companies):
        if not c.home or c.home not in board.hexes:
            continue
        cities = [s for s in board.hexes[c.home].face.stops if s.kind == "city"]
        if c.home_city >= len(cities):
            has = f"{len(cities)} cities" if cities else "no city"
            raise DataError(game.folder / "companies.yaml", f"companies[{i}].home",
                            f"home {c.home} has {has} on the map, so no home station {c.home_city} can be placed")


def check_exchanges(game: Game) -> None:
    """A share a company keeps back for a private, and the private that is exchanged for
    it (`exchange_for`) or comes with it (`comes_with`), name each other."""
    folder = game.folder
    if not game.companies or not game.privates:
        return
    reserving = {(r.private, c.symbol) for c in game.companies for r in c.reserved}
    for i, p in enumerate(game.privates):
        if p.exchange_for and (p.symbol, p.exchange_for) not in reserving:
            raise DataError(folder / "privates.yaml", f"privates[{i}].exchange_for",
                            f"{p.symbol} is exchanged for a {p.exchange_for} share, but the {p.exchange_for} "
                            f"reserves no share for {p.symbol} in companies.yaml")
    linked = {(p.symbol, p.exchange_for) for p in game.privates if p.exchange_for}
    linked |= {(p.symbol, g.company) for p in game.privates for g in p.comes_with}
    for i, c in enumerate(game.companies):
        for j, r in enumerate(c.reserved):
            if (r.private, c.symbol) not in linked:
                raise DataError(folder / "companies.yaml", f"companies[{i}].reserved[{j}].private",
                                f"the share is kept for {r.private}, which privates.yaml neither exchanges "
                                f"for a {c.symbol} share nor gives one with")


def check_private_availability(game: Game) -> None:
    trains = {t.name for t in game.trains}
    for i, p in enumerate(game.privates):
        if p.available and trains and p.available not in trains:
            raise DataError(game.folder / "privates.yaml", f"privates[{i}].available",
                            f"unknown train '{p.available}' (trains.yaml defines {', '.join(sorted(trains))})")


def check_par_values(game: Game) -> None:
    market = game.market
    if not market or not market.par_zone:
        return
    par_cells = set(market.par_values())
    for i, c in enumerate(game.companies):
        for j, value in enumerate(c.par):
            if value not in par_cells:
                raise DataError(game.folder / "companies.yaml", f"companies[{i}].par[{j}]",
                                f"{value} is not a par space of the market "
                                f"({', '.join(str(v) for v in sorted(par_cells))})")


def marker_totals(game: Game) -> dict[str, int]:
    """Every company marker the game needs, by kind."""
    totals: dict[str, int] = {}
    for c in game.companies:
        for kind, count in c.marker_counts().items():
            totals[kind] = totals.get(kind, 0) + count
    return totals


def check_marker_totals(game: Game) -> None:
    """companies.yaml's `markers: {total, breakdown}` must agree with the companies."""
    part = game.part("companies")
    declared = part.markers if part else {}
    counted = marker_totals(game)
    path = game.folder / "companies.yaml"
    total = declared.get("total")
    if total is not None and total != sum(counted.values()):
        raise DataError(path, "markers.total", f"says {total}, but the companies have "
                        f"{sum(counted.values())} markers ({_kinds(counted)})")
    breakdown = declared.get("breakdown")
    if isinstance(breakdown, dict):
        for kind in sorted(set(breakdown) | {k for k, n in counted.items() if n}):
            if breakdown.get(kind, 0) != counted.get(kind, 0):
                raise DataError(path, f"markers.breakdown.{kind}", f"says {breakdown.get(kind, 0)}, but the "
                                f"companies have {counted.get(kind, 0)} ({_kinds(counted)})")


def _kinds(counts: dict[str, int]) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in counts.items())
