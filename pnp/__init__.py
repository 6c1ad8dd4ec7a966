"""pnp: print-and-play kits for 18xx railway games."""

__version__ = "0.1.0"
