"""Drawing atoms for cards, certificates, charters and tokens, in millimetres, gathered
under one name. Each atom takes its box and a style and returns SVG; none decides where
on a card it goes (the card layouts in `templates/layouts/` do).

Where each lives:
- `render/box.py`: Box, a rectangle to cut into parts;
- `render/fitted_text.py`: a line, a paragraph and a stack of paragraphs fitted to a box;
- `render/card_shapes.py`: the card's ground in bands, panels, frames, rules, swatches,
  the guilloche seal and the locomotive;
- `render/badge.py`: a company's round badge;
- `render/table.py`: a table of text, swatches or badges;
- `render/ink.py`: contrast and which ink reads on a ground;
- `pnp/money.py`: amounts written in the game's currency."""

from pnp.money import money
from pnp.render.badge import BadgeFit, annulus, badge, badge_diameter, badge_symbol
from pnp.render.box import Box
from pnp.render.card_shapes import RULE, SAFE, Band, centred, frame, ground, locomotive, panel, rosette, rule, swatch
from pnp.render.fitted_text import (LEADING, LINE_BOX, MIN_TEXT, Item, Paragraph, TextTooLong, draw_paragraph, family,
                                    fit_paragraph, line, paragraph, stack, text, text_sizes)
from pnp.render.ink import contrast, ink_on, lightness
from pnp.render.table import BADGE, CELL_PAD, Cell, table

__all__ = ["BADGE", "CELL_PAD", "LEADING", "LINE_BOX", "MIN_TEXT", "RULE", "SAFE", "Band", "BadgeFit", "Box", "Cell",
           "Item", "Paragraph", "TextTooLong", "annulus", "badge", "badge_diameter", "badge_symbol", "centred",
           "contrast", "draw_paragraph", "family", "fit_paragraph", "frame", "ground", "ink_on", "lightness", "line",
           "locomotive", "money", "panel", "paragraph", "rosette", "rule", "stack", "swatch", "table", "text",
           "text_sizes"]
