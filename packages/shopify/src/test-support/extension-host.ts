// Test support for the UI extensions' tests: the app served over loopback
// HTTP, and the fetch Shopify's hosts give an extension, reaching it: a
// request to the app's address (or relative to it, as an admin extension
// writes it) goes to the served app; in the admin, Shopify's ID token for
// the shop is added as `Authorization: Bearer` (the checkout's extensions
// send their own session token). The tester makes this the process's
// global fetch, which the app in the same process uses too: its own
// requests (to the sandbox, on loopback) pass through unchanged.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { ShopifyApp } from "../app/create-shopify-app.ts";
import { makeSessionToken } from "../testing/session-token.ts";
import { APP_URL, KEYS } from "./harness.ts";

/** Node's own fetch, taken before the tester puts the extension's in its place. */
const nodeFetch = globalThis.fetch;

export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

export async function serveApp(app: ShopifyApp): Promise<ServedApp> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const made = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(made));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** The fetch an extension is given, reaching `served` for the app's address. */
export function hostFetch(
  served: ServedApp,
  options: {
    readonly shop?: string;
    readonly admin?: boolean;
    /** The app's address as the extension knows it. Default the harness's. */
    readonly appUrl?: string;
  } = {},
): typeof fetch {
  const appUrl = options.appUrl ?? APP_URL;
  return async (input, init) => {
    const asked = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      appUrl,
    );
    if (asked.origin !== new URL(appUrl).origin) return nodeFetch(input, init);
    const headers = new Headers(init?.headers);
    if (options.admin && options.shop) {
      headers.set("authorization", `Bearer ${makeSessionToken({ ...KEYS, shop: options.shop })}`);
    }
    return nodeFetch(`${served.url}${asked.pathname}${asked.search}`, {
      method: init?.method ?? "GET",
      headers,
      ...(init?.body ? { body: init.body } : {}),
    });
  };
}
