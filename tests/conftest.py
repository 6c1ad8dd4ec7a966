"""Shared fixtures: the reference folder beside the project (tests that need it skip
without it), a CLI runner, and builds made once per session."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from pnp.cli import main  # noqa: E402
from pnp.resources import data_dir  # noqa: E402

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"

try:  # property tests: the same examples on every run (CI is repeatable), no example database
    from hypothesis import HealthCheck, settings

    settings.register_profile("pnp", derandomize=True, database=None, deadline=None, print_blob=True,
                              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    settings.load_profile("pnp")
except ImportError:  # the property tests skip themselves
    pass


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", default=False,
                     help="rewrite tests/gallery/goldens/ from the drawings as they are now")


@pytest.fixture(scope="session")
def update_goldens(request) -> bool:
    return request.config.getoption("--update-goldens")


@pytest.fixture(scope="session")
def reference() -> Path:
    if not REFERENCE.is_dir():
        pytest.skip(f"reference data not found at {REFERENCE} (it lives beside the project in ../shared/)")
    return REFERENCE


def run(*args: str):
    """Run the CLI in-process; returns click's Result (exit_code, output, exception)."""
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=True)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.fixture
def game_copy(tmp_path):
    """A writable copy of a bundled game folder."""

    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copytree(data_dir() / "games" / name, target)
        return target

    return copy


@pytest.fixture(scope="session")
def tiles_1860(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tiles1860")
    result = run("tiles", "1860", "--out", out)
    assert result.exit_code == 0, result.output
    return out
