// The table page's elements and the few things every part does to them: find one by id, make a
// span of words, say something (the live region and the status line), show or hide the alert.
// Its own module, so that the parts fetched later (the lobby, the talk) share it with the first
// load without pulling the page's controller into a chunk of their own (npm run build).

export const $ = (id) => document.getElementById(id);

export const span = (className, text) => {
  const el = document.createElement("span");
  el.className = className;
  el.textContent = text;
  return el;
};

/** Announce politely: each message is a new line in the live region (so quick successive moves
 * are all read), and the status line shows `short` (the latest news when the whole is long). */
export function say(text, short = text) {
  const live = $("live");
  const line = document.createElement("p");
  line.textContent = text;
  live.append(line);
  while (live.childElementCount > 6) live.firstElementChild.remove();
  $("status").textContent = short;
}

export function showAlert(text) {
  const alert = $("alert");
  alert.textContent = text;
  alert.hidden = false;
}

export function hideAlert() {
  const alert = $("alert");
  alert.hidden = true;
  alert.textContent = "";
}
