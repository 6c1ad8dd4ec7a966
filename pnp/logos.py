"""Company logos: files inside the game folder, checked when the companies load. A
logo path is resolved against the game folder and must stay inside it (no `..`, no
absolute paths, no links leading out); it must be an existing .svg or .png file."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from pnp.errors import DataError
from pnp.model.company import CompaniesFile
from pnp.yamlfile import expect_mapping, read_yaml, validated

LOGO_SUFFIXES = (".svg", ".png")


def logo_path(folder: Path, logo: str, path: Path, field: str) -> Path:
    """The logo's file, or DataError(file, field, problem)."""
    root = folder.resolve()
    target = (root / logo).resolve()
    if Path(logo).is_absolute() or not target.is_relative_to(root):
        raise DataError(path, field, f"logo '{logo}' is outside the game folder; put it in the folder (logos/...)")
    if target.suffix.lower() not in LOGO_SUFFIXES:
        raise DataError(path, field, f"logo '{logo}' must be an .svg or .png file")
    if not target.is_file():
        raise DataError(path, field, f"logo file '{logo}' not found in the game folder")
    return target


def load_companies(path: Path, parts: dict) -> CompaniesFile:
    """companies.yaml, with each logo checked and turned into its full path."""
    doc = validated(path, CompaniesFile, expect_mapping(path, read_yaml(path), "CompaniesFile"))
    companies = tuple(
        replace(c, logo=str(logo_path(path.parent, c.logo, path, f"companies[{i}].logo"))) if c.logo else c
        for i, c in enumerate(doc.companies))
    return replace(doc, companies=companies)
