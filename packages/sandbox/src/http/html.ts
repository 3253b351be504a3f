// Escaping for the sandbox's HTML pages (the authorization pages, the public
// tracking page): every text that came from a request or the database goes
// through escapeHtml before it is written into a page or an attribute.

/** The text with &, <, >, " and ' written as entities, safe in element content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
