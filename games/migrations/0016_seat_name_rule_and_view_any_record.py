import accounts.names
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_log_without_constraint'),
    ]

    operations = [
        migrations.AlterField(
            model_name='seat',
            name='name',
            field=models.CharField(max_length=40, validators=[accounts.names.validate_display_name]),
        ),
    ]
