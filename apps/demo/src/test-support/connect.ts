// Connects a store's shipping account the way a merchant does from the
// dashboard: /api/connect/:store, the service's own login and consent pages
// (the sandbox's, driven like a browser), the store's callback, and back to
// the dashboard. Cookies set on the way are carried along.
import { authorizeInBrowser } from "@shipbridge/sandbox";

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
  }
}

/** Follows redirects by hand until the sandbox's authorization page; answers the final location. */
export async function connectStore(
  dashboard: string,
  store: "shopify" | "medusa",
  merchant: { username: string; password: string },
  sandboxBaseUrl: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const get = async (url: string) => {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    cookiesOf(response, jar);
    return response;
  };
  let url = `${dashboard}/api/connect/${store}`;
  for (let hops = 0; hops < 5 && !url.startsWith(`${sandboxBaseUrl}/`); hops++) {
    const response = await get(url);
    if (response.status !== 302) {
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    }
    url = new URL(response.headers.get("location") ?? "", url).href;
  }
  const back = await authorizeInBrowser(url, merchant);
  const done = await get(back);
  if (done.status !== 302) throw new Error(`${back} answered ${done.status}: ${await done.text()}`);
  return done.headers.get("location") ?? "";
}
