// The setup page: show what applies to the choices made (the computer's levels against the
// computer, one a computer seat; the turn clock with friends online). Without this script
// every field stays visible and the server ignores what does not apply.
const form = document.getElementById("setup-form");

function checkedValue(name, fallback) {
  const checked = form.querySelector(`input[name=${name}]:checked`);
  return checked ? checked.value : fallback;
}

function showWhatApplies() {
  const mode = checkedValue("mode", "computer");
  for (const fieldset of form.querySelectorAll("fieldset[data-mode]")) {
    fieldset.hidden = fieldset.dataset.mode !== mode;
  }
  const computers = Number(checkedValue("seats", "2")) - 1;
  ["level_1", "level_2", "level_3"].forEach((name, index) => {
    const field = form.querySelector(`[data-field=${name}]`);
    if (field) field.hidden = index >= computers;
  });
}

if (form) {
  form.addEventListener("change", (event) => {
    if (event.target.name === "mode" || event.target.name === "seats") showWhatApplies();
  });
  showWhatApplies();
}
