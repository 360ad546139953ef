"""A player chooses their avatar and changes their handle in settings: the avatar they chose,
and the handles they gave up (whose profile links still send on to them)."""

import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0005_handles_from_display_names'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Avatar',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('colour', models.CharField(blank=True, choices=[('coral', 'coral'), ('amber', 'amber'), ('olive', 'olive'), ('green', 'green'), ('teal', 'teal'), ('sky', 'sky'), ('indigo', 'indigo'), ('plum', 'plum'), ('rose', 'rose'), ('slate', 'slate')], help_text='Blank: the colour that follows from the account.', max_length=12)),
                ('emoji', models.CharField(blank=True, choices=[('fox', 'fox'), ('owl', 'owl'), ('cat', 'cat'), ('turtle', 'turtle'), ('octopus', 'octopus'), ('bee', 'bee'), ('lion', 'lion'), ('penguin', 'penguin'), ('cactus', 'cactus'), ('clover', 'clover'), ('star', 'star'), ('moon', 'moon'), ('die', 'die'), ('guitar', 'guitar')], help_text='Blank: the initials of the display name.', max_length=12)),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='avatar', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.CreateModel(
            name='FormerHandle',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('handle', models.CharField(max_length=150)),
                ('changed_at', models.DateTimeField(auto_now_add=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='former_handles', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'constraints': [models.UniqueConstraint(django.db.models.functions.text.Lower('handle'), name='former_handle_unique_any_case')],
            },
        ),
    ]
