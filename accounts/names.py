"""The one rule for a display name, wherever a name is chosen or stored: the sign-up and
settings pages, the setup form, joining a table over its socket, seats, tournaments and the
admin. It imports nothing of the site's, so every app (and every model) may use it.

A name is shown to other players next to their own text, so nothing in it may change how the
text around it looks: control characters (BEL, ESC sequences, NUL, newlines, tabs), format
characters (right-to-left overrides and isolates, zero-width spaces, the byte order mark,
invisible tag characters) and line or paragraph separators are refused. Names in any script
and emoji stay as typed, after Unicode normalisation (NFC, so one name has one spelling).
"""

import re
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy

#: A display name is a seat's name at a table (``Seat.name``), so no longer than one.
DISPLAY_NAME_MAX = 40

#: Unicode categories refused: control (Cc), format (Cf), surrogate (Cs), line and paragraph
#: separators (Zl, Zp).
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

#: Format characters that writing needs: the zero-width non-joiner and joiner shape Persian
#: and Indic words and join emoji sequences (family, profession and skin-tone emoji).
_WRITING_JOINERS = frozenset({"\u200c", "\u200d"})

#: The flags of England, Scotland and Wales: a black flag, invisible tag characters, a
#: cancel tag. Tags anywhere else are hidden text, refused like any format character.
_EMOJI_TAG_SEQUENCE = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")

#: How a refused character without a Unicode name is described.
_UNNAMED = {
    "\t": gettext_lazy("a tab"),
    "\n": gettext_lazy("a line break"),
    "\r": gettext_lazy("a line break"),
    "\x1b": gettext_lazy("an escape"),
}


def clean_display_name(name: str) -> str:
    """``name`` as it is saved and shown (NFC, trimmed), or a ValidationError whose message
    says, in a player's words, what to change."""
    name = unicodedata.normalize("NFC", name).strip()
    refused = _first_refused(_EMOJI_TAG_SEQUENCE.sub("", name))
    if refused is not None:
        raise ValidationError(
            gettext(
                "A display name cannot contain invisible or control characters such as line "
                "breaks or text-direction marks: remove %(refused)s."
            )
            % {"refused": refused},
            code="invalid_character",
        )
    # Joiners and combining marks alone would show as nothing: a name needs a letter, a
    # digit, a punctuation mark or a symbol.
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        raise ValidationError(gettext("Choose a display name."), code="required")
    if len(name) > DISPLAY_NAME_MAX:
        raise ValidationError(
            gettext("A display name has at most %(max)s characters.") % {"max": DISPLAY_NAME_MAX},
            code="max_length",
        )
    return name


def validate_display_name(value: str) -> None:
    """The rule as a model field validator (``Seat.name``): ``full_clean`` and the admin then
    refuse what the forms and services refuse."""
    clean_display_name(value)


def _first_refused(name: str) -> str | None:
    """The first refused character of ``name``, described for a person (None: none)."""
    for char in name:
        if char not in _WRITING_JOINERS and unicodedata.category(char) in _REFUSED_CATEGORIES:
            label = unicodedata.name(char, "").lower() or _UNNAMED.get(
                char, "an invisible character"
            )
            return f"U+{ord(char):04X} ({label})"
    return None


class DisplayNameField(forms.CharField):
    """A form field for a display name: the value it gives is :func:`clean_display_name`'s,
    and a refused one is the field's error."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", DISPLAY_NAME_MAX)
        super().__init__(**kwargs)

    def to_python(self, value: object) -> str | None:
        value = super().to_python(value)
        return clean_display_name(value) if value else value
