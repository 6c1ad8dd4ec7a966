"""The drawing model: frozen nodes (`nodes`), checked colours (`color`), geometry
to transforms and path commands (`shapes`), and two writers walking the same tree:
`svgwriter` (SVG text) and `cairowriter` (PDF and PNG)."""
