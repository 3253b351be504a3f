// A sandbox for the spec table: started on free ports with its clock frozen
// at a chosen instant (so date-bound rules are tested from either side of
// their date), and plain HTTP helpers that speak the service's media types
// and token endpoint as the spec describes them, without core's clients, so
// that what the sandbox answers is read directly.
import { startSandbox } from "@shipbridge/sandbox";
import { DEMO, sandboxControl } from "../testing/sandbox-server.ts";

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the table reads answers field by field
  readonly body: any;
}

export interface RequestOptions {
  readonly version?: 1 | 2;
  readonly body?: unknown;
  readonly token?: string;
  readonly headers?: Record<string, string>;
}

/** The Authorization header of HTTP Basic with the given client's credentials. */
export function basic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
}

export const DEMO_BASIC = basic(DEMO.clientId, DEMO.clientSecret);

async function answer(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    // not JSON: the body stays the text
  }
  return { status: response.status, headers: response.headers, body };
}

export class SpecSandbox {
  readonly baseUrl: string;
  readonly accountUrl: string;
  readonly #close: () => Promise<void>;
  #userToken: string | undefined;

  private constructor(baseUrl: string, accountUrl: string, close: () => Promise<void>) {
    this.baseUrl = baseUrl;
    this.accountUrl = accountUrl;
    this.#close = close;
  }

  /** A sandbox whose clock stands at `clockStart` (default now) until advanced. */
  static async start(clockStart?: string): Promise<SpecSandbox> {
    const running = await startSandbox({
      port: 0,
      accountPort: 0,
      freezeClock: true,
      ...(clockStart === undefined ? {} : { clockStart }),
    });
    return new SpecSandbox(running.baseUrl, running.accountUrl, () => running.close());
  }

  close(): Promise<void> {
    return this.#close();
  }

  async advance(seconds: number): Promise<void> {
    await sandboxControl(this.baseUrl, "/clock/advance", { seconds });
  }

  /** POSTs a form to the token endpoint at {base_url} or {account_url}. */
  async token(
    form: Record<string, string>,
    options: { host?: "base" | "account"; authorization?: string | null } = {},
  ): Promise<HttpAnswer> {
    const host = options.host === "account" ? this.accountUrl : this.baseUrl;
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded",
    };
    const authorization = options.authorization === undefined ? DEMO_BASIC : options.authorization;
    if (authorization !== null) headers["authorization"] = authorization;
    return answer(
      await fetch(`${host}/oauth/token`, {
        method: "POST",
        headers,
        body: new URLSearchParams(form).toString(),
      }),
    );
  }

  /** The demo user's tokens from the password grant. */
  async passwordLogin(): Promise<HttpAnswer> {
    return this.token({ grant_type: "password", username: DEMO.username, password: DEMO.password });
  }

  async userToken(): Promise<string> {
    if (this.#userToken === undefined) {
      const login = await this.passwordLogin();
      if (login.status !== 200) throw new Error(`password login answered ${login.status}`);
      this.#userToken = login.body.access_token as string;
    }
    return this.#userToken;
  }

  /** A REST call as the demo user, in the API version given (v1 by default). */
  async call(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const media = `application/vnd.furgonetka.v${options.version ?? 1}+json`;
    const headers: Record<string, string> = {
      accept: media,
      authorization: `Bearer ${options.token ?? (await this.userToken())}`,
      ...options.headers,
    };
    if (options.body !== undefined) headers["content-type"] = media;
    return answer(
      await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      }),
    );
  }

  /** GETs an address without following redirects (the authorization pages). */
  async get(url: string): Promise<HttpAnswer> {
    return answer(await fetch(url, { redirect: "manual" }));
  }
}
