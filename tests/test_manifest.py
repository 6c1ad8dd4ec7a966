import csv
import io
import json

from conftest import run


def test_json_has_exactly_the_agreed_shape():
    data = json.loads(run("manifest", "1860", "--format", "json").output)
    assert set(data) == {"game", "tiles", "total"}
    assert data["game"] == "1860"
    for tile in data["tiles"]:
        assert set(tile) == {"id", "color", "count", "upgrades", "features"}
        assert isinstance(tile["id"], str) and isinstance(tile["count"], int) and isinstance(tile["upgrades"], list)
    assert data["total"] == sum(t["count"] for t in data["tiles"]) == 139


def test_counts_match_the_reference(reference):
    ref = json.loads((reference / "1860" / "1860.json").read_text())
    data = json.loads(run("manifest", "1860", "--format", "json").output)
    assert {t["id"]: t["count"] for t in data["tiles"]} == {t["id"]: t["count"] for t in ref["tiles"]}
    assert {t["id"]: t["color"] for t in data["tiles"]} == {t["id"]: t["color"] for t in ref["tiles"]}


def test_sorted_by_colour_then_number():
    ids = [t["id"] for t in json.loads(run("manifest", "1860", "--format", "json").output)["tiles"]]
    assert ids.index("5") < ids.index("57") < ids.index("741") < ids.index("12") < ids.index("764")


def test_csv_and_markdown_totals():
    rows = list(csv.reader(io.StringIO(run("manifest", "1860", "--format", "csv").output)))
    assert rows[0] == ["id", "color", "count", "upgrades", "features"]
    totals = {r[0]: int(r[2]) for r in rows if r[0].startswith("total")}
    assert totals == {"total yellow": 47, "total green": 56, "total brown": 36, "total": 139}
    md = run("manifest", "1860", "--format", "md").output
    assert "| **total** | **139** |" in md and "| 57 | yellow | 2 |" in md


def test_features_and_upgrades():
    tiles = {t["id"]: t for t in json.loads(run("manifest", "1860", "--format", "json").output)["tiles"]}
    assert tiles["57"]["features"] == "city 20, 2 exits"
    assert "205" in tiles["57"]["upgrades"] and "16" not in tiles["57"]["upgrades"]
    assert tiles["9"]["upgrades"] == ["18", "19", "20"]
    assert tiles["764"]["upgrades"] == []


def test_out_file(tmp_path):
    target = tmp_path / "m.csv"
    assert run("manifest", "1860", "--format", "csv", "--out", target).exit_code == 0
    assert target.read_text().startswith("id,color,count")
