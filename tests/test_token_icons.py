"""Icons and labels on tokens (`token:` of a company or a private): a company's station
tokens show its icon above its symbol; a private's tokens print with the companies'
(label, colour, icon); 18xx-maker's private tokens import (1861's Tsarskoye Selo:
a yellow token with a rouble sign). Checked in the written PDF (pieces, text) and on
the drawn token (pixels of the icon)."""

from __future__ import annotations

import numpy
import pytest
from pypdf import PdfReader

from conftest import REFERENCE, run
from raster import colour, pixels

MAKER = REFERENCE / "18xx-maker"


def pdf_text(pdf) -> str:
    return " ".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)


def add_to_yaml(path, before: str, after: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert before in text
    path.write_text(text.replace(before, after, 1), encoding="utf-8")


def token_pixels(game, key: str, dpi: float = 508.0):
    """The front of one token (by key), drawn alone on white; 20 pixels a millimetre."""
    from pnp.cli import print_options
    from pnp.components import tokens
    from pnp.components.cardsheet import context
    from pnp.render import svg
    from pnp.sheets.formats import component_format

    options = print_options(game, "a4", "default")
    ctx = context(game, options)
    token = next(t for t in tokens.tokens(game) if t.key == key)
    d = component_format("station").diameter
    page = svg.document(d, d)
    face = tokens.face(token, ctx, d)
    page.add(svg.circle((d / 2, d / 2), d / 2, fill=face.disc))
    for element in face.art:
        page.add(element)
    return pixels(page, dpi), d


def test_a_company_token_shows_its_icon(game_copy):
    from pnp.load import load_game

    folder = game_copy("1860")
    plain = load_game(folder)
    add_to_yaml(folder / "companies.yaml", "  - symbol: IOW\n", "  - symbol: IOW\n    token: {icon: port}\n")
    game = load_game(folder)
    company = next(c for c in game.companies if c.symbol == "IOW")
    assert company.token.icon == "port"
    before, d = token_pixels(plain, "station-IOW")
    after, _ = token_pixels(game, "station-IOW")
    # the icon's white disc sits in the upper half, where the plain badge is the company's colour
    def white_share(image):
        k = image.shape[0] / d
        ys, xs = numpy.mgrid[0:image.shape[0], 0:image.shape[1]]
        inside = (xs / k - d * 0.5) ** 2 + (ys / k - d * 0.35) ** 2 <= (d * 0.18) ** 2
        return float((numpy.abs(image - colour("#ffffff")).max(axis=2) <= 8)[inside].mean())

    assert white_share(after) > 0.45 and white_share(before) < 0.25, (white_share(after), white_share(before))
    # the other companies' tokens are as before
    assert numpy.array_equal(token_pixels(plain, "station-FYN")[0], token_pixels(game, "station-FYN")[0])


def test_private_tokens_print_with_the_companies(game_copy, tmp_path):
    folder = game_copy("1860")
    add_to_yaml(folder / "privates.yaml", "  - symbol: BHC\n",
                "  - symbol: BHC\n    token: {label: BS, color: '#ffeb00', icon: boat, count: 2}\n")
    plain = run("tokens", "1860", "--out", tmp_path / "plain")
    result = run("tokens", folder, "--out", tmp_path / "out")
    assert plain.exit_code == 0 and result.exit_code == 0, result.output
    count = lambda r: int(r.output.split(": ")[1].split()[0])  # noqa: E731  "... tokens.pdf: 99 tokens ..."
    assert count(result) == count(plain) + 2
    assert "BS" in pdf_text(tmp_path / "out" / "tokens.pdf").split()


def test_bad_token_fields_are_data_errors(game_copy):
    from pnp.errors import DataError
    from pnp.load import load_game

    folder = game_copy("1860")
    add_to_yaml(folder / "privates.yaml", "  - symbol: BHC\n", "  - symbol: BHC\n    token: {color: yellow}\n")
    with pytest.raises(DataError, match=r"privates.yaml.*token.color"):
        load_game(folder)


def test_18xx_maker_private_tokens_import(tmp_path, reference):
    from pnp.importers.maker_game import import_game
    from pnp.load import load_game

    import_game(MAKER / "games" / "1861.json", tmp_path / "1861")
    game = load_game(tmp_path / "1861")
    (private,) = [p for p in game.privates if p.token is not None]
    assert private.token.label == "₽" and private.token.color == "#ffeb00"  # GTG's yellow
    result = run("tokens", tmp_path / "1861", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "₽" in pdf_text(tmp_path / "out" / "tokens.pdf")
    report = (tmp_path / "1861" / "import-report.md").read_text(encoding="utf-8")
    assert "the private's token" not in report


def test_token_costs_print_as_the_game_writes_them(tmp_path, reference):
    """1858's '40/province' and 1861's '$20/hex' print under the token spaces as given
    (the cost pnp counts with stays 40 and 20); 1861's minors' spaces, which carry no
    cost in 18xx-maker, print none."""
    from pnp.importers.maker_game import import_game
    from pnp.load import load_game

    for name, text, cost in (("1858", "40/province", 40), ("1861", "$20/hex", 20)):
        import_game(MAKER / "games" / f"{name}.json", tmp_path / name)
        game = load_game(tmp_path / name)
        company = game.companies[0]
        assert company.tokens[1] == cost and company.token_labels[1] == text
        result = run("charters", tmp_path / name, "--out", tmp_path / f"{name}-out")
        assert result.exit_code == 0, result.output
        assert text in pdf_text(tmp_path / f"{name}-out" / "charters.pdf")
        report = (tmp_path / name / "import-report.md").read_text(encoding="utf-8")
        assert "token cost" not in report and "a token with no cost printed on it" not in report


def test_more_token_labels_than_tokens_is_a_data_error(game_copy):
    from pnp.errors import DataError
    from pnp.load import load_game

    folder = game_copy("1860")
    add_to_yaml(folder / "companies.yaml", "  - symbol: IOW\n", "  - symbol: IOW\n    token_labels: [a, b, c, d, e, f, g]\n")
    with pytest.raises(DataError, match="token_labels"):
        load_game(folder)


def test_18xx_maker_token_designs_print(tmp_path, reference):
    """1861's minor RO: a turquoise token with a yellow bar across it (18xx-maker's
    `bar`), its symbol on the bar; TheOldPrince1871's C: a cherry square turned 45
    degrees on a white token."""
    from pnp.importers.maker_game import import_game
    from pnp.load import load_game

    import_game(MAKER / "games" / "1861.json", tmp_path / "1861")
    game = load_game(tmp_path / "1861")
    ro = next(c for c in game.companies if c.symbol == "RO")
    (bar,) = ro.token.designs
    assert bar.kind == "bar" and bar.colors == ("#ffeb00",)
    image, d = token_pixels(game, "station-RO")
    k = image.shape[0] / d
    at = lambda x, y: image[int(y * d * k), int(x * d * k)]  # noqa: E731  (shares of the diameter)
    assert numpy.abs(at(0.1, 0.5) - colour("#ffeb00")).max() <= 8  # the bar, left of the symbol
    assert numpy.abs(at(0.5, 0.12) - colour(ro.token.color or ro.color)).max() <= 8  # the ground above it
    import_game(MAKER / "games" / "TheOldPrince1871.json", tmp_path / "1871")
    game = load_game(tmp_path / "1871")
    c = next(c for c in game.companies if c.symbol == "C")
    (square,) = c.token.designs
    assert square.kind == "square" and square.angle == 45
    report = (tmp_path / "1871" / "import-report.md").read_text(encoding="utf-8")
    assert "unknown colour '[" not in report  # a token colour written as a list takes its first
    image, d = token_pixels(game, "station-C")
    k = image.shape[0] / d
    assert numpy.abs(image[int(0.2 * d * k), int(0.5 * d * k)] - colour(square.colors[0])).max() <= 8  # a corner
    assert numpy.abs(image[int(0.2 * d * k), int(0.25 * d * k)] - colour("#ffffff")).max() <= 8  # beside it


def test_shield_tokens(tmp_path, reference):
    """18LA's companies print as road shields: a white body under a band of the
    company's colour (UP grey #727272); 1883's CFR has a band of three colours."""
    from pnp.importers.maker_game import import_game
    from pnp.load import load_game

    import_game(MAKER / "games" / "18LA.json", tmp_path / "la")
    game = load_game(tmp_path / "la")
    up = next(c for c in game.companies if c.symbol == "UP")
    (shield,) = up.token.designs
    assert shield.kind == "shield" and shield.colors == ("#ffffff", "#727272")
    image, d = token_pixels(game, "station-UP")
    k = image.shape[0] / d
    assert numpy.abs(image[int(0.26 * d * k), int(0.5 * d * k)] - colour("#727272")).max() <= 8  # the band
    import_game(MAKER / "games" / "1883ExpressdOrient.json", tmp_path / "eo")
    cfr = next(c for c in load_game(tmp_path / "eo").companies if c.symbol == "CFR")
    assert cfr.token.designs[0].colors == ("#ffffff", "#ce1227", "#fbd117", "#012d81")
    report = (tmp_path / "la" / "import-report.md").read_text(encoding="utf-8")
    assert "token design" not in report
