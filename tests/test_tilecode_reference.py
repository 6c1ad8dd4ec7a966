"""Every tile and hex code in 18xx.games' data (the shared tile library and each game's
map) reads into a face with no unknown part or key, and writes back to a code that
reads into the same face."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from pnp.model.tile import TileFace
from pnp.tilecode import IGNORED_KEYS, PART_TYPES, face_to_code, read_tile_code
from pnp.model.convert import validate

# A quoted string is a code when every `;`-part starts with a part type of the notation.
QUOTED = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"")
KIND = re.compile(r"^\s*([a-z_]+)\s*(=|$)")
# Codes the source itself gets wrong, with the reason they are left out of the check.
SOURCE_ERRORS = {
    "offboard=revenue:yellow_20|green_30|brown_40,groups:Wuppertalpath=a:1,b:_0,terminal:1;path=a:2,b:_0,terminal:1":
        "g_1893/game.rb: a ';' is missing before 'path=' (the engine reads it as a group name)",
    "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;town=revenue:10;path=a:2,b:_1;path=a:3,b:_1border=edge:4":
        "g_1840/map.rb: a ';' is missing before 'border='",
    "town=revenue:10;path=a:4,b:_0;path=a:5,b:_0;town=revenue:10;path=a:2,b:_1;path=a:3,b:_1border=edge:1":
        "g_1840/map.rb: a ';' is missing before 'border='",
}
NODE = re.compile(r"(^|;)\s*(city|town|halt|offboard|junction|pass)\b")
NOTES: set[str] = set()  # notes the reader makes besides play-only keys (lanes are now drawn)


def checked(code: str) -> bool:
    """Whole codes only: not Ruby interpolations (computed by the engine), not fragments
    that name nodes they do not define (joined to other codes in Ruby), not the errors
    above."""
    return "#{" not in code and code not in SOURCE_ERRORS and not ("b:_" in code and not NODE.search(code))


def reference_codes(root) -> list[tuple[str, str]]:
    out = []
    for path in sorted((root / "18xx.games" / "lib" / "engine").rglob("*.rb")):
        text = re.sub(r"'\s*\\\s*\n\s*'", "", path.read_text(encoding="utf-8"))
        for m in QUOTED.finditer(text):
            code = m.group(1) if m.group(1) is not None else m.group(2)
            parts = [p for p in code.split(";") if p.strip()]
            kinds = [KIND.match(p) for p in parts]
            if parts and all(k and k.group(1) in PART_TYPES + ("junction",) for k in kinds) and "=" in code:
                out.append((str(path.relative_to(root)), code))
    return out


@pytest.fixture(scope="module")
def codes(reference):
    found = reference_codes(reference)
    assert len(found) > 5000  # the library and the maps of 100+ games
    return found


def test_every_code_in_the_reference_reads_with_no_unknown_part(codes):
    failures = []
    ignored = Counter()
    for where, code in codes:
        if not checked(code):
            continue
        try:
            parsed = read_tile_code(code)
            validate(TileFace, parsed.face)
        except ValueError as exc:
            failures.append(f"{where}: {code}: {exc}")
            continue
        for item in parsed.ignored:
            kind, _, key = item.partition("=")[0].partition(".")
            assert key in IGNORED_KEYS[kind] or f"{kind}.{key}" in NOTES, item
            ignored[item.partition("=")[0]] += 1
    assert failures == []
    # only play-only keys are passed over (lanes are the one printed thing among them)
    assert set(ignored) <= {f"{k}.{key}" for k, keys in IGNORED_KEYS.items() for key in keys} | NOTES


def test_every_code_writes_back_to_the_same_face(codes):
    for where, code in codes:
        if not checked(code):
            continue
        face = validate(TileFace, read_tile_code(code).face)
        again = validate(TileFace, read_tile_code(face_to_code(face)).face)
        assert again.same_face(face) and again.stops == face.stops, f"{where}: {code}"


def test_the_vocabulary_in_use_is_all_read(codes):
    """Gauges, icons, frames, stripes, partitions, future labels, passes, borders by kind
    and reservations all occur in the reference and all arrive in the face."""
    seen = Counter()
    for _, code in codes:
        if not checked(code):
            continue
        face = validate(TileFace, read_tile_code(code).face)
        seen.update(p.track for p in face.paths)
        seen.update(f"border:{b.type}" for b in face.borders)
        seen.update(["icon"] * len(face.icons) + ["partition"] * len(face.partitions))
        seen.update(k for k in ("frame", "stripes", "future_label") if getattr(face, k))
        seen.update("pass" for s in face.cities() if s.style == "pass")
        seen.update("mark" for s in face.cities() if s.marks)
        seen.update(["stub"] * len(face.stubs))
        seen.update("lanes" for p in face.paths if p.lanes > 1)
    for key in ("lanes", "narrow", "dual", "thin", "future", "border:impassable", "border:water", "border:mountain",
                "border:province", "border:divider", "icon", "partition", "frame", "stripes", "future_label", "pass",
                "mark", "stub"):  # lanes: 18xx.games' parallel tracks (1837, 18USA ...)
        assert seen[key] > 0, key
