// A refused form (templates/_form_errors.html): the focus goes to the first field in error,
// scrolled into view, so a person on a phone sees what to change and a screen reader reads
// it (the field names its error through aria-describedby). With no field in view in error
// (the rules as a whole were refused) the summary at the top takes the focus.
const summary = document.querySelector("[data-error-summary]");

function visible(element) {
  return element.checkVisibility ? element.checkVisibility() : element.offsetParent !== null;
}

// Centred, so the error written under a field is in view with it.
function show(element) {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}

if (summary) {
  const form = summary.closest("form") || document;
  const first = [...form.querySelectorAll('[aria-invalid="true"]')].find(visible);
  show(first || summary);
  // The summary's links focus their field (following a link to an input only scrolls to it).
  summary.addEventListener("click", (event) => {
    const link = event.target.closest("a[href^='#']");
    const field = link && document.getElementById(link.hash.slice(1));
    if (!field) return;
    event.preventDefault();
    field.closest("details")?.setAttribute("open", "");
    show(field);
  });
}
