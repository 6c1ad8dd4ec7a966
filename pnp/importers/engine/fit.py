"""Private company texts that do not fit pnp's private card, shortened at a sentence end
(the engine's descriptions are written for a screen, some run to a page). Each fit is
tried with the card renderer itself; what is cut is named in the report, in full."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import yaml
from msgspec.structs import replace

from pnp.importers.maker_report import Report

LONG_TEXT = 250  # characters; shorter texts always fit, so the game is not loaded for them
ELLIPSIS = " …"


def shorter(text: str) -> str:
    """The text without its last sentence (or, for one sentence, its last words)."""
    body = text.removesuffix(ELLIPSIS)
    sentences = re.split(r"(?<=[.!?])\s+", body)
    if len(sentences) > 1:
        return " ".join(sentences[:-1]) + ELLIPSIS
    words = body.split()
    return " ".join(words[: max(1, len(words) * 3 // 4)]) + ELLIPSIS if len(words) > 1 else ""


def fit_privates(files: dict[str, str], report: Report, dump: Callable[[dict], str]) -> None:
    """Rewrite files["privates.yaml"] so that every text fits its card."""
    text = files.get("privates.yaml")
    if text is None:
        return
    data = yaml.safe_load(text)
    if not any(len(p.get("text", "")) > LONG_TEXT for p in data["privates"]):
        return
    from pnp.commands.common import print_options
    from pnp.components.cardsheet import context
    from pnp.components.privates import front
    from pnp.model.company import PrivatesFile
    from pnp.model.convert import validate
    from pnp.model.game import Game, GameInfo
    from pnp.render.cards import TextTooLong

    try:  # only what a private card shows: the game's description and its privates
        info = validate(GameInfo, yaml.safe_load(files["game.yaml"]))
        privates = validate(PrivatesFile, data).privates
    except ValueError:
        return  # the import's own load reports it
    game = Game("fit", Path("."), info, (), {"privates": PrivatesFile(privates=privates)})
    ctx = context(game, print_options(game, "a4", "default"))
    size = ctx.kind_size("private")
    changed = False
    for entry, private in zip(data["privates"], privates):
        fitted = private.text
        while fitted:
            try:
                front(replace(private, text=type(private.text)(fitted)), ctx, size)
                break
            except TextTooLong:
                fitted = shorter(fitted)
        if fitted != private.text:
            changed = True
            entry["text"] = fitted
            rest = private.text[len(fitted.removesuffix(ELLIPSIS)):].strip()
            report.lost(f"companies ({private.symbol})", f"text shortened to fit the private card; the rest: \"{rest}\"")
    if changed:
        files["privates.yaml"] = dump(data)


__all__ = ["fit_privates", "shorter"]
