// The reactions drawn (remarks.js): small SVG faces rather than the emoji the server names, so
// they look the same on every device, including those without a colour emoji font (Debian's
// Chromium here drew empty boxes). The emoji stays the remark's text for the talk's words.

const NS = "http://www.w3.org/2000/svg";
const FACE = '<circle cx="16" cy="16" r="14" class="face"/>';
const EYES = '<circle cx="11" cy="13" r="1.8" class="ink"/><circle cx="21" cy="13" r="1.8" class="ink"/>';

const DRAWN = {
  smile: `${FACE}${EYES}<path d="M10 19q6 6 12 0" class="line"/>`,
  laugh: `${FACE}<path d="M8.5 13q2.5-3 5 0M18.5 13q2.5-3 5 0" class="line"/><path d="M9 18h14q-1 7-7 7t-7-7z" class="ink"/>`,
  wow: `${FACE}${EYES}<ellipse cx="16" cy="21.5" rx="3" ry="3.8" class="ink"/>`,
  oh_no: `${FACE}${EYES}<path d="M10.5 23q5.5-5 11 0" class="line"/>`,
  heart: '<path d="M16 27s-11-6.6-11-14a6 6 0 0 1 11-3.3A6 6 0 0 1 27 13c0 7.4-11 14-11 14z" class="heart"/>',
};

/** The drawing of reaction `id` (aria-hidden: the words say it), or null if none. */
export function reactionSVG(id) {
  if (!DRAWN[id]) return null;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 32 32");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("reaction-picture");
  svg.innerHTML = DRAWN[id];
  return svg;
}
