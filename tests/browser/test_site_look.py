"""Issue 20, point 9: the favicon, the app icons and the web app manifest a phone installs the
site from, as the browser loads them; the dark theme follows ``prefers-color-scheme``."""

import pytest
from table_driver import start_match

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# The page's icon links and its manifest, fetched as the browser would; each PNG icon's
# width and height read from its header, to compare with the size the manifest declares.
ICONS = """async () => {
  const get = async (href) => {
    const response = await fetch(href);
    return {href, status: response.status, type: response.headers.get("content-type") || "",
            bytes: new Uint8Array(await response.arrayBuffer())};
  };
  const size = (bytes) => {
    const view = new DataView(bytes.buffer);
    return `${view.getUint32(16)}x${view.getUint32(20)}`;
  };
  const links = [...document.querySelectorAll("link[rel~=icon], link[rel=apple-touch-icon]")];
  const icons = [];
  for (const link of links) {
    const got = await get(link.href);
    icons.push({rel: link.getAttribute("rel"), status: got.status, type: got.type});
  }
  const manifestLink = document.querySelector("link[rel=manifest]");
  const response = await fetch(manifestLink.href);
  const manifest = await response.json();
  const appIcons = [];
  for (const icon of manifest.icons) {
    const got = await get(new URL(icon.src, manifestLink.href).href);
    appIcons.push({declared: icon.sizes, type: got.type, status: got.status,
                   size: got.type === "image/png" ? size(got.bytes) : "any"});
  }
  return {icons, manifest, appIcons, theme: document.querySelector("meta[name=theme-color]")
    ?.content};
}"""


def test_the_favicon_app_icons_and_manifest_load(server, page):
    page.goto(server + "/")
    found = page.evaluate(ICONS)
    assert {icon["rel"] for icon in found["icons"]} == {"icon", "apple-touch-icon"}
    for icon in found["icons"]:
        assert icon["status"] == 200 and icon["type"].startswith("image/"), icon
    manifest = found["manifest"]
    assert manifest["name"] == "Dominoes" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["theme_color"] == found["theme"]
    declared = {icon["declared"] for icon in found["appIcons"]}
    assert {"192x192", "512x512"} <= declared, declared
    for icon in found["appIcons"]:
        assert icon["status"] == 200, icon
        assert icon["size"] == icon["declared"], icon


# The colours a person sees: the page, its text and the felt.
COLOURS = """() => {
  const style = (el) => getComputedStyle(el);
  const painted = [document.body, document.documentElement].map((el) => style(el).backgroundColor)
    .find((colour) => colour !== "rgba(0, 0, 0, 0)");
  return {
    page: painted,
    text: style(document.body).color,
    felt: style(document.getElementById("felt")).backgroundImage,
  };
}"""


def luminance(rgb: str) -> float:
    red, green, blue = (int(part) for part in rgb[rgb.index("(") + 1 : -1].split(",")[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def test_the_dark_theme_follows_the_system(server, browser):
    seen = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1366, "height": 768}, color_scheme=scheme)
        try:
            page = context.new_page()
            start_match(page, server, preset="all_fives", seats=4, level="easy", target=500)
            seen[scheme] = page.evaluate(COLOURS)
        finally:
            context.close()
    light, dark = seen["light"], seen["dark"]
    assert luminance(light["page"]) > 0.8 and luminance(light["text"]) < 0.3, light
    assert luminance(dark["page"]) < 0.2 and luminance(dark["text"]) > 0.7, dark
    assert dark["felt"] != light["felt"], "the felt keeps its daylight colours in the dark"
