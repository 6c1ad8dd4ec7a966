"""Railway companies (corporations) and private companies, and the certificates they
print as."""


from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from pnp.model.base import FieldError, Frozen, HexColour, check_known, set_field
from pnp.model.tile import MAX_REVENUE
from pnp.model.text import Name, Text

MARKER_KINDS = ("station", "market", "ipo", "revenue", "round", "other")


class Reservation(Frozen):
    """A share kept back for exchange with a private company."""

    share: Annotated[int, Meta(ge=0, description="index into the company's shares list")]
    private: str


class TokenDesign(Frozen):
    """A design on a token's ground: a band across it (`bar`), a ring (`target`), two
    bands (`stripes`), an upright band (`stripe`), a middle circle, a square, halves,
    quarters, or a road shield (`shield`: its body, then one or three colours across its
    top); its colours (bar, circle, shield: white without one), size (the band's height,
    the bands' distance from the middle, the stripe's width or the circle's radius, as
    a share of the token's radius) and angle (degrees clockwise)."""

    kind: Literal["bar", "target", "stripes", "stripe", "circle", "square", "halves", "quarters", "shield"]
    colors: Annotated[tuple[HexColour, ...], Meta(max_length=4)] = ()
    size: Annotated[float, Meta(gt=0, le=1)] | None = None
    angle: Annotated[float, Meta(ge=-360, le=360)] = 0.0


class TokenLook(Frozen):
    """What a company's station tokens or a private's tokens show beyond the company's
    badge: an `icon` (render/icons.py's names; any other name prints in a framed box),
    a `label` printed in place of the symbol, a `color` for the token's ground; a
    private's `count` tokens print with the companies' (1861's Tsarskoye Selo token)."""

    icon: Annotated[str, Meta(min_length=1, max_length=40)] | None = None
    label: Annotated[str, Meta(min_length=1, max_length=12)] | None = None
    color: HexColour | None = None
    count: Annotated[int, Meta(ge=0, le=20)] = 1
    designs: Annotated[tuple[TokenDesign, ...], Meta(
        max_length=4, description="designs on the token's ground (18xx-maker's token designs), drawn in the order "
                                  "given")] = ()


class Company(Frozen):
    symbol: str
    name: str
    color: HexColour
    text_color: HexColour = "#ffffff"
    home: str | None = None
    home_city: Annotated[int, Meta(
        ge=0, description="which city of the home hex, counting its cities in data order")] = 0
    home_name: Name | None = None
    tokens: Annotated[tuple[int, ...], Meta(
        min_length=1, description="cost of each station token; the first is the home")]
    token_labels: Annotated[tuple[str | None, ...], Meta(
        description="printed under a token's space in place of its cost, as the game writes it ('$20/hex', "
                    "'Exchange'); empty: nothing printed; null: the cost")] = ()
    token_set_price: Annotated[int, Meta(
        ge=0, description="paid once, when the company floats, for all its station tokens together (1851: $100 for "
                          "four); `tokens` then gives what laying each one costs")] | None = None
    shares: tuple[int, ...] = (20, 10, 10, 10, 10, 10, 10, 10, 10)
    reserved: tuple[Reservation, ...] = ()
    par: tuple[int, ...] = ()
    float_percent: Annotated[int, Meta(ge=0, le=100)] | None = None
    destination: str | None = None
    markers: dict[str, int] = msgspec.field(default_factory=lambda: {"market": 1})
    available: str | None = None
    layer: Annotated[int, Meta(
        ge=1, description="the row of the IPO in which the company becomes available (1860: rows 1-4, opened one "
                          "after another)")] | None = None
    notes: str | None = None
    logo: Annotated[str, Meta(
        description="an SVG or PNG file inside the game folder (logos/KO.svg), printed on the company's tokens, "
                    "charter and certificates")] | None = None
    token: Annotated[TokenLook, Meta(
        description="what its station tokens show beyond its badge: an icon (and a label in place of the "
                    "symbol)")] | None = None

    def __post_init__(self):
        v = self.shares
        if not v:
            raise FieldError("shares", "a company needs at least one share")
        if any(s <= 0 for s in v):
            raise FieldError("shares", "share percentages must be positive")
        if sum(v) != 100:
            raise FieldError("shares", f"shares add up to {sum(v)}%, not 100%")
        for kind, count in self.markers.items():
            check_known(kind, MARKER_KINDS, "marker kind", "markers")
            if count < 0:
                raise FieldError("markers", f"negative count {count} for {kind} markers")
        if len(self.token_labels) > len(self.tokens):
            raise ValueError(f"{len(self.token_labels)} token_labels for {len(self.tokens)} tokens")
        if any(label is not None and len(label) > 24 for label in self.token_labels):
            raise ValueError("a token label is at most 24 characters")
        for r in self.reserved:
            if r.share >= len(self.shares):
                raise ValueError(f"reserved share {r.share} but the company has {len(self.shares)} shares")

    def marker_counts(self) -> dict[str, int]:
        """Every round marker the company needs: its station tokens plus the rest."""
        return {"station": len(self.tokens), **{k: v for k, v in self.markers.items() if k != "station"}}

    def certificates(self) -> list["Certificate"]:
        reserved = {r.share: r.private for r in self.reserved}
        return [Certificate(self, i, pct, i == 0, reserved.get(i)) for i, pct in enumerate(self.shares)]


class Certificate(Struct, frozen=True):
    company: Company
    index: int
    percent: int
    director: bool
    reserved_for: str | None = None


class ShareGrant(Frozen):
    """A share that comes with a private company (1851's L&N shares)."""

    company: str
    percent: Annotated[int, Meta(gt=0, le=100)]
    director: bool = False


class Private(Frozen):
    symbol: str
    name: str
    value: Annotated[int, Meta(ge=0)]
    revenue: int | str | dict[str, str]  # a number, or a text (`Text` once read)
    text: Text = msgspec.field(default_factory=lambda: Text(""))

    min_players: int | None = None
    comes_with: tuple[ShareGrant, ...] = ()
    exchange_for: str | None = None
    available: Annotated[str, Meta(
        description="the train whose first purchase makes this private available for sale (1860's FFC: 6+3); without "
                    "it, from the start")] | None = None
    color: HexColour | None = None
    icon: Annotated[str, Meta(
        description="an icon printed beside the symbol (bridge, tunnel, port ...; see render/icons.py); any other "
                    "name prints in a framed box")] | None = None
    token: Annotated[TokenLook, Meta(
        description="the private's own tokens, printed with the companies' tokens: a label (else its symbol), a "
                    "colour, an icon, how many")] | None = None

    def __post_init__(self):
        v = self.revenue
        if isinstance(v, int) and not 0 <= v <= MAX_REVENUE:
            raise FieldError("revenue", f"revenue {str(v)[:20]} is outside 0-{MAX_REVENUE}")
        if not isinstance(v, int):
            try:
                set_field(self, "revenue", Text.parse(v))
            except ValueError as exc:
                raise FieldError("revenue", str(exc)) from None


FLOTATION_FIELDS = ("symbol", "name", "home", "home_name", "tokens", "token_set_price", "float_percent")


class FlotationText(Frozen):
    """A flotation card's words. A step may name the company's own facts: {symbol},
    {name}, {home}, {home_name}, {tokens} (how many station tokens), {token_set_price},
    {float_percent}. Each text may be given per language ({en: ..., de: ...})."""

    title: Text | None = None  # default: pnp's own word ("Flotation"), in the kit's language
    steps: Annotated[tuple[Text, ...], Meta(min_length=1)]
    reminder: Text | None = None  # a closing line, e.g. a rule that holds from now on

    def __post_init__(self):
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


class Flotation(FlotationText):
    """What a company does when it floats, as its flotation reference card lists it
    (1851)."""

    def in_language(self, lang: str, own: str = "en") -> FlotationText:
        """The card's words in `lang` (a kit's game is already in its language, see
        pnp.localise; this serves callers holding the data as loaded)."""
        from pnp.localise import resolve_texts

        return resolve_texts(self, lang, own)


class CompaniesFile(Frozen):
    companies: Annotated[tuple[Company, ...], Meta(min_length=1)]
    notes: str | None = None
    markers: Annotated[dict[str, Any], Meta(description="marker totals and their breakdown")] = {}
    flotation: Flotation | None = None  # printed as one flotation reference card per company

    def __post_init__(self):
        seen = set()
        for c in self.companies:
            if c.symbol in seen:
                raise ValueError(f"duplicate company symbol '{c.symbol}'")
            seen.add(c.symbol)


class PrivatesFile(Frozen):
    privates: tuple[Private, ...] = ()
    notes: str | None = None
