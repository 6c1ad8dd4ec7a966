"""Company logos: a logo file inside the game folder prints on the company's tokens,
charter and certificates (SVG through cairosvg's safe mode, PNG as it is); a path
leading outside the game folder is refused with the file and field named."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from conftest import run

SVG_LOGO = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="46" '
            'fill="#1b5e20"/><path d="M20 70 L50 20 L80 70 Z" fill="#ffd54f"/></svg>')


def with_logo(folder, symbol: str, logo: str):
    path = folder / "companies.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(f"  - symbol: {symbol}\n", f"  - symbol: {symbol}\n    logo: {logo}\n", 1)
    assert f"logo: {logo}" in text
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def game_with_logos(game_copy):
    folder = game_copy("1860")
    (folder / "logos").mkdir()
    (folder / "logos" / "CN.svg").write_text(SVG_LOGO, encoding="utf-8")
    Image.new("RGB", (64, 64), (200, 30, 30)).save(folder / "logos" / "IOW.png")
    with_logo(folder, "C&N", "logos/CN.svg")
    with_logo(folder, "IOW", "logos/IOW.png")
    return folder


def images_in(pdf) -> int:
    return len(re.findall(rb"/Subtype\s*/Image", pdf.read_bytes()))


@pytest.mark.parametrize("component, per_logo", [("tokens", 1), ("charters", 1), ("shares", 1)])
def test_logos_print_on_tokens_charters_and_certificates(game_with_logos, tmp_path, component, per_logo):
    out = tmp_path / "out"
    result = run(component, game_with_logos, "--out", out)
    assert result.exit_code == 0, result.output
    assert images_in(out / f"{component}.pdf") >= 2 * per_logo  # both logos, SVG and PNG


def test_without_logos_no_picture_is_printed(game_copy, tmp_path):
    out = tmp_path / "out"
    assert run("charters", game_copy("1860"), "--out", out).exit_code == 0
    assert images_in(out / "charters.pdf") == 0


@pytest.mark.parametrize("logo, problem", [
    ("../outside.svg", "outside the game folder"),
    ("/etc/hostname", "outside the game folder"),
    ("logos/missing.svg", "not found"),
    ("companies.yaml", "must be an .svg or .png"),
])
def test_a_logo_outside_the_game_folder_is_refused(game_copy, tmp_path, logo, problem):
    folder = game_copy("1860")
    (folder.parent / "outside.svg").write_text(SVG_LOGO, encoding="utf-8")
    with_logo(folder, "C&N", logo)
    result = run("validate", folder)
    assert result.exit_code == 2
    assert "companies.yaml" in result.output and "companies[0].logo" in result.output and problem in result.output


def test_the_18xx_maker_importer_takes_logos_from_the_checkout(reference, tmp_path):
    """With --library pointing at an 18xx-maker checkout, the companies' logos found in
    it are copied into the game folder and named in companies.yaml; the rest are
    reported as before."""
    import shutil

    library = tmp_path / "maker"
    shutil.copytree(reference / "18xx-maker" / "tiles", library / "tiles")
    (library / "logos" / "1867").mkdir(parents=True)
    (library / "logos" / "1867" / "CNR.svg").write_text(SVG_LOGO, encoding="utf-8")
    Image.new("RGB", (32, 32), (0, 90, 160)).save(library / "logos" / "1867" / "CPR.png")
    out = tmp_path / "1867"
    result = run("import", "18xx-maker", reference / "18xx-maker" / "games" / "1867.json", "--out", out,
                 "--library", library)
    assert result.exit_code == 0, result.output
    companies = (out / "companies.yaml").read_text(encoding="utf-8")
    assert "logo: logos/1867-CNR.svg" in companies and "logo: logos/1867-CPR.png" in companies
    assert (out / "logos" / "1867-CNR.svg").read_text(encoding="utf-8") == SVG_LOGO
    report = (out / "import-report.md").read_text(encoding="utf-8")
    assert report.count("companies[") and "companies[0].logo" not in report and "companies[2].logo" in report
    charters = tmp_path / "charters"
    assert run("charters", out, "--out", charters).exit_code == 0
    assert images_in(charters / "charters.pdf") >= 2
