"""`pnp import 18xx.games`: games of the 18xx.games engine as pnp game folders (see
`pnp/importers/__init__.py` for the modules)."""
