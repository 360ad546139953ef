"""Display names saved before the one rule (accounts.names) could hold control, format or
bidi characters, which tables now refuse: a tournament would fail to seat such a player. Each
is saved cleaned (NFC, trimmed); one the rule refuses is cleared, so the player shows as
"Player <id>" until they choose again."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import migrations

from accounts.names import clean_display_name


def clean_stored_names(apps, schema_editor):
    User = apps.get_model(settings.AUTH_USER_MODEL)
    for user in User.objects.exclude(first_name="").only("pk", "first_name").iterator():
        try:
            name = clean_display_name(user.first_name)
        except ValidationError:
            name = ""
        if name != user.first_name:
            User.objects.filter(pk=user.pk).update(first_name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(clean_stored_names, migrations.RunPython.noop)]
