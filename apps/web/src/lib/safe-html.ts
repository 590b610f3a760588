/**
 * Operator HTML (conditions, agreements) is sanitized by the server when stored (contract lookup.ts); the client
 * keeps a second, smaller allow-list so that a bad row can never run script or load anything: only text
 * formatting and lists survive, every attribute is dropped, and links keep only a safe `href`.
 */
const ALLOWED = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'UL', 'OL', 'LI', 'SPAN', 'A', 'H3', 'H4']);
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'SVG', 'MATH']);

function clean(node: Node, into: Node, doc: Document): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (!(child instanceof Element) || DROPPED_WITH_CONTENT.has(child.tagName)) continue;
    if (!ALLOWED.has(child.tagName)) {
      clean(child, into, doc);
      continue;
    }
    const copy = doc.createElement(child.tagName.toLowerCase());
    const href = child.tagName === 'A' ? (child.getAttribute('href') ?? '').trim() : '';
    if (/^https?:\/\//i.test(href)) {
      copy.setAttribute('href', href);
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    clean(child, copy, doc);
    into.appendChild(copy);
  }
}

/** The allow-listed markup of `html`, for `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string): string {
  const source = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  clean(source.body, root, out);
  return root.innerHTML;
}
