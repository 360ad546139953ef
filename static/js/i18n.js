// The scripts' words in the reader's language: Django's JavaScript catalog (/i18n/catalog.js,
// loaded deferred by base.html before any module runs) defines window.django; these are its
// functions as an ES module. Without the catalog the English words are kept.
const catalog = () => globalThis.django;

export function gettext(text) {
  return catalog()?.gettext(text) ?? text;
}

export function ngettext(singular, plural, count) {
  return catalog()?.ngettext(singular, plural, count) ?? (count === 1 ? singular : plural);
}

export function pgettext(context, text) {
  return catalog()?.pgettext(context, text) ?? text;
}

// interpolate("%(n)s unread", { n: 3 }, true) or interpolate("%s unread", [3]).
export function interpolate(format, values, named = false) {
  const django = catalog();
  if (django) return django.interpolate(format, values, named);
  return named
    ? format.replace(/%\(\w+\)s/g, (match) => String(values[match.slice(2, -2)]))
    : format.replace(/%s/g, () => String(values.shift()));
}
