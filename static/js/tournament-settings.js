// The tournament settings form shows only the fields its choices use: the Swiss rounds with
// Swiss, the points target with a target, the hands with Best of. Without JavaScript every
// field shows, each saying when it applies.
for (const form of document.querySelectorAll("[data-settings-form]")) {
  const format = form.querySelector("select[name=format]");
  const scoring = form.querySelector("select[name=scoring]");
  const show = (name, shown) => {
    form.querySelector(`.field-${name}`).hidden = !shown;
  };
  const update = () => {
    show("rounds", format.value === "swiss");
    show("points_target", scoring.value === "target");
    show("best_of_hands", scoring.value === "best_of");
  };
  format.addEventListener("change", update);
  scoring.addEventListener("change", update);
  update();
}

// With no start set yet, the time zone starts as the browser's (the host's own clock), when
// the list has it; the host can still choose another.
for (const zone of document.querySelectorAll("select[data-guess=browser]")) {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if ([...zone.options].some((option) => option.value === browser)) zone.value = browser;
}
