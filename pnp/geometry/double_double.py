"""Double-double arithmetic as GEOS does it (its `DD` class: a value as the unevaluated
sum of two doubles, ~106 bits), step for step, so that a point GEOS computes with it
comes out to the same last bit: where a line crosses a segment (`crossing`)."""

from __future__ import annotations

_SPLIT = 134217729.0  # 2^27 + 1: Dekker's split of a double into two halves


class DD:
    __slots__ = ("hi", "lo")

    def __init__(self, hi: float, lo: float = 0.0):
        self.hi, self.lo = hi, lo

    def __add__(self, y: DD) -> DD:
        hi, lo, yhi, ylo = self.hi, self.lo, y.hi, y.lo
        big, small = hi + yhi, lo + ylo
        e, f = big - hi, small - lo
        s, t = big - e, small - f
        s, t = (yhi - e) + (hi - s), (ylo - f) + (lo - t)
        e = s + small
        head = big + e
        tail = e + (big - head)
        e = t + tail
        z = head + e
        return DD(z, e + (head - z))

    def __sub__(self, y: DD) -> DD:
        return self + DD(-y.hi, -y.lo)

    def __mul__(self, y: DD) -> DD:
        hi, lo, yhi, ylo = self.hi, self.lo, y.hi, y.lo
        big = _SPLIT * hi
        hx = big - hi
        c = _SPLIT * yhi
        hx = big - hx
        tx = hi - hx
        hy = c - yhi
        big = hi * yhi
        hy = c - hy
        ty = yhi - hy
        c = ((((hx * hy - big) + hx * ty) + tx * hy) + tx * ty) + (hi * ylo + lo * yhi)
        z = big + c
        return DD(z, c + (big - z))

    def __truediv__(self, y: DD) -> DD:
        hi, lo, yhi, ylo = self.hi, self.lo, y.hi, y.lo
        q = hi / yhi
        c = _SPLIT * q
        hc = c - q
        u = _SPLIT * yhi
        hc = c - hc
        tc = q - hc
        hy = u - yhi
        big = q * yhi
        hy = u - hy
        ty = yhi - hy
        u = (((hc * hy - big) + hc * ty) + tc * hy) + tc * ty
        c = ((((hi - big) - u) + lo) - q * ylo) / yhi
        u = q + c
        return DD(u, (q - u) + c)

    def value(self) -> float:
        return self.hi + self.lo


def crossing(p1, p2, q1, q2) -> tuple[float, float]:
    """Where the line through p1, p2 meets the line through q1, q2 (homogeneous
    coordinates in double-double, GEOS's CGAlgorithmsDD::intersection)."""
    p1x, p1y, p2x, p2y = DD(p1[0]), DD(p1[1]), DD(p2[0]), DD(p2[1])
    q1x, q1y, q2x, q2y = DD(q1[0]), DD(q1[1]), DD(q2[0]), DD(q2[1])
    px, py, pw = p1y - p2y, p2x - p1x, (p1x * p2y) - (p2x * p1y)
    qx, qy, qw = q1y - q2y, q2x - q1x, (q1x * q2y) - (q2x * q1y)
    x, y, w = (py * qw) - (qy * pw), (qx * pw) - (px * qw), (px * qy) - (qx * py)
    return ((x / w).value(), (y / w).value())
