"""Profiles move to ``/players/<handle>/`` (accounts.handles): every player's username, made
by allauth from the email address, becomes a handle made from their display name. Staff keep
the username an operator chose."""

from django.db import migrations


def give_handles(apps, schema_editor):
    from accounts.handles import unused_handle

    User = apps.get_model("auth", "User")
    for user in User.objects.filter(is_staff=False).order_by("pk"):
        others = User.objects.exclude(pk=user.pk)
        user.username = unused_handle(
            user.first_name, taken=lambda handle: others.filter(username__iexact=handle).exists()
        )
        user.save(update_fields=["username"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_preferences_moved_to_games"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(give_handles, migrations.RunPython.noop)]
