"""What may be said at a table: a fixed list of phrases and reactions, never free text.

A remark is sent as a phrase's id; the server answers with the phrase's own words, so nothing
a person types ever reaches the others. Whether a phrase is allowed depends on the table:

- at a partnership table (``Rules.teams``) only phrases that say nothing of the game (no tile,
  number or suit, nothing about one's hand): a partner could otherwise be signalled; and the
  players say none of them during a hand unless the host allowed it (games.services.remarks);
- spectators may only react (the emoji), never speak for or to a side.

The words of every phrase are checked by the tests to spell no number, tile or suit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.StrEnum):
    PHRASE = "phrase"
    REACTION = "reaction"


@dataclass(frozen=True, slots=True)
class Phrase:
    """One thing a person may say: ``id`` travels, ``text`` is shown (``label`` is what a
    screen reader says of a reaction's emoji). ``about_the_game``: it tells something of the
    speaker's hand or the play, so it is never allowed between partners."""

    id: str
    text: str
    kind: Kind
    label: str = ""
    about_the_game: bool = False

    @property
    def spoken(self) -> str:
        """The words for a screen reader: the label of an emoji, else the text."""
        return self.label or self.text


PHRASES: tuple[Phrase, ...] = (
    Phrase("hello", "Hello!", Kind.PHRASE),
    Phrase("good_game", "Good game", Kind.PHRASE),
    Phrase("nice_play", "Nice play", Kind.PHRASE),
    Phrase("well_played_partner", "Well played, partner", Kind.PHRASE),
    Phrase("oops", "Oops", Kind.PHRASE),
    Phrase("one_moment", "One moment", Kind.PHRASE),
    Phrase("thanks", "Thanks", Kind.PHRASE),
    # Tells how one's hand stands: harmless between two opponents, a signal between partners.
    Phrase("stuck", "I'm stuck", Kind.PHRASE, about_the_game=True),
    # Reactions: drawn as pictures by the page (static/js/table/reactions.js), the emoji kept
    # as their text.
    Phrase("smile", "\N{SLIGHTLY SMILING FACE}", Kind.REACTION, label="smile"),
    Phrase(
        "laugh",
        "\N{SMILING FACE WITH OPEN MOUTH AND SMILING EYES}",
        Kind.REACTION,
        label="laughing",
    ),
    Phrase("wow", "\N{FACE WITH OPEN MOUTH}", Kind.REACTION, label="wow"),
    Phrase("oh_no", "\N{WORRIED FACE}", Kind.REACTION, label="oh no"),
    Phrase(
        "heart", "\N{HEAVY BLACK HEART}\N{VARIATION SELECTOR-16}", Kind.REACTION, label="love it"
    ),
)

BY_ID: dict[str, Phrase] = {phrase.id: phrase for phrase in PHRASES}


def allowed(*, partnership: bool, spectator: bool) -> tuple[Phrase, ...]:
    """The phrases a person may say at a table: ``partnership`` (the rules' teams), as a
    ``spectator`` (nobody's seat) or a player."""
    return tuple(
        phrase
        for phrase in PHRASES
        if not (partnership and phrase.about_the_game)
        and not (spectator and phrase.kind is not Kind.REACTION)
    )
