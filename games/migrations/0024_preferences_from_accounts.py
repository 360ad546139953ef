"""The preferences for new games, moved here from accounts (accounts knows nothing of games):
the model enters games' state on the table accounts made, accounts_preferences, which stays
(accounts 0004 takes the model out of accounts' state)."""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0023_duplicate'),
        ('accounts', '0003_preferences_last_setup'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Preferences',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('preset', models.CharField(choices=[('classic', 'Classic'), ('single_round', 'Single round'), ('team_draw', 'Team draw'), ('draw', 'Draw'), ('block', 'Block'), ('all_fives', 'All Fives'), ('brazilian', 'Brazilian partnership')], default='draw', max_length=16)),
                        ('target', models.PositiveSmallIntegerField(blank=True, help_text="Points to win a match; empty: the preset's own.", null=True, validators=[django.core.validators.MinValueValidator(25), django.core.validators.MaxValueValidator(500)])),
                        ('single_draw', models.BooleanField(default=False, help_text='When stuck, draw one tile, play it if it fits, otherwise pass.')),
                        ('show_hints', models.BooleanField(default=True, help_text='Light the tiles you can play.')),
                        ('computer_level', models.CharField(choices=[('easy', 'Easy: plays any tile that fits'), ('medium', 'Medium: sheds its heaviest tile'), ('hard', 'Hard: counts tiles and reads passes'), ('master', 'Master: also simulates the deals it cannot see')], default='medium', max_length=8)),
                        ('alternating_starters', models.BooleanField(default=False, help_text="The next player in turn opens each new hand (not the last hand's winner).")),
                        ('last_setup', models.JSONField(blank=True, default=dict, help_text="The setup form's last choices (games.setup_memory): the next setup starts from them, and Play the computer plays them again, on any device.")),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='preferences', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name_plural': 'preferences',
                        'db_table': 'accounts_preferences',
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
