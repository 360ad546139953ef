// The end panel's container (its rows are result.js's, the coach's lines review.js's): it folds
// away to a small button in the felt's corner, so that the final board can be looked at, and
// comes back (the button's two labels are the template's); open, it shows all it holds without
// scrolling inside. Taller than the room under its top (four rows and the coach on a phone, the
// coach's lines on a phone held sideways), it rises over the header above it rather than
// scroll; Next round, under the felt, stays in view. A new end opens unfolded.

// No import: one shared with the first load would split its chunk in two (npm run build).
const $ = (id) => document.getElementById(id);
const panel = () => $("end-panel");

/** Lift the open panel by what would scroll inside it, as far as the window's top allows. */
function fit() {
  const end = panel();
  end.style.removeProperty("--lift");
  if (end.hidden || end.classList.contains("folded")) return;
  const over = end.scrollHeight - end.clientHeight;
  const room = Math.max(0, end.getBoundingClientRect().top - 4);
  if (over > 0) end.style.setProperty("--lift", `${Math.min(over, room)}px`);
}

function fold(folded) {
  panel().classList.toggle("folded", folded);
  $("end-fold").setAttribute("aria-expanded", !folded);
  fit();
}

let bound = false;

/** After each drawing of the page (view.js). */
export function renderFold() {
  if (!bound) {
    bound = true;
    $("end-fold").onclick = () => fold(!panel().classList.contains("folded"));
    // What it holds changes size (the coach's lines arrive, the window turns): fit again.
    new ResizeObserver(fit).observe($("hand-result"));
    addEventListener("resize", fit);
  }
  if (panel().hidden) fold(false);
  else fit();
}
