"""Tile manifests: one row per distinct tile with its count, colour, upgrades and a
short feature summary, with totals per colour. As CSV, JSON and Markdown."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter

from pnp.model.game import Game, sheet_order

FIELDS = ("id", "color", "count", "upgrades", "features")


def rows(game: Game) -> list[dict]:
    return [
        {"id": e.tile.id, "color": e.tile.color, "count": e.count, "upgrades": list(e.upgrades),
         "features": e.tile.features()}
        for e in sorted(game.manifest, key=sheet_order)
    ]


def totals(game: Game) -> Counter:
    per = Counter()
    for e in game.manifest:
        per[e.tile.color] += e.count
    return per


def to_json(game: Game) -> str:
    doc = {"game": game.title, "tiles": rows(game), "total": game.total_tiles()}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def to_csv(game: Game) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for row in rows(game):
        writer.writerow([row["id"], row["color"], row["count"], " ".join(row["upgrades"]), row["features"]])
    for colour, count in totals(game).items():
        writer.writerow([f"total {colour}", colour, count, "", ""])
    writer.writerow(["total", "", game.total_tiles(), "", ""])
    return out.getvalue()


def to_markdown(game: Game) -> str:
    lines = [f"# {game.title}: tile manifest", "", "| id | colour | count | upgrades to | features |",
             "|---|---|---:|---|---|"]
    for row in rows(game):
        upgrades = ", ".join(row["upgrades"]) or "-"
        lines.append(f"| {row['id']} | {row['color']} | {row['count']} | {upgrades} | {row['features']} |")
    lines += ["", "| colour | pieces |", "|---|---:|"]
    for colour, count in totals(game).items():
        lines.append(f"| {colour} | {count} |")
    lines.append(f"| **total** | **{game.total_tiles()}** |")
    return "\n".join(lines) + "\n"


FORMATS = {"csv": to_csv, "json": to_json, "md": to_markdown}
