"""The games' admin pages: a player's preferences for new games."""

from django.contrib import admin

from games.models import Preferences


@admin.register(Preferences)
class PreferencesAdmin(admin.ModelAdmin):
    list_display = ["user", "preset", "target", "single_draw", "computer_level", "updated_at"]
    list_select_related = ["user"]
    search_fields = ["user__email", "user__first_name"]
    raw_id_fields = ["user"]
