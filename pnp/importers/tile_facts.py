"""What a tile means for play, in a form two sources can be compared in: its stations
(kind, token slots, revenue) and which edges and stations its track joins, compared
up to rotation and up to the order the stations are listed in.

A junction is not a station: track meeting at one joins every pair of its ends, which
is how another source may write the same tile (18xx-maker draws tile 80 as three
tracks meeting in the middle; Rails lists the three pairs of edges).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from pnp.model.tile import TileFace

End = tuple  # ("edge", 0-5) or ("stop", index)


@dataclass(frozen=True)
class TileFacts:
    stations: tuple[tuple[str, int, int], ...]  # (city|town|offboard, slots, revenue)
    links: frozenset  # of frozensets of two ends

    def exits(self) -> frozenset[int]:
        return frozenset(e[1] for link in self.links for e in link if e[0] == "edge")


def facts(stations: list[tuple[str, int, int]], links, junctions: set[int] = frozenset()) -> TileFacts:
    """Facts from stations (junctions included, by index) and links between ends."""
    links = {frozenset(link) for link in links}
    for j in sorted(junctions):
        node = ("stop", j)
        around = [next(iter(link - {node})) for link in links if node in link]
        links = {link for link in links if node not in link}
        links |= {frozenset(pair) for pair in itertools.combinations(around, 2)}
    keep = [i for i in range(len(stations)) if i not in junctions]
    renumber = {old: new for new, old in enumerate(keep)}

    def end(e: End) -> End:
        return ("stop", renumber[e[1]]) if e[0] == "stop" else e

    return TileFacts(tuple(stations[i] for i in keep), frozenset(frozenset(end(e) for e in link) for link in links))


def face_facts(face: TileFace) -> TileFacts:
    """A pnp tile's facts. A halt counts as a town paying nothing."""
    stations, junctions = [], set()
    for i, stop in enumerate(face.stops):
        if stop.kind == "junction":
            junctions.add(i)
        revenue = stop.revenue if isinstance(stop.revenue, int) else tuple(v for _, v in stop.revenue)
        kind = "town" if stop.kind == "halt" else stop.kind
        stations.append((kind, getattr(stop, "slots", 1) if stop.kind == "city" else 1, revenue))
    links = [tuple((e.kind, e.index) for e in path.ends()) for path in face.paths]
    return facts(stations, links, junctions)


def rotations(a: TileFacts, b: TileFacts) -> list[int]:
    """The turns r (60 degrees clockwise each) that make `a` into `b`, station order
    aside; empty when the tiles differ."""
    if sorted(a.stations, key=repr) != sorted(b.stations, key=repr):
        return []
    found = []
    n = len(a.stations)
    for r in range(6):
        for order in itertools.permutations(range(n)):
            if any(a.stations[i] != b.stations[order[i]] for i in range(n)):
                continue

            def moved(e: End) -> End:
                return ("edge", (e[1] + r) % 6) if e[0] == "edge" else ("stop", order[e[1]])

            if frozenset(frozenset(moved(e) for e in link) for link in a.links) == b.links:
                found.append(r)
                break
    return found


def same_tile(a: TileFacts, b: TileFacts) -> bool:
    return bool(rotations(a, b))


__all__ = ["TileFacts", "facts", "face_facts", "rotations", "same_tile"]
