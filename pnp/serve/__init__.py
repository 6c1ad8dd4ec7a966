"""The live preview: `pnp serve` (pnp/commands/serve.py) serves the page of previews
(page.py, app.py), kept up to date by state.py as data files change."""
