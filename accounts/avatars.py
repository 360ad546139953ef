"""A person's avatar, drawn by the pages without any image (static/js/table/dom.js and the
``avatar`` template tag draw the same thing): a circle of colour with their initials, or an
emoji they chose on it. By default the colour follows from who they are (the same on every
page and at every table, never random) and the initials from their name; the settings page
lets them choose a colour and an emoji from the short lists here (:class:`accounts.models.
Avatar`). A computer's avatar is its level's robot face (``{"bot": level}``).

An avatar is data, the same for every reader: ``{"initials": "AL", "colour": "teal"}`` or
``{"emoji": "🦊", "colour": "teal"}``. The colours are named here and painted by the style
sheet (``.avatar[data-colour=...]`` in static/css/site.css), so a page needs no inline style.
"""

import hashlib
import unicodedata

#: The colours of avatars, each dark enough for white initials to read on it (site.css).
COLOURS: tuple[str, ...] = (
    "coral",
    "amber",
    "olive",
    "green",
    "teal",
    "sky",
    "indigo",
    "plum",
    "rose",
    "slate",
)

#: The emoji a person may show instead of their initials, by the key stored.
EMOJIS: dict[str, str] = {
    "fox": "\U0001f98a",
    "owl": "\U0001f989",
    "cat": "\U0001f431",
    "turtle": "\U0001f422",
    "octopus": "\U0001f419",
    "bee": "\U0001f41d",
    "lion": "\U0001f981",
    "penguin": "\U0001f427",
    "cactus": "\U0001f335",
    "clover": "\U0001f340",
    "star": "\u2b50",
    "moon": "\U0001f319",
    "die": "\U0001f3b2",
    "guitar": "\U0001f3b8",
}


def initials(name: str) -> str:
    """The initials of ``name``: the first letter or digit of its first and last words
    ("Ada Lovelace": "AL", "Guest 4821": "G4", "ana": "A"), else its first character (a name
    of emoji only: that emoji)."""
    words = [word for word in name.split() if _first_alnum(word)]
    if not words:
        return name.strip()[:1]
    first = _first_alnum(words[0])
    last = _first_alnum(words[-1]) if len(words) > 1 else ""
    return (first + last).upper()


def _first_alnum(word: str) -> str:
    return next((char for char in word if unicodedata.category(char)[0] in "LN"), "")


def colour_for(key: str) -> str:
    """The colour that follows from ``key`` (who the person is: see :func:`person_key`)."""
    digest = hashlib.sha256(key.encode()).digest()
    return COLOURS[int.from_bytes(digest[:4]) % len(COLOURS)]


def person_key(*, user_id: int | None, name: str) -> str:
    """Who a person is, for their default colour: their account, else the name they sit
    under (a guest's, "Guest 4821", is the same at every table of their browser)."""
    return f"user:{user_id}" if user_id is not None else f"name:{name}"


def person_avatar(
    *, name: str, user_id: int | None, colour: str = "", emoji: str = ""
) -> dict[str, str]:
    """The avatar of a person called ``name``: their chosen ``colour`` and ``emoji`` (keys of
    :data:`COLOURS` and :data:`EMOJIS`; anything else, or blank, is the default)."""
    shown = colour if colour in COLOURS else colour_for(person_key(user_id=user_id, name=name))
    if emoji in EMOJIS:
        return {"emoji": EMOJIS[emoji], "colour": shown}
    return {"initials": initials(name), "colour": shown}


def bot_avatar(level: str) -> dict[str, str]:
    """A computer's avatar: its level's robot face, the level as a badge."""
    return {"bot": level}
