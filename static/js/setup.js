// The setup page: show what applies to the choices made (the computer's levels against the
// computer, one a computer seat; the turn clock with friends online) and offer only the seat
// counts the chosen game allows (the engine's rule, passed by the page as #seat-counts).
// Without this script every field stays visible and the server refuses what does not fit.
const form = document.getElementById("setup-form");
const seatCounts = JSON.parse(document.getElementById("seat-counts")?.textContent || "{}");

function checkedValue(name, fallback) {
  const checked = form.querySelector(`input[name=${name}]:checked`);
  return checked ? checked.value : fallback;
}

// Classic is for 2, Brazilian for 2 or 4: the other counts cannot be picked. A count the new
// game refuses moves to the nearest it allows (4 players stay 4 from Draw to Brazilian).
function offerSeatCounts() {
  const allowed = seatCounts[checkedValue("preset", "")];
  if (!allowed) return;
  const radios = [...form.querySelectorAll("input[name=seats]")];
  for (const radio of radios) radio.disabled = !allowed.includes(Number(radio.value));
  const chosen = radios.find((radio) => radio.checked);
  if (chosen && chosen.disabled) {
    const wanted = Number(chosen.value);
    const distance = (n) => Math.abs(n - wanted);
    const nearest = allowed.reduce((best, n) => (distance(n) < distance(best) ? n : best));
    radios.find((radio) => Number(radio.value) === nearest).checked = true;
  }
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
  // "Your partner, opposite" is only true with four players.
  const partner = document.getElementById("id_level_2_helptext");
  if (partner) partner.hidden = computers !== 3;
}

if (form) {
  form.addEventListener("change", (event) => {
    if (event.target.name === "preset") offerSeatCounts();
    if (["mode", "seats", "preset"].includes(event.target.name)) showWhatApplies();
  });
  offerSeatCounts();
  showWhatApplies();
}
