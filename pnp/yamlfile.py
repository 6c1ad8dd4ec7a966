"""Reading YAML safely, with errors that name the file and line."""

from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import ValidationError

from pnp.errors import DataError, field_path

# libyaml's safe loader when PyYAML was built with it (ten times faster on the tile
# library), else the pure-Python one; both build plain data only.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path):
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(path, "", "file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(path, "", f"not UTF-8 text ({exc.reason})") from None
    try:
        return yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(path, "", f"YAML syntax error: {problem}", line=line) from None


def validation_error(path: Path, exc: ValidationError, prefix=()) -> DataError:
    """The first problem pydantic found, as a DataError naming its field."""
    err = exc.errors()[0]
    loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
    message = err["msg"]
    for head in ("Value error, ", "Assertion failed, "):
        if message.startswith(head):
            message = message[len(head):]
    if err["type"] == "extra_forbidden":
        message = f"unknown field '{loc[-1]}'"
    elif err["type"] == "missing":
        message = f"missing field '{loc[-1]}'"
    elif err["type"] in ("literal_error", "enum"):
        message = f"{message}, not {err.get('input')!r}"
    # discriminated unions add the tag to the path; drop it
    loc = [p for p in loc if p not in ("city", "town", "halt", "offboard", "junction")] if len(loc) > 1 else loc
    return DataError(path, field_path(list(prefix) + loc), message)


def validated(path: Path, model, data, prefix=(), code_field: str = "hexes"):
    """`data` read into the pydantic `model`; any problem becomes a DataError naming the
    file and field. A plain ValueError comes from reading a tile code, which pydantic
    cannot place; it is reported at `prefix`, or at `code_field` at the top level."""
    from pnp.tilecode import CODE_CONTEXT

    try:
        return model.model_validate(data, context=CODE_CONTEXT)
    except ValidationError as exc:
        raise validation_error(path, exc, prefix=prefix) from None
    except ValueError as exc:
        raise DataError(path, field_path(list(prefix)) or code_field, str(exc)) from None


def expect_mapping(path: Path, data, what: str) -> dict:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DataError(path, "", f"expected {what} (a mapping of keys to values), found {type(data).__name__}")
    return data
