"""Railway companies (corporations) and private companies, and the certificates they
print as."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field, field_validator, model_validator

from pnp.model.base import Frozen

MARKER_KINDS = ("station", "market", "ipo", "revenue", "round", "other")


class Reservation(Frozen):
    """A share kept back for exchange with a private company."""

    share: int = Field(ge=0, description="index into the company's shares list")
    private: str


class Company(Frozen):
    symbol: str
    name: str
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    text_color: str = Field("#ffffff", pattern=r"^#[0-9a-fA-F]{6}$")
    home: str | None = None
    home_name: str | None = None
    tokens: tuple[int, ...] = Field(min_length=1, description="cost of each station token; the first is the home")
    shares: tuple[int, ...] = (20, 10, 10, 10, 10, 10, 10, 10, 10)
    reserved: tuple[Reservation, ...] = ()
    par: tuple[int, ...] = ()
    float_percent: int | None = None
    destination: str | None = None
    markers: dict[str, int] = Field(default_factory=lambda: {"market": 1})
    available: str | None = None
    notes: str | None = None

    @field_validator("shares")
    @classmethod
    def _shares(cls, v):
        if not v:
            raise ValueError("a company needs at least one share")
        if any(s <= 0 for s in v):
            raise ValueError("share percentages must be positive")
        if sum(v) != 100:
            raise ValueError(f"shares add up to {sum(v)}%, not 100%")
        return v

    @field_validator("markers")
    @classmethod
    def _markers(cls, v):
        for kind, count in v.items():
            if kind not in MARKER_KINDS:
                raise ValueError(f"unknown marker kind '{kind}' (known: {', '.join(MARKER_KINDS)})")
            if count < 0:
                raise ValueError(f"negative count {count} for {kind} markers")
        return v

    @model_validator(mode="after")
    def _reserved_in_range(self):
        for r in self.reserved:
            if r.share >= len(self.shares):
                raise ValueError(f"reserved share {r.share} but the company has {len(self.shares)} shares")
        return self

    def marker_counts(self) -> dict[str, int]:
        """Every round marker the company needs: its station tokens plus the rest."""
        return {"station": len(self.tokens), **{k: v for k, v in self.markers.items() if k != "station"}}

    def certificates(self) -> list["Certificate"]:
        reserved = {r.share: r.private for r in self.reserved}
        return [Certificate(self, i, pct, i == 0, reserved.get(i)) for i, pct in enumerate(self.shares)]


@dataclass(frozen=True)
class Certificate:
    company: Company
    index: int
    percent: int
    director: bool
    reserved_for: str | None = None


class ShareGrant(Frozen):
    """A share that comes with a private company (1851's L&N shares)."""

    company: str
    percent: int = Field(gt=0, le=100)
    director: bool = False


class Private(Frozen):
    symbol: str
    name: str
    value: int = Field(ge=0)
    revenue: int | str
    text: str = ""
    min_players: int | None = None
    comes_with: tuple[ShareGrant, ...] = ()
    exchange_for: str | None = None
    available: str | None = None
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")


class CompaniesFile(Frozen):
    companies: tuple[Company, ...] = Field(min_length=1)
    notes: str | None = None
    markers: dict[str, object] = Field(default_factory=dict, description="marker totals and their breakdown")

    @model_validator(mode="after")
    def _unique(self):
        seen = set()
        for c in self.companies:
            if c.symbol in seen:
                raise ValueError(f"duplicate company symbol '{c.symbol}'")
            seen.add(c.symbol)
        return self


class PrivatesFile(Frozen):
    privates: tuple[Private, ...] = ()
    notes: str | None = None
