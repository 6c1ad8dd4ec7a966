"""Which characters pnp can print: those every embedded DejaVu face has a glyph for,
outside the scripts that need shaping or right-to-left ordering, which pnp's text
drawing does not do (Arabic would print unjoined, Hebrew reversed). Text with other
characters is refused when it is read, rather than printed as empty boxes."""

from __future__ import annotations

from functools import cache

# Scripts drawn wrongly without a shaping engine: (first, last, name).
NEEDS_SHAPING = (
    (0x0590, 0x05FF, "Hebrew"), (0x0600, 0x06FF, "Arabic"), (0x0700, 0x074F, "Syriac"),
    (0x0750, 0x077F, "Arabic"), (0x0780, 0x07BF, "Thaana"), (0x07C0, 0x07FF, "N'Ko"),
    (0x0860, 0x08FF, "Arabic"), (0x0900, 0x0DFF, "Indic"), (0x0F00, 0x0FFF, "Tibetan"),
    (0x1000, 0x109F, "Myanmar"), (0x1780, 0x17FF, "Khmer"), (0x1800, 0x18AF, "Mongolian"),
    (0xFB1D, 0xFB4F, "Hebrew"), (0xFB50, 0xFDFF, "Arabic"), (0xFE70, 0xFEFF, "Arabic"),
)
ALWAYS = frozenset("\n\t")
LATIN = 0x024F  # DejaVu's four faces cover all of Latin up to Extended-B (tested): no font lookup needed
# Further blocks every face has whole (tested): General Punctuation to U+2064 (dashes, quotes,
# ellipsis) and Arrows. pnp's own messages use some (en: ⇄; de: „ “): without this, every
# `pnp build` read the four faces' character maps (~40 M instructions) to check them.
WHOLE_BLOCKS = ((0x2000, 0x2064), (0x2190, 0x21FF))
SHOWN = 5  # characters named in a message


@cache
def covered() -> frozenset[int] | None:
    """Code points every face pnp prints with has a glyph for; None when the DejaVu
    fonts are not installed (text is then measured and drawn with substitutes, and
    nothing can be said about coverage). Read from the faces' character maps alone:
    their widths (`pnp.text.face_metrics`) are not needed here."""
    from pnp.fontmetrics import read_codes
    from pnp.text import FACES, face_file

    files = [face_file(weight) for weight in FACES]
    if any(file is None for file in files):
        return None
    return frozenset.intersection(*map(read_codes, files))


def _in_whole_block(ch: str) -> bool:
    """Whether every face has `ch` without looking: Latin or one of WHOLE_BLOCKS."""
    code = ord(ch)
    return code <= LATIN or any(first <= code <= last for first, last in WHOLE_BLOCKS)


def _shaping(ch: str) -> str | None:
    code = ord(ch)
    return next((name for first, last, name in NEEDS_SHAPING if first <= code <= last), None)


def unprintable(text: str) -> str | None:
    """A one-line problem naming the characters of `text` that cannot be printed, or None."""
    if text.isascii() or max(map(ord, text)) <= LATIN or all(map(_in_whole_block, text)):
        return None
    glyphs = covered()
    missing: list[str] = []
    shaped: set[str] = set()
    for ch in dict.fromkeys(text):
        if ch in ALWAYS:
            continue
        script = _shaping(ch)
        if script:
            shaped.add(script)
            missing.append(ch)
        elif glyphs is not None and ord(ch) not in glyphs:
            missing.append(ch)
    if not missing:
        return None
    names = ", ".join(f"'{c}' U+{ord(c):04X}" for c in missing[:SHOWN]) + (" ..." if len(missing) > SHOWN else "")
    why = (f"{' and '.join(sorted(shaped))} text needs shaping that pnp does not do" if shaped
           else "the embedded DejaVu fonts have no glyph for them")
    return f"cannot print {names}: {why}"
