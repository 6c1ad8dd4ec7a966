"""The kit's PDF: its first page, the cover (the game's title, a row per component: its
title, pieces and pages; and a 100 mm ruler to check the printer), then every
component's first document, joined as they come back.

The cover lists every component's counts, so it can only be drawn once all are built.
The workers tell each component's row as soon as it is built, before they draw and
write it (`pnp.kit_jobs.run`, `pnp.workpool.note`): the main process, which would only
wait then, draws the cover while the last components are drawn, and from then on joins
each component's document to the kit as it comes back in print order (`KitPdf`),
rather than all of it on the kit's serial tail after the last worker, with the other
core idle (1858: ~17 M instructions for the cover, ~13 M for the joining).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pnp.build import Built
    from pnp.components import Document, PrintOptions
    from pnp.draw.nodes import Page
    from pnp.model.game import Game
    from pnp.pdf_file import Movable
    from pnp.templates import Paper

Row = tuple[str, int, int]  # a component's title, pieces and pages


class Cover(NamedTuple):
    rows: list[Row]  # what it lists
    document: Document  # the page (with its blank back with --duplex)
    pdf: Movable  # its objects as written, for the kit to join


def cover(game: Game, options: PrintOptions, rows: list[Row]) -> Cover:
    """The cover listing `rows`, drawn and written."""
    from pnp.build import scaled
    from pnp.components import Document, duplexed
    from pnp.i18n import messages
    from pnp.pdf import PdfPart, assembled

    t = messages(options.lang)
    calibration = scaled(calibration_page(game, options.paper, options.style, rows, options), options.scale)
    document = duplexed(Document("", [calibration], t("kit.bookmark")), f"{game.title} · {t('kit.bookmark')}", options)
    return Cover(rows, document, assembled([PdfPart(t("kit.bookmark"), document.pages)], "")[1])


class KitPdf:
    """The kit's PDF from its cover on (drawn from `rows`), the components `built` so
    far after it, and each later one's first document added in print order (`add`),
    each numbered and hashed as it is added, while the workers may still draw."""

    def __init__(self, game: Game, options: PrintOptions, rows: list[Row], built: list[Built]):
        from pnp.i18n import messages
        from pnp.pdf import Merging

        self.cover = cover(game, options, rows)
        self._merging = Merging()
        self._merging.add(messages(options.lang)("kit.bookmark"), self.cover.pdf)
        for b in built:
            self.add(b)

    def add(self, built: Built) -> None:
        if built.kit_pdf is not None:
            self._merging.add(built.component.title, built.kit_pdf)

    def file(self, title: str, subject: str) -> bytes:
        return self._merging.file(title, subject)


def ready(game: Game, options: PrintOptions, keys: list[str]) -> None:
    """The ink extents of the cover's texts as far as they are known before the
    components are built (their counts not yet), worked out as the workers start: the
    faces read and the ink boxes of their glyphs are then ready for `cover`, which draws
    the page late in the workers' phase, when what it costs may outlast them (1858: ~11 M
    instructions of its ~28 M when the faces are cold)."""
    from pnp.draw.pdfwriter import text_extents
    from pnp.i18n import messages

    t = messages(options.lang)
    known = t.keys()
    rows = [(t(f"title.{key}") if f"title.{key}" in known else key, 0, 0) for key in keys]
    text_extents(calibration_page(game, options.paper, options.style, rows, options))


def calibration_page(game: Game, paper: Paper, style, rows: list[tuple[str, int, int]], options: PrintOptions) -> Page:
    """The kit's first page: title, contents (a row per component: its title, pieces and
    pages) and a 100 mm ruler to check the printer."""
    from pnp.i18n import messages
    from pnp.render import svg

    t = messages(options.lang)
    dwg = svg.document(paper.width, paper.height, title=t("kit.title", game=game.title))
    cx = paper.width / 2
    dwg.add(svg.text(game.title, (cx, 30), 12, style, weight="bold"))
    if game.info.subtitle:
        dwg.add(svg.text(game.info.subtitle, (cx, 40), 6, style))
    dwg.add(svg.text(t("kit.heading"), (cx, 50), 5, style))
    y = 66
    for title, pieces, pages in rows:
        line = t("kit.contents", component=title, pieces=t.count("kit.pieces", pieces), pages=t.count("kit.pages", pages))
        dwg.add(svg.text(line, (cx, y), 4, style))
        y += 7
    y = max(y + 10, paper.height * 0.62)
    x0 = cx - 50
    ink = style.color("outline")
    ruler = svg.group()
    ruler.add(svg.line((x0, y), (x0 + 100, y), stroke=ink, stroke_width=0.3))
    for mm in range(0, 101):
        tick = 6 if mm % 10 == 0 else (4 if mm % 5 == 0 else 2.5)
        ruler.add(svg.line((x0 + mm, y), (x0 + mm, y - tick), stroke=ink, stroke_width=0.15))
        if mm % 10 == 0:
            ruler.add(svg.text(str(mm // 10), (x0 + mm, y - 9), 3, style))
    dwg.add(ruler)
    dwg.add(svg.text(t("kit.ruler"), (cx, y + 9), 4, style))
    dwg.add(svg.text(t("kit.measure", scale=f"{options.scale:g}"), (cx, y + 16),
                     4, style))
    settings = t("kit.settings", paper=paper.name, scale=f"{options.scale:g}", duplex=t(f"kit.duplex_{options.duplex}"),
                 lang=options.lang)
    dwg.add(svg.text(settings, (cx, y + 26), 3.5, style, color=style.color("footer")))
    return dwg
