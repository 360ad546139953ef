"""The preferences for new games moved to the games app (accounts knows nothing of games): the
model leaves accounts' state; its table, accounts_preferences, stays where it is and is the
games model's from games 0024 on."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_preferences_last_setup"),
        ("games", "0024_preferences_from_accounts"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Preferences")],
            database_operations=[],
        ),
    ]
