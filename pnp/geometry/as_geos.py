"""A plane shape as GEOS makes the same shape (its recipe: the polygon on its corners,
a buffer, a band along a line, a union, a move): where a real union is drawn (a map's
areas and sections) and for tests that compare the two. Loads
shapely, so only those callers import this."""

from __future__ import annotations

from pnp.geometry.plane import Shape


def geos(shape: Shape):
    from shapely.geometry import LineString, Polygon
    from shapely.ops import unary_union

    recipe = shape.recipe
    if recipe is None:
        return Polygon(shape.coords)
    if recipe[0] == "buffer":
        _, base, margin, *style = recipe
        return geos(base).buffer(margin, **dict(style))
    if recipe[0] == "band":
        _, points, half, round_caps = recipe
        return LineString(points).buffer(half, cap_style=1 if round_caps else 2)
    if recipe[0] == "translate":
        from shapely import affinity

        _, base, dx, dy = recipe
        return affinity.translate(geos(base), dx, dy)
    if recipe[0] == "union":
        return unary_union([geos(s) for s in recipe[1]])
    raise ValueError(f"no GEOS recipe {recipe[0]!r}")
