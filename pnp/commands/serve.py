"""The `pnp serve` command: a live preview of a game in the browser (pnp/serve/: app.py, state.py, page.py)."""

from __future__ import annotations

import click

from pnp.commands.common import game_argument, paper_option, theme_option, user_errors

DEFAULT_PORT = 8018


@click.command()
@game_argument
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="The port on 127.0.0.1 to serve the preview on.")
@paper_option
@theme_option
@user_errors
def serve(game, port, paper, theme_name):
    """A live preview of every component on http://127.0.0.1:PORT/: saving a data file
    redraws what it affects in the open page; data errors show there."""
    import uvicorn

    from pnp.load import resolve_game
    from pnp.serve.app import Server
    from pnp.serve.state import Previews
    from pnp.templates import paper as paper_size
    from pnp.templates import theme

    paper_size(paper), theme(theme_name)  # bad options stop here, before the server starts
    port_free(port)
    server = Server(Previews(resolve_game(game), paper, theme_name))

    class PreviewServer(uvicorn.Server):
        def handle_exit(self, sig, frame):
            server.closing()  # end the open event streams, so that Ctrl-C stops at once
            super().handle_exit(sig, frame)

    click.echo(f"pnp: previewing {game} on http://127.0.0.1:{port}/ (Ctrl-C stops)", err=True)
    PreviewServer(uvicorn.Config(server.app(), host="127.0.0.1", port=port, log_level="warning",
                                 timeout_graceful_shutdown=2, lifespan="on")).run()


def port_free(port: int) -> None:
    """Stop with one line, before anything is built, when the port is taken."""
    import socket

    from pnp.errors import PnpError

    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            raise PnpError(f"--port {port}: already in use on 127.0.0.1; choose another port") from None
