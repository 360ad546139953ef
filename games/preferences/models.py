"""The model of a player's preferences for new games (re-exported by games.models)."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from games.engine import TARGET_RANGE, Preset
from games.engine.bots import Level
from games.words import LEVEL_NAMES, PRESET_NAMES


class Preferences(models.Model):
    """A player's preferences: the starting values of the setup form for the games they create.
    Saved only once the player changes them; until then :func:`games.preferences.preferences_of`
    gives the defaults (the same as a guest's). A table copies its rules when it is created, so
    changing preferences never changes an existing table."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    preset = models.CharField(
        max_length=16,
        choices=[(preset.value, PRESET_NAMES[preset]) for preset in Preset],
        default=Preset.DRAW.value,
    )
    target = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[
            MinValueValidator(TARGET_RANGE.start),
            MaxValueValidator(TARGET_RANGE.stop - 1),
        ],
        help_text="Points to win a match; empty: the preset's own.",
    )
    single_draw = models.BooleanField(
        default=False,
        help_text="When stuck, draw one tile, play it if it fits, otherwise pass.",
    )
    show_hints = models.BooleanField(default=True, help_text="Light the tiles you can play.")
    computer_level = models.CharField(
        max_length=8,
        choices=[(level.value, LEVEL_NAMES[level]) for level in Level],
        default=Level.MEDIUM.value,
    )
    alternating_starters = models.BooleanField(
        default=False,
        help_text="The next player in turn opens each new hand (not the last hand's winner).",
    )
    language = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=settings.LANGUAGES,
        help_text="The site's language, picked from the header; empty: the browser's.",
    )
    last_setup = models.JSONField(
        default=dict,
        blank=True,
        help_text="The setup form's last choices (games.setup_memory): the next setup starts "
        "from them, and Play the computer plays them again, on any device.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        # Made in accounts, moved here so that accounts knows nothing of games: the table kept
        # its name (migrations games 0024, accounts 0004).
        db_table = "accounts_preferences"
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"Preferences of user {self.user_id}"
