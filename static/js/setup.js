// The setup page: show the fieldsets of the chosen way to play only (the computer's levels
// against the computer, the turn clock with friends online). Without this script every
// fieldset stays visible and the server ignores what does not apply.
const form = document.getElementById("setup-form");

function showMode() {
  const checked = form.querySelector("input[name=mode]:checked");
  const mode = checked ? checked.value : "computer";
  for (const fieldset of form.querySelectorAll("fieldset[data-mode]")) {
    fieldset.hidden = fieldset.dataset.mode !== mode;
  }
}

if (form) {
  form.addEventListener("change", (event) => {
    if (event.target.name === "mode") showMode();
  });
  showMode();
}
