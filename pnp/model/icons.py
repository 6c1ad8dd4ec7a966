"""Icon names: the pictures pnp draws (render/icons.py) and the other names 18xx-maker
and 18xx.games give them. Any other name is printed as text in a framed box."""

KNOWN_ICONS = ("port", "mine", "coal", "oil", "farm", "ferry", "boat", "mountain", "river", "tunnel", "bridge",
               "airport", "factory", "bonus", "lock", "cattle", "forest", "rocket", "fruit")

# other names for the same picture (18xx-maker's and 18xx.games' image names)
ALIASES = {
    "anchor": "port", "harbor": "port", "harbour": "port", "mines": "mine", "ore": "mine", "coalcar": "coal",
    "oil-derrick": "oil", "derrick": "oil", "wheat": "farm", "grain": "farm", "steamboat": "ferry", "ship": "boat",
    "mountains": "mountain", "water": "river", "stream": "river", "canal": "lock", "plane": "airport",
    "industry": "factory", "star": "bonus", "bonus_star": "bonus", "meat": "cattle", "cow": "cattle",
    "cow_icon": "cattle", "tree": "forest", "orange": "fruit", "fruit": "fruit",
}


def canonical(name: str) -> str | None:
    """The icon pnp draws for a name ("18_co/mine.svg" -> "mine"), or None."""
    base = name.rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    base = ALIASES.get(base, base)
    return base if base in KNOWN_ICONS else None


def label(name: str) -> str:
    """What an unknown icon's box prints: the name without folders or extension."""
    return name.rsplit("/", 1)[-1].rsplit(".", 1)[0]


