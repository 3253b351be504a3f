// A minimal browser for tests of the authorization-code flow: a cookie jar per
// host, no automatic redirects, and a reader for the hidden inputs and the
// action of an HTML form.
/** A minimal browser: keeps cookies per host and never follows redirects by itself. */
export class Browser {
  readonly #cookies = new Map<string, Map<string, string>>();

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const jar = this.#cookies.get(target.host) ?? new Map<string, string>();
    const headers = new Headers();
    if (jar.size > 0)
      headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    let body: string | undefined;
    if (init.form !== undefined) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? "GET",
      headers,
      body,
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.#cookies.set(target.host, jar);
    return response;
  }
}

function unescapeHtml(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The hidden inputs and the action of the first form on an HTML page. */
export function readForm(html: string): { action: string; hidden: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/i.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
  const hidden: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(match[0])?.[1];
    const value = /value="([^"]*)"/i.exec(match[0])?.[1];
    if (name !== undefined) hidden[name] = unescapeHtml(value ?? "");
  }
  return { action: unescapeHtml(action), hidden };
}
