// The host's seeding order by drag and drop (a mouse's shortcut: the arrow buttons beside each
// player do the same from the keyboard or a phone). Dropping sends the whole order as one form.
// The console's live part is swapped in again when the tournament changes: its new list is
// bound then too.
function bind(root) {
  for (const list of root.querySelectorAll("ol[data-seed-order]")) {
    const rows = () => [...list.querySelectorAll("li[data-entrant-id]")];
    let dragged = null;
    for (const row of rows()) {
      row.draggable = true;
      row.addEventListener("dragstart", (event) => {
        dragged = row;
        row.classList.add("dragging");
        event.dataTransfer.effectAllowed = "move";
      });
      row.addEventListener("dragend", () => row.classList.remove("dragging"));
      row.addEventListener("dragover", (event) => {
        if (!dragged || dragged === row) return;
        event.preventDefault();
        const box = row.getBoundingClientRect();
        const after = event.clientY > box.top + box.height / 2;
        row.parentElement.insertBefore(dragged, after ? row.nextSibling : row);
      });
      row.addEventListener("drop", (event) => event.preventDefault());
    }
    list.addEventListener("drop", () => {
      if (!dragged) return;
      dragged = null;
      send(list.dataset.seedOrder, rows().map((row) => row.dataset.entrantId));
    });
  }
}

bind(document);
document.addEventListener("live-updated", (event) => bind(event.target));

function send(action, ids) {
  const token = document.querySelector("input[name=csrfmiddlewaretoken]");
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  form.hidden = true;
  const field = (name, value) => {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  };
  field("csrfmiddlewaretoken", token.value);
  for (const id of ids) field("entrant", id);
  document.body.append(form);
  form.submit();
}
