"""Converters from other tools' data into pnp's canonical YAML.

`maker_tiles` turns 18xx-maker's tile library into `data/tiles/`; `maker_face` reads
one 18xx-maker hex (a tile or a map hex) into pnp's face fields, and `maker_geometry`
knows where 18xx-maker draws things.

`maker_game` turns a whole 18xx-maker game into a pnp game folder (`pnp import
18xx-maker`): `maker_hex` reads a hex as far as pnp can print it; `maker_map`,
`maker_manifest`, `maker_companies`, `maker_rules` and `maker_market` convert the
parts; `maker_report` lists what could not be converted.

`engine/` imports games of the 18xx.games engine from a clone of its repository (`pnp
import 18xx.games`): `ruby` reads Ruby literals, `source` and `games` resolve constants
through modules, includes and parent games, `board`, `entities`, `rules` and `variants`
convert the parts, `codes` keeps what pnp's tile notation prints, `kit` and `all` write
game folders and the report.
"""
