"""The live preview: `pnp serve` (command.py) serves app.py's page of previews (page.py)
kept up to date by state.py as data files change."""
