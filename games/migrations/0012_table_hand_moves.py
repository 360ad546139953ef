"""A move appends to a small column of its own, ``hand_moves``, instead of rewriting the whole
record (big, TOASTed and compressed) at every move; the next deal folds them into the record
(games.writes). The model's ``record`` field becomes ``settled_record`` (``Table.record`` is now
the property that puts the two together) without renaming the column: the data and the lz4
compression of migration 0010 stay as they are, and both field operations below are no-ops in
the database (``sqlmigrate`` shows none).

``hand_moves`` is small, but a long hand's moves make the row large enough for PostgreSQL to
compress it in place at every move: with lz4, as the record, for the same reason. Other
databases, and PostgreSQL before 14 or built without lz4, keep their default."""

from django.db import migrations, models

from games.migrations import _lz4 as lz4


def set_lz4(apps, schema_editor):
    lz4.set_lz4(schema_editor, "hand_moves")


def fold_hand_moves(apps, schema_editor):
    """Back to the record alone (the code before this migration reads nothing else): the moves
    apart go into its last hand first, or the record would lose them."""
    Table = apps.get_model("games", "Table")
    for table in Table.objects.exclude(hand_moves=[]).iterator():
        table.settled_record["hands"][-1]["moves"] += table.hand_moves
        table.save(update_fields=["settled_record"])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0011_log_table_index_in_the_unique_one'),
    ]

    operations = [
        migrations.AlterField(
            model_name='table',
            name='record',
            field=models.JSONField(db_column='record', help_text='The match as last written whole, a cache of the log: without hand_moves, read it through Table.record. Never sent out.'),
        ),
        migrations.RenameField(
            model_name='table',
            old_name='record',
            new_name='settled_record',
        ),
        migrations.AddField(
            model_name='table',
            name='hand_moves',
            field=models.JSONField(default=list, help_text="The moves of settled_record's last hand played since it was written."),
        ),
        migrations.RunPython(migrations.RunPython.noop, fold_hand_moves, elidable=False),
        # Reversed, the column is dropped just after: its compression needs no undoing.
        migrations.RunPython(set_lz4, migrations.RunPython.noop, elidable=False),
    ]
