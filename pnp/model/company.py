"""Railway companies (corporations) and private companies, and the certificates they
print as."""

from __future__ import annotations

from dataclasses import dataclass

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from pnp.model.base import Frozen, check_known
from pnp.model.tile import MAX_REVENUE
from pnp.model.text import Name, Text

MARKER_KINDS = ("station", "market", "ipo", "revenue", "round", "other")


class Reservation(Frozen):
    """A share kept back for exchange with a private company."""

    share: int = Field(ge=0, description="index into the company's shares list")
    private: str


class TokenDesign(Frozen):
    """A design on a token's ground: a band across it (`bar`), a ring (`target`), two
    bands (`stripes`), an upright band (`stripe`), a middle circle, a square, halves,
    quarters, or a road shield (`shield`: its body, then one or three colours across its
    top); its colours (bar, circle, shield: white without one), size (the band's height,
    the bands' distance from the middle, the stripe's width or the circle's radius, as
    a share of the token's radius) and angle (degrees clockwise)."""

    kind: Literal["bar", "target", "stripes", "stripe", "circle", "square", "halves", "quarters", "shield"]
    colors: tuple[Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")], ...] = Field((), max_length=4)
    size: float | None = Field(None, gt=0, le=1)
    angle: float = Field(0.0, ge=-360, le=360)


class TokenLook(Frozen):
    """What a company's station tokens or a private's tokens show beyond the company's
    badge: an `icon` (render/icons.py's names; any other name prints in a framed box),
    a `label` printed in place of the symbol, a `color` for the token's ground; a
    private's `count` tokens print with the companies' (1861's Tsarskoye Selo token)."""

    icon: str | None = Field(None, min_length=1, max_length=40)
    label: str | None = Field(None, min_length=1, max_length=12)
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")
    count: int = Field(1, ge=0, le=20)
    designs: tuple[TokenDesign, ...] = Field((), max_length=4, description="designs on the token's ground "
                                             "(18xx-maker's token designs), drawn in the order given")


class Company(Frozen):
    symbol: str
    name: str
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    text_color: str = Field("#ffffff", pattern=r"^#[0-9a-fA-F]{6}$")
    home: str | None = None
    home_city: int = Field(0, ge=0, description="which city of the home hex, counting its cities in data order")
    home_name: Name | None = None
    tokens: tuple[int, ...] = Field(min_length=1, description="cost of each station token; the first is the home")
    token_labels: tuple[str | None, ...] = Field((), description="printed under a token's space in place of its "
                                                 "cost, as the game writes it ('$20/hex', 'Exchange'); empty: "
                                                 "nothing printed; null: the cost")
    token_set_price: int | None = Field(None, ge=0, description="paid once, when the company floats, for all its "
                                        "station tokens together (1851: $100 for four); `tokens` then "
                                        "gives what laying each one costs")
    shares: tuple[int, ...] = (20, 10, 10, 10, 10, 10, 10, 10, 10)
    reserved: tuple[Reservation, ...] = ()
    par: tuple[int, ...] = ()
    float_percent: int | None = Field(None, ge=0, le=100)
    destination: str | None = None
    markers: dict[str, int] = Field(default_factory=lambda: {"market": 1})
    available: str | None = None
    layer: int | None = Field(None, ge=1, description="the row of the IPO in which the company becomes "
                              "available (1860: rows 1-4, opened one after another)")
    notes: str | None = None
    logo: str | None = Field(None, description="an SVG or PNG file inside the game folder (logos/KO.svg), "
                             "printed on the company's tokens, charter and certificates")
    token: TokenLook | None = Field(None, description="what its station tokens show beyond its badge: an icon "
                                    "(and a label in place of the symbol)")

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
            check_known(kind, MARKER_KINDS, "marker kind")
            if count < 0:
                raise ValueError(f"negative count {count} for {kind} markers")
        return v

    @model_validator(mode="after")
    def _token_labels(self):
        if len(self.token_labels) > len(self.tokens):
            raise ValueError(f"{len(self.token_labels)} token_labels for {len(self.tokens)} tokens")
        if any(label is not None and len(label) > 24 for label in self.token_labels):
            raise ValueError("a token label is at most 24 characters")
        return self

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
    revenue: int | Text
    text: Text = Text("")

    @field_validator("revenue")
    @classmethod
    def _revenue(cls, v):
        if isinstance(v, int) and not 0 <= v <= MAX_REVENUE:
            raise ValueError(f"revenue {str(v)[:20]} is outside 0-{MAX_REVENUE}")
        return v

    min_players: int | None = None
    comes_with: tuple[ShareGrant, ...] = ()
    exchange_for: str | None = None
    available: str | None = Field(None, description="the train whose first purchase makes this private "
                                  "available for sale (1860's FFC: 6+3); without it, from the start")
    color: str | None = Field(None, pattern=r"^#[0-9a-fA-F]{6}$")
    icon: str | None = Field(None, description="an icon printed beside the symbol (bridge, tunnel, port ...; "
                             "see render/icons.py); any other name prints in a framed box")
    token: TokenLook | None = Field(None, description="the private's own tokens, printed with the companies' "
                                    "tokens: a label (else its symbol), a colour, an icon, how many")


FLOTATION_FIELDS = ("symbol", "name", "home", "home_name", "tokens", "token_set_price", "float_percent")


class FlotationText(Frozen):
    """A flotation card's words. A step may name the company's own facts: {symbol},
    {name}, {home}, {home_name}, {tokens} (how many station tokens), {token_set_price},
    {float_percent}. Each text may be given per language ({en: ..., de: ...})."""

    title: Text | None = None  # default: pnp's own word ("Flotation"), in the kit's language
    steps: tuple[Text, ...] = Field(min_length=1)
    reminder: Text | None = None  # a closing line, e.g. a rule that holds from now on

    @model_validator(mode="after")
    def _placeholders(self):
        import string

        texts = [(f"steps[{i}]", step) for i, step in enumerate(self.steps)]
        texts += [("reminder", self.reminder)] if self.reminder else []
        for where, text in texts:
            wordings = dict(text.translations) if isinstance(text, Text) and text.translations else {"": text}
            for lang, content in wordings.items():
                place = f"{where}.{lang}" if lang else where
                try:
                    names = [f for _, f, _, _ in string.Formatter().parse(content) if f is not None]
                except ValueError as exc:
                    raise ValueError(f"{place}: {exc}") from None
                for name in names:
                    if name not in FLOTATION_FIELDS:
                        raise ValueError(f"{place}: unknown placeholder {{{name}}} "
                                         f"(known: {', '.join(FLOTATION_FIELDS)})")
        return self


class Flotation(FlotationText):
    """What a company does when it floats, as its flotation reference card lists it
    (1851)."""

    def in_language(self, lang: str, own: str = "en") -> FlotationText:
        """The card's words in `lang` (a kit's game is already in its language, see
        pnp.localise; this serves callers holding the data as loaded)."""
        from pnp.localise import resolve_texts

        return resolve_texts(self, lang, own)


class CompaniesFile(Frozen):
    companies: tuple[Company, ...] = Field(min_length=1)
    notes: str | None = None
    markers: dict[str, object] = Field(default_factory=dict, description="marker totals and their breakdown")
    flotation: Flotation | None = None  # printed as one flotation reference card per company

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
