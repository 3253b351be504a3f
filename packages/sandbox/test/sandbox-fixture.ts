// Shared by the sandbox's tests: a sandbox on 127.0.0.1 with two ports, a
// config with several applications and users, and small helpers that speak
// HTTP to it the way a client would.

import type { SandboxConfigInput } from "../src/config.ts";
import { authorizeInBrowser, type BrowserLoginOptions } from "../src/oauth/browser-login.ts";
import { type RunningSandbox, startSandbox } from "../src/start-sandbox.ts";

export const REDIRECT_URI = "http://127.0.0.1:3000/oauth/callback";

export const APP = {
  client_id: "shop-app",
  client_secret: "shop-secret",
  redirect_uri: REDIRECT_URI,
};
export const OTHER_APP = {
  client_id: "other-app",
  client_secret: "other-secret",
  redirect_uri: "https://other.example/callback?tenant=7",
};
/** An application whose id and secret need form-urlencoding in Basic credentials. */
export const ODD_APP = { client_id: "shop:1 ż", client_secret: "p@ss:w/rd+=%" };
export const USER = { username: "merchant@example.pl", password: "correct horse" };
export const OTHER_USER = { username: "second@example.pl", password: "battery staple" };

export const TEST_CONFIG: SandboxConfigInput = {
  applications: [APP, OTHER_APP, ODD_APP],
  users: [USER, OTHER_USER],
};

export function basic(clientId: string, clientSecret: string): string {
  const encode = (v: string) => encodeURIComponent(v).replaceAll("%20", "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString("base64")}`;
}

export interface TokenAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export class TestSandbox {
  readonly running: RunningSandbox;

  constructor(running: RunningSandbox) {
    this.running = running;
  }

  /**
   * The sandbox's clock stands still until advanced (`freezeClock: false`
   * lets it run with real time), so that a test can stand exactly at a limit
   * however slowly it runs.
   */
  static async start(
    options: { config?: SandboxConfigInput; dataFile?: string; freezeClock?: boolean } = {},
  ): Promise<TestSandbox> {
    return new TestSandbox(
      await startSandbox({
        config: options.config ?? TEST_CONFIG,
        freezeClock: options.freezeClock ?? true,
        ...(options.dataFile ? { dataFile: options.dataFile } : {}),
      }),
    );
  }

  get baseUrl(): string {
    return this.running.baseUrl;
  }

  get accountUrl(): string {
    return this.running.accountUrl;
  }

  close(): Promise<void> {
    return this.running.close();
  }

  async token(
    params: Record<string, string>,
    options: { client?: { client_id: string; client_secret: string } | null; url?: string } = {},
  ): Promise<TokenAnswer> {
    const client = options.client === undefined ? APP : options.client;
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (client) headers.authorization = basic(client.client_id, client.client_secret);
    const response = await fetch(options.url ?? `${this.baseUrl}/oauth/token`, {
      method: "POST",
      headers,
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  async password(
    user: { username: string; password: string } = USER,
    client: { client_id: string; client_secret: string } = APP,
  ): Promise<{ access_token: string; refresh_token: string }> {
    const answer = await this.token({ grant_type: "password", ...user }, { client });
    if (answer.status !== 200) throw new Error(`password grant answered ${answer.status}`);
    return answer.body as { access_token: string; refresh_token: string };
  }

  authorizationUrl(params: Record<string, string> = {}): string {
    const url = new URL(`${this.baseUrl}/oauth/authorize`);
    const all = {
      response_type: "code",
      client_id: APP.client_id,
      redirect_uri: APP.redirect_uri,
      ...params,
    };
    for (const [name, value] of Object.entries(all)) url.searchParams.set(name, value);
    return url.toString();
  }

  /** Goes through the login and consent pages; answers the return address. */
  async authorize(
    params: Record<string, string> = {},
    options: Partial<BrowserLoginOptions> = {},
  ): Promise<URL> {
    const back = await authorizeInBrowser(this.authorizationUrl(params), { ...USER, ...options });
    return new URL(back);
  }

  /** A fresh, URL-decoded authorization code for APP and USER. */
  async code(params: Record<string, string> = {}): Promise<string> {
    const back = await this.authorize(params);
    const code = back.searchParams.get("code");
    if (code === null) throw new Error(`no code in ${back.search}`);
    return code;
  }

  async advance(seconds: number): Promise<void> {
    const response = await this.control("POST", "/_sandbox/clock/advance", { seconds });
    if (response.status !== 200) throw new Error(`clock advance answered ${response.status}`);
  }

  control(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  }

  /** GET /_sandbox/whoami with a Bearer token: the same token check as every REST call. */
  whoami(accessToken: string): Promise<Response> {
    return fetch(`${this.baseUrl}/_sandbox/whoami`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
  }
}

export const DAY = 24 * 60 * 60;
