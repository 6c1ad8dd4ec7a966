"""Every card-like component of every bundled game, printed and read back: no text
leaves its piece (each letter at least 1 mm inside its card's cut line, or inside its
token's circle), no two letters overlap, pieces never overlap and stay on the paper.
Also the packer's own guarantees and the message catalogues."""

from __future__ import annotations

import itertools

import pytest

from componentpdf import KINDS, game, options, printed
from pnp.components.cardsheet import context
from pnp.i18n import _catalogue, languages, messages
from pnp.load import bundled_games
from pnp.sheets import pack
from pnp.sheets.formats import formats

FOOTER_BAND = 9.0  # mm at the page foot where the footer line is printed
A4 = (210.0, 297.0)


def piece_sizes(game_name: str) -> list[tuple[float, float]]:
    ctx = context(game(game_name), options(game_name))
    return [ctx.size(f) for f in formats().values()]


def has_data(game_name: str, kind: str) -> bool:
    g = game(game_name)
    return bool({"shares": g.companies, "charters": g.companies, "tokens": g.companies, "privates": g.privates,
                 "trains": g.trains, "cards": g.cards}[kind])


CASES = [(g, k) for g in bundled_games() for k in KINDS]


@pytest.fixture(scope="session")
def docs(tmp_path_factory):
    out = tmp_path_factory.mktemp("pieces-all")
    return {(g, k): printed(g, k, out) for g, k in CASES if has_data(g, k)}


@pytest.mark.parametrize("game_name, kind", CASES)
def test_no_text_leaves_its_piece(docs, game_name, kind):
    if (game_name, kind) not in docs:
        pytest.skip(f"{game_name} has no data for {kind}")
    doc = docs[(game_name, kind)]
    sizes = piece_sizes(game_name)
    total = 0
    for n, (paths, chars) in enumerate(zip(doc.paths, doc.chars)):
        boxes = [b for _, b in doc.outlines(sizes, page=n)]
        assert boxes, f"page {n + 1} has no piece outlines"
        total += len(boxes)
        for c in chars:
            if c.y0 > A4[1] - FOOTER_BAND:
                continue  # the page footer
            home = [b for b in boxes if b.x0 <= (c.x0 + c.x1) / 2 <= b.x1 and b.y0 <= (c.y0 + c.y1) / 2 <= b.y1]
            assert home, f"page {n + 1}: '{c.text}' at ({c.x0:.1f}, {c.y0:.1f}) is outside every piece"
            box = home[0]
            if box.round:
                assert inside_circle(c, box), f"page {n + 1}: '{c.text}' leaves its token"
            else:
                assert (c.x0 >= box.x0 + 1.0 and c.x1 <= box.x1 - 1.0 and c.y0 >= box.y0 + 1.0
                        and c.y1 <= box.y1 - 1.0), f"page {n + 1}: '{c.text}' is within 1 mm of its card's cut"
    assert total > 0


MIN_PT = 5.0  # the smallest text a player should have to read on a card or token


@pytest.mark.parametrize("game_name, kind", CASES + [(g, "player_cards") for g in bundled_games()])
def test_no_text_on_a_piece_is_below_5_pt(docs, tmp_path_factory, game_name, kind):
    """Every letter on every card and token prints at 5 pt or more (sizes read back from
    the PDF): token captions, badges in tables and long private symbols included."""
    if kind == "player_cards":
        doc = printed(game_name, kind, tmp_path_factory.mktemp("player-cards"))
    elif (game_name, kind) not in docs:
        pytest.skip(f"{game_name} has no data for {kind}")
    else:
        doc = docs[(game_name, kind)]
    small = [(n + 1, c.text, round(c.size, 2)) for n, chars in enumerate(doc.chars) for c in chars
             if c.y0 <= A4[1] - FOOTER_BAND and c.text.strip() and c.size < MIN_PT - 0.01]
    assert not small, f"text below {MIN_PT:g} pt (page, letter, pt): {small[:10]}"


def inside_circle(c, box) -> bool:
    cx, cy = box.centre
    r = (box.x1 - box.x0) / 2
    # the letter's ink, not its full em box: the glyph box inset by a fifth of its height
    inset = 0.2 * (c.y1 - c.y0)
    return all((x - cx) ** 2 + (y - cy) ** 2 <= r * r for x in (c.x0, c.x1) for y in (c.y0 + inset, c.y1 - inset))


@pytest.mark.parametrize("game_name, kind", CASES)
def test_no_letters_overlap(docs, game_name, kind):
    if (game_name, kind) not in docs:
        pytest.skip(f"{game_name} has no data for {kind}")
    doc = docs[(game_name, kind)]
    for n, chars in enumerate(doc.chars):
        grid: dict[tuple[int, int], list] = {}
        for c in chars:
            if not c.text.strip():
                continue
            for key in {(int(x // 5), int(y // 5)) for x in (c.x0, c.x1) for y in (c.y0, c.y1)}:
                for other in grid.get(key, []):
                    assert overlap(c, other) < 0.3, f"page {n + 1}: '{c.text}' overlaps '{other.text}'"
                grid.setdefault(key, []).append(c)


def overlap(a, b) -> float:
    """The shared area of two letters' boxes, as a share of the smaller box."""
    w = min(a.x1, b.x1) - max(a.x0, b.x0)
    h = min(a.y1, b.y1) - max(a.y0, b.y0)
    if w <= 0 or h <= 0 or a is b:
        return 0.0
    return w * h / min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0))


@pytest.mark.parametrize("game_name, kind", CASES)
def test_pieces_never_overlap_and_stay_on_the_paper(docs, game_name, kind):
    if (game_name, kind) not in docs:
        pytest.skip(f"{game_name} has no data for {kind}")
    doc = docs[(game_name, kind)]
    for n in range(len(doc.paths)):
        boxes = [b for _, b in doc.outlines(piece_sizes(game_name), page=n)]
        for b in boxes:
            assert b.x0 >= 5 and b.y0 >= 5 and b.x1 <= A4[0] - 5 and b.y1 <= A4[1] - 5
        for a, b in itertools.combinations(boxes, 2):
            assert min(a.x1, b.x1) <= max(a.x0, b.x0) + 1e-6 or min(a.y1, b.y1) <= max(a.y0, b.y0) + 1e-6


def test_packer_keeps_pieces_apart_inside_the_frame():
    f = pack.frame(*A4, 8.0, 6.0)
    spacing = {False: pack.Spacing(2.0, 4.0, 2.0), True: pack.Spacing(3.5)}
    sizes = ([pack.PieceSize(67.5, 44)] * 30 + [pack.PieceSize(148, 105)] * 3 + [pack.PieceSize(9.5, 9.5, True)] * 40
             + [pack.PieceSize(12.7, 12.7, True)] * 30)
    pages = pack.blocks(sizes, f, spacing)
    assert sorted(s.index for p in pages for s in p.slots) == list(range(len(sizes)))
    for page in pages:
        assert len(page.outlines) == len(page.slots)
        rects = [(o.x - o.width / 2, o.y - o.height / 2, o.x + o.width / 2, o.y + o.height / 2, o.round)
                 for o in page.outlines]
        for x0, y0, x1, y1, _ in rects:
            assert x0 >= f.left - 1e-6 and x1 <= f.left + f.width + 1e-6
            assert y0 >= f.top - 1e-6 and y1 <= f.top + f.height + 1e-6
        for a, b in itertools.combinations(rects, 2):
            gap = 3.5 if a[4] and b[4] else 2.0
            apart_x = max(a[0], b[0]) - min(a[2], b[2])
            apart_y = max(a[1], b[1]) - min(a[3], b[3])
            assert max(apart_x, apart_y) >= gap - 1e-6
        for (x0, y0), (x1, y1) in page.marks:  # crop marks stay off every piece
            for r in rects:
                assert not (r[0] < max(x0, x1) and min(x0, x1) < r[2] and r[1] < max(y0, y1) and min(y0, y1) < r[3])


def test_twelve_mini_euro_cards_fit_an_a4_page():
    f = pack.frame(*A4, 8.0, 6.0)
    pages = pack.blocks([pack.PieceSize(67.5, 44)] * 24, f, {False: pack.Spacing(2.0, 4.0, 2.0)})
    assert [len(p.slots) for p in pages] == [12, 12]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_mirror_their_fronts(duplex):
    page = pack.PageLayout([pack.Slot(0, 40.0, 30.0), pack.Slot(1, 150.0, 200.0)])
    back = pack.mirrored(page, *A4, duplex)
    expected = [(170.0, 30.0), (60.0, 200.0)] if duplex == "long" else [(40.0, 267.0), (150.0, 97.0)]
    assert [(s.x, s.y) for s in back.slots] == expected
    # a landscape sheet turned over its long edge flips top to bottom
    landscape = pack.mirrored(page, A4[1], A4[0], duplex)
    assert [(s.x, s.y) for s in landscape.slots][0] == ((40.0, 180.0) if duplex == "long" else (257.0, 30.0))


def test_catalogues_have_the_same_messages():
    assert {"en", "de"} <= set(languages())
    english = set(_catalogue("en"))
    for lang in languages():
        assert set(_catalogue(lang)) == english, lang
    t = messages("de")
    assert t("share.director") == "Direktorenanteil"
    assert t("share.units", n=2) == "2 Anteile"
