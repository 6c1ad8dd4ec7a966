"""The drawing model: frozen nodes (`nodes`), checked colours (`color`), geometry
to transforms and path commands (`shapes`), and three writers walking the same tree:
`svgwriter` (SVG text), `pdfwriter` (PDF, with `pdfcontent`, `pdfimages`, `pdffonts`)
and `cairowriter` (PNG); `ink` is the paint in force, shared by the last two."""
