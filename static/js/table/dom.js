// The table page's elements and the few things every part does to them: find one by id, make a
// span of words or a seat's avatar, say something (the live region and the status line), show
// or hide the alert.
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

// A seat's avatar, as the server describes it (accounts.avatars: `seat.avatar` in the state),
// drawn as the `avatar` template tag draws it (templates/_avatar.html): a computer's level's
// robot (the page's sprite, templates/_avatar_sprite.html) with the level as a badge, or a
// person's initials or emoji on their colour. Decoration: the name beside it says who.
/** The avatar of `seat` (a seat of the state's table). */
export function avatarOf({ avatar }) {
  const el = span("avatar", avatar.emoji || avatar.initials || "");
  el.setAttribute("aria-hidden", "true");
  if (avatar.bot) {
    // The level's robot and badge, as the page's sprite draws them.
    el.className = "avatar avatar-bot";
    el.dataset.level = avatar.bot;
    el.innerHTML = `<svg viewBox="0 0 32 32"><use href="#robot-${avatar.bot}"/></svg>`;
  } else el.dataset.colour = avatar.colour;
  return el;
}
