"""The bodies of the longer commands of `pnp/cli.py`, one module each, and what every
command shares (`common.py`). cli.py registers them with `main.add_command`."""
