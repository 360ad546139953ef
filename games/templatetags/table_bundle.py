"""``{% table_bundle as bundle %}``: the table's script as ``collectstatic`` bundled it, or None
where the sources are served (development, tests, a server started without collectstatic)."""

from django import template
from django.contrib.staticfiles.storage import staticfiles_storage

from dominoes.static_storage import TableBundle

register = template.Library()


@register.simple_tag
def table_bundle() -> TableBundle | None:
    return getattr(staticfiles_storage, "table_bundle", None)
