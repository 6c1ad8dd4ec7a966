"""Converters from other tools' data into pnp's canonical YAML.

`maker_tiles` turns 18xx-maker's tile library into `data/tiles/`; `maker_face` reads
one 18xx-maker hex (a tile or a map hex) into pnp's face fields, and `maker_geometry`
knows where 18xx-maker draws things.
"""
