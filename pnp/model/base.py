"""Shared base for the domain model: immutable, strict pydantic models."""

from __future__ import annotations

import os

# Before its first validator pydantic looks for plugins in the entry points of every
# installed distribution (~10 ms of each load with 130 installed); pnp's models use
# none. A PYDANTIC_DISABLE_PLUGINS of the user's own still wins.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from pydantic import BaseModel, ConfigDict  # noqa: E402


class Frozen(BaseModel):
    """An immutable value that rejects unknown fields, so a typo in data is an error.

    Validators are built on first use (`defer_build`): a load builds one per document it
    validates (game.yaml, a tile, map.yaml ...) with the nested models inside it, rather
    than one for each of the ~56 models whenever the model modules are imported."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Part(Frozen):
    """A part of a face that several documents hold (a stop, a track path, terrain, a
    border, a disc ...): a tile, map.yaml's hexes and a map section all have faces.
    Its validator is built when its module is imported and reused inside each document's
    validator, rather than built again inside every one of them (2-4 % of the
    instructions of loading a game; 18-XY's sections hold the most faces)."""

    model_config = ConfigDict(defer_build=False)


def check_known(value, known, what: str):
    """`value` if it is one of `known`, else the error every model gives for a name it
    does not know: "unknown <what> 'x' (known: a, b, c)"."""
    if value not in known:
        raise ValueError(f"unknown {what} '{value}' (known: {', '.join(known)})")
    return value
