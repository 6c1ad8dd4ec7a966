"""Watching a function in tests: which tiles it is called for."""

from __future__ import annotations


def tile_ids_passed(monkeypatch, owner, name: str) -> list[str]:
    """`owner.name` (a function whose first argument is a tile) replaced, for the test,
    by one that records each call's tile id in the list returned, then calls it."""
    calls: list[str] = []
    real = getattr(owner, name)

    def counted(tile, *args, **kwargs):
        calls.append(tile.id)
        return real(tile, *args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls
