from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm

from accounts.names import DisplayNameField


class PlayerChangeForm(UserChangeForm):
    # ``first_name`` is the display name (accounts.selectors.display_name): staff editing it
    # follow the players' rule. Blank shows "Player <id>".
    first_name = DisplayNameField(label="Display name", required=False)


admin.site.unregister(get_user_model())


@admin.register(get_user_model())
class PlayerAdmin(UserAdmin):
    form = PlayerChangeForm
