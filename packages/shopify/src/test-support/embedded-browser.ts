// Headless Debian chromium (playwright-core) showing the app's pages as
// Shopify's admin frame would, at a phone's width: the app served over
// HTTP on loopback (every request to it recorded with its Bearer token),
// and Shopify's CDN either cannot be reached
// or serves stand-ins of App Bridge (a `window.shopify` whose `idToken()`
// gives a real session token of the shop, and a fetch that adds it as
// `Authorization: Bearer` to the app's own requests and retries once on
// `X-Shopify-Retry-Invalid-Session-Request`, as App Bridge does; on the
// bounce page it loads `shopify-reload` again with `id_token`) and of
// Polaris (its elements defined, each a shadow root around its content).
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { APP_BRIDGE_URL, POLARIS_URL } from "../auth/embedded-documents.ts";

export const CHROMIUM = "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const TOKEN_URL = "https://cdn.shopify.com/shipbridge-test/id-token";

const APP_BRIDGE_STAND_IN = `(function () {
  var original = window.fetch.bind(window);
  var meta = document.querySelector('meta[name="shopify-api-key"]');
  var script = document.currentScript;
  var apiKey = (meta && meta.content) || (script && script.getAttribute("data-api-key"));
  function idToken() { return original(${JSON.stringify(TOKEN_URL)}).then(function (r) { return r.text(); }); }
  window.shopify = { config: { apiKey: apiKey }, idToken: idToken };
  window.fetch = function (input, init) {
    var request = new Request(input, init);
    if (new URL(request.url).origin !== location.origin) return original(request);
    var again = request.clone();
    function send(req) {
      return idToken().then(function (token) {
        var headers = new Headers(req.headers);
        headers.set("Authorization", "Bearer " + token);
        return original(new Request(req, { headers: headers }));
      });
    }
    return send(request).then(function (response) {
      var retry = response.headers.get("X-Shopify-Retry-Invalid-Session-Request") === "1";
      return response.status === 401 && retry ? send(again) : response;
    });
  };
  if (location.pathname === "/auth/session-token") {
    var target = new URLSearchParams(location.search).get("shopify-reload");
    if (target) idToken().then(function (token) {
      var url = new URL(target);
      url.searchParams.set("id_token", token);
      location.replace(url.href);
    });
  }
})();`;

const POLARIS_STAND_IN = `(function () {
  ["s-page", "s-section", "s-banner", "s-badge"].forEach(function (name) {
    customElements.define(name, class extends HTMLElement {
      constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = "<div part=body><slot></slot></div>"; }
    });
  });
})();`;

export interface AppRequest {
  readonly method: string;
  readonly path: string;
  readonly bearer: string | undefined;
  readonly status: number;
}

export interface AppServer {
  /** The app's address: http://127.0.0.1:port */
  readonly url: string;
  /** Every request made to the app, in order. */
  readonly requests: AppRequest[];
  /** The app that answers from now on (made once its address is known). */
  use(app: ShopifyApp): void;
  close(): Promise<void>;
}

export async function serveApp(): Promise<AppServer> {
  let app: ShopifyApp | undefined;
  const requests: AppRequest[] = [];
  const server: ServerType = await new Promise((resolve) => {
    const made = serve(
      {
        hostname: "127.0.0.1",
        port: 0,
        fetch: async (request: Request) => {
          const response = app ? await app(request) : new Response("starting", { status: 503 });
          const url = new URL(request.url);
          requests.push({
            method: request.method,
            path: `${url.pathname}${url.search}`,
            bearer: /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1],
            status: response.status,
          });
          return response;
        },
      },
      () => resolve(made),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    use(next) {
      app = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface EmbeddedBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function openEmbeddedBrowser(options: {
  readonly locale: string;
  /** "offline": Shopify's CDN unreachable; "app-bridge": the stand-ins served for its scripts. */
  readonly cdn: "offline" | "app-bridge";
  /** The session token the stand-in's `idToken()` answers (asked each time). */
  readonly idToken?: () => string;
}): Promise<EmbeddedBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: options.locale,
    acceptDownloads: true,
  });
  await context.route("https://cdn.shopify.com/**", async (route) => {
    const url = route.request().url();
    if (options.cdn === "offline") return route.abort("internetdisconnected");
    if (url === TOKEN_URL) {
      return route.fulfill({
        body: options.idToken?.() ?? "",
        headers: { "access-control-allow-origin": "*" },
      });
    }
    const body =
      url === APP_BRIDGE_URL ? APP_BRIDGE_STAND_IN : url === POLARIS_URL ? POLARIS_STAND_IN : "";
    return route.fulfill({ body, contentType: "text/javascript" });
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      await browser.close().catch(() => {});
    },
  };
}
