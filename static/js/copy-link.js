// A "Copy the link" button copies the address of the link it names (data-copy: the link's id)
// and says so in the status beside it. Shown only where the clipboard can be written.
import { gettext } from "./i18n.js";

for (const button of document.querySelectorAll("[data-copy]")) {
  if (!navigator.clipboard) continue;
  const link = document.getElementById(button.dataset.copy);
  const said = button.parentElement.querySelector(".copied");
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.href);
      said.textContent = gettext("Copied.");
    } catch {
      said.textContent = gettext("Copying was refused: select the link and copy it.");
    }
  });
}
