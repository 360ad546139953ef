"""Whether a match is rated is stored when it is dealt (Table.rated); the tables already
dealt get the answer the rule gives today (games.services.is_rated, as it read then). And a
seat's Leave at a rated or tournament table is dated (Seat.left_at)."""

from django.db import migrations, models

from games.engine import Rules


def rate_dealt_tables(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    dealt = Table.objects.filter(
        kind="online", started_at__isnull=False, take_backs=0, arrivals=[]
    ).prefetch_related("seats")
    rated = [
        table.pk
        for table in dealt.iterator(chunk_size=500)
        if Rules.from_record(table.rules).sides == 2
        and all(seat.user_id is not None and not seat.bot_level for seat in table.seats.all())
    ]
    Table.objects.filter(pk__in=rated).update(rated=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0026_preferences_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="rated",
            field=models.BooleanField(
                default=False,
                help_text="Rated (games.services.is_rated), decided once, at the match's first "
                "deal: nothing that happens later (a guest signing in) changes it.",
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="left_at",
            field=models.DateTimeField(
                blank=True,
                null=True,
                help_text="When the person pressed Leave at a table where leaving forfeits "
                "(Table.leaving_forfeits): back within the rejoin grace, or the match is lost.",
            ),
        ),
        migrations.RunPython(rate_dealt_tables, migrations.RunPython.noop),
    ]
