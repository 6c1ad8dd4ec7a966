"""Reading YAML safely, with errors that name the file, the field and the line.

Beyond YAML's own rules a data file may not repeat a key in a mapping (the last one
would silently win), nor hold text that pnp cannot print: control characters, text
longer than any real game needs, or characters the embedded fonts cannot show
(pnp.glyphs)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from pnp.errors import DataError, field_path

# Longest text anywhere (a private's rule text is under 1,000 characters), and the
# longest name, label or title: printed on a hex, a card or a charter heading.
MAX_TEXT = 10_000
MAX_NAME = 120
NAME_FIELDS = frozenset({"name", "title", "subtitle", "symbol"})
ALLOWED_CONTROLS = frozenset("\n\t")


def read_yaml(path: Path):
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        problem = "symbolic link to a missing file" if Path(path).is_symlink() else "file not found"
        raise DataError(path, "", problem) from None
    except UnicodeDecodeError as exc:
        raise DataError(path, "", f"not UTF-8 text ({exc.reason})") from None
    except IsADirectoryError:
        raise DataError(path, "", "is a folder, not a YAML file") from None
    except OSError as exc:  # a symlink loop, no permission, a device ...
        raise DataError(path, "", f"cannot be read ({exc.strerror or exc})") from None
    return parse_yaml(path, text)


def parse_yaml(path: Path, text: str):
    """`text` read from `path` as YAML, with read_yaml's checks and errors."""
    from pnp.yamlsafe import DuplicateKey, Loader, yaml

    try:
        loader = Loader(text)  # as yaml.load, but the loader is asked whether every text is plain
        loader.plain_length = MAX_NAME  # check_text's first test
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except DuplicateKey as exc:
        raise DataError(path, str(exc.key), f"duplicate key {_quote(str(exc.key))} (first at line {exc.first}; the second would "
                                            f"silently replace the first)", line=exc.line) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1 if isinstance(exc.position, int) else None
        raise DataError(path, "", f"character U+{exc.character if isinstance(exc.character, int) else 0:04X} is not "
                                  f"allowed in YAML text (write it as an escape in double quotes)", line=line) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(path, "", f"YAML syntax error: {problem}", line=line) from None
    except (ValueError, OverflowError, RecursionError) as exc:  # e.g. a timestamp out of range
        raise DataError(path, "", f"YAML value error: {exc}") from None
    if not loader.all_plain:  # else every text is short printable ASCII: nothing to check
        check_text(path, data, text)
    return data


def check_text(path: Path, data, source: str | None = None) -> None:
    """Every string (key or value) printable: no control characters, not too long, and
    every character in the embedded fonts. Shared structures are walked once. Where a
    string sits is kept as a chain of (parent, key) and written out only for a string
    that needs the full check (most are short plain ASCII)."""
    from pnp.glyphs import unprintable

    seen: set[int] = set()
    stack: list[tuple[object, tuple | None]] = [(data, None)]
    while stack:
        value, at = stack.pop()
        if isinstance(value, str):
            if len(value) <= MAX_NAME and value.isascii() and value.isprintable():
                continue  # most text of a game: short, plain ASCII, nothing to check
            where = _where(at)
            problem = _text_problem(value, where, unprintable)
            if problem:
                raise DataError(path, field_path(where) or "(top level)", problem, line=line_of(source, where))
        elif isinstance(value, (dict, list)):
            if id(value) in seen:
                continue
            seen.add(id(value))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in reversed(list(items)):
                if isinstance(key, str):
                    stack.append((key, (at, key, True)))
                stack.append((item, (at, key if isinstance(key, (str, int)) else str(key), False)))


def _where(at) -> tuple:
    """The path of keys and indexes down to a value, from its chain of (parent, key, is_key)."""
    parts = []
    while at is not None:
        at, key, is_key = at
        parts.append(f"{key} (key)" if is_key else key)
    return tuple(reversed(parts))


def _text_problem(text: str, where: tuple, unprintable) -> str | None:
    for ch in ("" if text.isprintable() else text):
        if ch not in ALLOWED_CONTROLS and unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn"):
            return f"control or invalid character U+{ord(ch):04X} in text {_quote(text)}"
    name = next((str(p) for p in reversed(where) if not isinstance(p, int)), "")
    limit = MAX_NAME if name in NAME_FIELDS or name.endswith("_name") else MAX_TEXT
    if len(text) > limit:
        return f"text of {len(text)} characters is longer than the {limit} a {'name or label' if limit == MAX_NAME else 'text'} may have: {_quote(text)}"
    bad = unprintable(text)
    if bad:
        return bad
    return None


def _quote(text: str, limit: int = 60) -> str:
    """Text for a one-line message: control characters escaped, at most `limit` characters."""
    shown = text if len(text) <= limit else text[:limit - 3] + "..."
    return repr(shown)


def line_of(source: str | None, where) -> int | None:
    """The line of the field at `where` (keys and list indexes) in the YAML `source`,
    or None when it cannot be found. Used only when reporting a problem."""
    if source is None:
        return None
    from pnp.yamlsafe import SAFE_LOADER, yaml

    try:
        loader = SAFE_LOADER(source)
        try:
            node = loader.get_single_node()  # the node tree, with each node's line
        finally:
            loader.dispose()
    except (yaml.YAMLError, ValueError, RecursionError):
        return None
    line = None
    for part in where:
        if isinstance(part, str) and part.endswith(" (key)"):
            part = part[: -len(" (key)")]
        if isinstance(node, yaml.MappingNode):
            match = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == str(part)), None)
            if match is None:
                break
            line = next(k for k, v in node.value if v is match).start_mark.line + 1
            node = match
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def with_line(error: DataError) -> DataError:
    """`error` with the line of its field in its file, when it has none and the field
    can be found there (`hexes[3].name` -> hexes, 3, name; a note such as
    '(tile 741)' after a part is ignored)."""
    if error.line is not None or not error.field or not Path(error.file).is_file():
        return error
    field = re.sub(r" \([^)]*\)", "", error.field)
    parts = [int(index) if index else name.strip() for name, index in _PART.findall(field)]
    line = _line_in_file(Path(error.file), parts)
    if line is None:
        return error
    return DataError(error.file, error.field, error.problem, line=line)


def validation_error(path: Path, exc, prefix=(), at=()) -> DataError:
    """The problem `pnp.model.convert.validate` found (an Invalid), as a DataError naming
    its field (and its line when the file can be read again)."""
    loc = list(exc.loc)
    return DataError(path, field_path(list(prefix) + loc), exc.message,
                     line=_line_in_file(path, list(at) + loc) if at or not prefix else None)


def _line_in_file(path: Path, loc) -> int | None:
    try:
        source = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return line_of(source, loc)


def validated(path: Path, model, data, prefix=(), code_field: str = "hexes", at=()):
    """`data` read into the `model` struct; any problem becomes a DataError naming the
    file and field. A plain ValueError comes from reading a tile code, which cannot be
    placed; it is reported at `prefix`, or at `code_field` at the top level. `at`: where
    `data` sits in the file (keys and indexes), to find the problem's line."""
    from pnp.model.convert import Invalid, validate
    from pnp.tilecode import parse_tile_code

    try:
        return validate(model, data, parse_tile_code)
    except Invalid as exc:
        raise validation_error(path, exc, prefix=prefix, at=at) from None
    except (ValueError, OverflowError) as exc:
        raise DataError(path, field_path(list(prefix)) or code_field, str(exc)) from None


def expect_mapping(path: Path, data, what: str) -> dict:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DataError(path, "", f"expected {what} (a mapping of keys to values), found {type(data).__name__}")
    return data
