"""Writing output files (pnp/output.py)."""

from __future__ import annotations

import os

from pnp.output import atomic_write, holds


def test_a_file_holding_the_same_bytes_is_left_as_it_is(tmp_path):
    """A rebuild rewrites nothing it would not change: the same file (inode) stays, with
    its modification time; other bytes replace it whole, by a new file renamed into place."""
    path = tmp_path / "tiles.pdf"
    atomic_write(path, b"%PDF one")
    os.utime(path, (1_000_000, 1_000_000))
    before = os.stat(path)
    atomic_write(path, b"%PDF one")
    same = os.stat(path)
    assert (same.st_ino, same.st_mtime) == (before.st_ino, before.st_mtime)
    atomic_write(path, b"%PDF two")  # same length, other bytes
    assert path.read_bytes() == b"%PDF two" and os.stat(path).st_ino != before.st_ino
    rewritten = os.stat(path)
    atomic_write(path, "%PDF two")  # text is written as UTF-8: the same bytes, left as they are
    assert os.stat(path).st_ino == rewritten.st_ino and sorted(p.name for p in tmp_path.iterdir()) == ["tiles.pdf"]


def test_a_link_is_replaced_by_a_file_even_when_it_leads_to_the_same_bytes(tmp_path):
    (tmp_path / "real.md").write_text("# kit\n")
    (tmp_path / "index.md").symlink_to(tmp_path / "real.md")
    assert not holds(tmp_path / "index.md", b"# kit\n") and holds(tmp_path / "real.md", b"# kit\n")
    atomic_write(tmp_path / "index.md", "# kit\n")
    assert not (tmp_path / "index.md").is_symlink() and (tmp_path / "index.md").read_text() == "# kit\n"
    assert not holds(tmp_path / "missing.md", b"") and not holds(tmp_path, b"")
