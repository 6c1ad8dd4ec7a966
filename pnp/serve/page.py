"""The preview page: every preview as thumbnails of its SVG pages, each opening large,
links to its PDFs, and the error that stands in its way. A small script listens to the
server's events and swaps in new drawings without reloading, so the scroll stays put."""

from __future__ import annotations

import html
import re

from pnp.serve.state import Entry, Previews

THUMB_HEIGHT = 220  # px: a thumbnail's height on the page
THUMB_MAX_WIDTH = 680  # px: a wide map is shown at most this wide

_ROOT = re.compile(r"<svg\b[^>]*>")
_WIDTH = re.compile(r'\swidth="([\d.]+)')
_HEIGHT = re.compile(r'\sheight="([\d.]+)')


def svg_aspect(svg_text: str) -> float:
    """Width over height of an SVG, from its root's width and height."""
    root = _ROOT.search(svg_text[:4000])
    width = _WIDTH.search(root.group(0)) if root else None
    height = _HEIGHT.search(root.group(0)) if root else None
    if not width or not height or float(height.group(1)) == 0:
        return 210 / 297
    return float(width.group(1)) / float(height.group(1))


def thumb_size(svg_text: str) -> tuple[int, int]:
    aspect = svg_aspect(svg_text)
    width = THUMB_HEIGHT * aspect
    if width <= THUMB_MAX_WIDTH:
        return round(width), THUMB_HEIGHT
    return THUMB_MAX_WIDTH, round(THUMB_MAX_WIDTH / aspect)


def card_html(entry: Entry, boot: str) -> str:
    key = html.escape(entry.key, quote=True)
    imgs = []
    versions = entry.page_versions  # read once: a rebuild may replace it meanwhile
    for n, page in enumerate(entry.pages):
        w, h = thumb_size(page)
        src = f"/svg/{key}/{n}?v={boot}.{versions[n] if n < len(versions) else entry.version}"
        imgs.append(f'<img class="page" src="{src}" width="{w}" height="{h}" alt="{key} page {n + 1}" '
                    f'data-n="{n}" loading="lazy">')
    body = "".join(imgs) if imgs else '<p class="building">building ...</p>'
    links = " ".join(f'<a href="/pdf/{key}/{i}" target="_blank">{html.escape(doc.filename)}</a>'
                     for i, doc in enumerate(entry.documents))
    error = html.escape(entry.error or "")
    return (f'<section class="card" id="p-{key}" data-key="{key}" data-version="{entry.version}" '
            f'data-pages="{len(entry.pages)}"><h2>{html.escape(entry.title)}</h2>'
            f'<p class="error" role="alert"{"" if entry.error else " hidden"}>{error}</p>'
            f'<div class="pages">{body}</div><p class="pdfs">{links}</p></section>')


def body_html(previews: Previews, boot: str) -> str:
    cards = "".join(card_html(entry, boot) for entry in previews.shown())
    return cards or '<p class="building">building the previews ...</p>'


def page_html(previews: Previews, boot: str) -> str:
    title = html.escape(previews.title)
    error = html.escape(previews.error or "")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title} · pnp preview</title>
<style>{CSS}</style></head>
<body data-boot="{boot}">
<header><h1>{title}</h1><span class="folder">{html.escape(str(previews.folder))}</span>
<span id="status">connecting ...</span></header>
<p id="game-error" class="error" role="alert"{"" if previews.error else " hidden"}>{error}</p>
<nav id="toc"></nav>
<main id="previews">{body_html(previews, boot)}</main>
<div id="large" hidden><img alt="large preview"></div>
<script>{SCRIPT}</script>
</body></html>"""


CSS = """
body { font-family: sans-serif; margin: 0; background: #eceae4; color: #222; }
header { position: sticky; top: 0; z-index: 2; background: #2b3a42; color: #fff; padding: .4em 1em;
  display: flex; gap: 1.2em; align-items: baseline; }
header h1 { font-size: 1.2em; margin: 0; }
.folder { opacity: .7; font-size: .85em; }
#status { margin-left: auto; font-size: .85em; }
.error { background: #fde2e1; color: #8b0000; border-left: 4px solid #c00; padding: .4em .8em;
  font-family: monospace; white-space: pre-wrap; margin: .4em 0; }
#game-error { position: sticky; top: 2.4em; z-index: 2; margin: 0; }
main { padding: .5em 1em; }
.card { background: #fff; margin: .8em 0; padding: .5em 1em; border-radius: 4px; }
.card h2 { font-size: 1em; margin: .2em 0 .4em; }
.pages { display: flex; flex-wrap: wrap; gap: 8px; }
.pages img { background: #fff; border: 1px solid #bbb; cursor: zoom-in; }
.pdfs a { margin-right: 1em; font-size: .9em; }
#large { position: fixed; inset: 0; z-index: 3; background: rgba(0,0,0,.8); display: flex;
  align-items: center; justify-content: center; cursor: zoom-out; }
#large[hidden] { display: none; }
#large img { max-width: 96vw; max-height: 96vh; background: #fff; }
"""

SCRIPT = r"""
const boot = document.body.dataset.boot;
const large = document.getElementById('large');
let largeSrc = null;

function card(key) { return document.querySelector(`.card[data-key="${CSS.escape(key)}"]`); }

async function refreshBody() {
  const y = window.scrollY;
  const r = await fetch('/body');
  document.getElementById('previews').innerHTML = await r.text();
  window.scrollTo(0, y);
}

function setError(el, message) {
  el.textContent = message || '';
  el.hidden = !message;
}

function update(ev) {
  const c = card(ev.key);
  if (!c || +c.dataset.pages !== ev.pages) { refreshBody(); return; }
  setError(c.querySelector('.error'), ev.error);
  if (+c.dataset.version === ev.version) return;
  c.dataset.version = ev.version;
  for (const img of c.querySelectorAll('img.page')) {
    const src = `/svg/${ev.key}/${img.dataset.n}?v=${boot}.${ev.versions[+img.dataset.n]}`;
    if (img.getAttribute('src') === src) continue;  // this page did not change
    if (largeSrc && largeSrc.split('?')[0].endsWith(src.split('?')[0])) showLarge(src);
    img.src = src;
  }
}

function status(ev) {
  setError(document.getElementById('game-error'), ev.error);
  if (ev.title) { document.querySelector('header h1').textContent = ev.title; }
  if (ev.structure) refreshBody();
}

function hello(ev) {
  if (ev.boot !== boot) { location.reload(); return; }  // a new server: its drawings, from the top
  status(ev);
  const keys = [...document.querySelectorAll('.card')].map(c => c.dataset.key);
  if (keys.join('\n') !== ev.previews.map(p => p.key).join('\n')) { refreshBody(); return; }
  ev.previews.forEach(update);
}

function showLarge(src) {
  largeSrc = src;
  large.querySelector('img').src = src;
  large.hidden = false;
}

document.addEventListener('click', e => {
  if (e.target.matches('img.page')) showLarge(e.target.src);
  else if (!large.hidden) { large.hidden = true; largeSrc = null; }
});
document.addEventListener('keydown', e => { if (e.key === 'Escape') { large.hidden = true; largeSrc = null; } });

const events = new EventSource('/events');
const st = document.getElementById('status');
events.onopen = () => { st.textContent = 'live'; document.body.dataset.live = '1'; };
events.onerror = () => { st.textContent = 'reconnecting ...'; };
events.onmessage = e => {
  const ev = JSON.parse(e.data);
  if (ev.type === 'hello') hello(ev);
  else if (ev.type === 'status') status(ev);
  else if (ev.type === 'update') update(ev);
  else if (ev.type === 'building') st.textContent = ev.busy ? 'building ...' : 'live';
};
"""
