// The scripts' words in the reader's language: Django's JavaScript catalog (/i18n/catalog.js,
// loaded deferred by base.html before any module runs, for every language but English) defines
// window.django; these are its functions as an ES module. Without the catalog the English words,
// as written, are kept.
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

/** A translated sentence with its named placeholders filled: fill(gettext("%(name)s drew"), {name}). */
export function fill(text, values) {
  const django = catalog();
  if (django) return django.interpolate(text, values, true);
  return text.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
