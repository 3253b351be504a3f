// Goes through the authorization pages the way a browser does: follows the
// authorization URL, submits the login form, then the consent form, keeping
// the cookies in between, and answers the address the user would be sent
// back to (with the code or the error). Used by tests and demos to complete
// the authorization-code flow without a browser.

export interface HtmlForm {
  readonly action: string;
  readonly fields: Record<string, string>;
}

function decodeEntities(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The first form of a page: its action and its hidden inputs. */
export function readForm(html: string): HtmlForm {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error("the page has no form");
  const fields: Record<string, string> = {};
  for (const input of (form[2] as string).matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name !== undefined) fields[name] = decodeEntities(value ?? "");
  }
  return { action: decodeEntities(form[1] as string), fields };
}

/** A minimal cookie jar: name=value pairs from Set-Cookie, sent back on every request. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(header)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface BrowserLoginOptions {
  readonly username: string;
  readonly password: string;
  /** What the user clicks on the consent page. Default allow. */
  readonly decision?: "allow" | "deny";
  readonly fetch?: typeof fetch;
}

/**
 * Completes the authorization pages for `authorizationUrl` and answers the
 * URL of the return address (with `code` and `state`, or with `error`).
 * Throws when a page answers something else, with the page's status.
 */
export async function authorizeInBrowser(
  authorizationUrl: string,
  options: BrowserLoginOptions,
): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  const jar = new CookieJar();
  const request = async (url: string, body?: Record<string, string>): Promise<Response> => {
    const headers: Record<string, string> = { cookie: jar.header() };
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await doFetch(url, {
      method: body ? "POST" : "GET",
      headers,
      redirect: "manual",
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
    jar.store(response);
    return response;
  };
  const location = (response: Response, from: string): string | undefined => {
    const target = response.headers.get("location");
    return target === null ? undefined : new URL(target, from).toString();
  };

  const start = await request(authorizationUrl);
  const redirected = location(start, authorizationUrl);
  if (redirected) return redirected;
  if (start.status !== 200) throw new Error(`the authorization page answered ${start.status}`);
  const login = readForm(await start.text());
  const loginUrl = new URL(login.action, authorizationUrl).toString();
  const consentPage = await request(loginUrl, {
    ...login.fields,
    username: options.username,
    password: options.password,
  });
  if (consentPage.status !== 200) throw new Error(`the login page answered ${consentPage.status}`);
  const consent = readForm(await consentPage.text());
  const consentUrl = new URL(consent.action, authorizationUrl).toString();
  const done = await request(consentUrl, {
    ...consent.fields,
    decision: options.decision ?? "allow",
  });
  const back = location(done, consentUrl);
  if (!back) throw new Error(`the consent page answered ${done.status} without a redirect`);
  return back;
}
