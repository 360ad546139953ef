import accounts.names
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0015_seat_guest_index'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='table',
            options={'permissions': [('view_any_record', 'Can replay any finished match and download its record')]},
        ),
        migrations.AlterField(
            model_name='seat',
            name='name',
            field=models.CharField(max_length=40, validators=[accounts.names.validate_display_name]),
        ),
    ]
