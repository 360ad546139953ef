// Times in each reader's own time zone: a <time data-local datetime="ISO 8601"> shows the
// server's words (the host's zone, named) until this formats it on the browser's clock.
// data-local="time" is a time of today (a check-in's close): the hour alone. Dates are written
// in the page's language (a Spanish page in an English browser says "lunes"), as its words are.
import { fill, gettext } from "./i18n.js";

const language = document.documentElement.lang || undefined;
const formats = {
  "": new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short" }),
  time: new Intl.DateTimeFormat(language, { timeStyle: "short" }),
};

export function showLocalTimes(root = document) {
  for (const time of root.querySelectorAll("time[data-local]")) {
    const when = new Date(time.getAttribute("datetime"));
    if (Number.isNaN(when.getTime())) continue;
    const format = formats[time.dataset.local] || formats[""];
    time.textContent = fill(gettext("%(time)s (your time)"), { time: format.format(when) });
    time.title = time.dataset.hostTime || "";
  }
}

showLocalTimes();
