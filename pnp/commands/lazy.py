"""A click group whose commands are imported when one is run or listed, not when the
command line starts: `pnp build` then imports the build command's module alone, not
every other command's (~8 M instructions of each run's serial start). `pnp --help`
lists every command with its help text as before (listing imports them all)."""

from __future__ import annotations

import importlib

import click


class LazyGroup(click.Group):
    """`click.Group` with `add_lazy(name, "module:attribute")`: the command registered
    by where it is, imported the first time click asks for it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy: dict[str, str] = {}

    def add_lazy(self, name: str, where: str) -> None:
        self.lazy[name] = where

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)
