// Test fixture of the REST API's contract tests: a sandbox started with the
// real startSandbox on 127.0.0.1 with free ports (its clock frozen until
// advanced, and optionally starting at a chosen instant, for rules bound to
// dates), tokens from the
// demo application and user, a small HTTP helper that speaks the API's media
// types, and the test controls (clock, stats) over HTTP.
import type { SandboxConfigInput } from "../../config.ts";
import { startSandbox } from "../../start-sandbox.ts";
import { DEMO_SENDER } from "../account/demo-sender.ts";
import type { RestStats } from "../rest-stats.ts";

export const DEMO_CLIENT = { client_id: "demo-client", client_secret: "demo-secret" };
export const DEMO_USER = { username: "demo@shipbridge.dev", password: "demo-password" };
export const DEMO_COMPANY_ID = "1001";

export const V1_JSON = "application/vnd.furgonetka.v1+json";
export const V2_JSON = "application/vnd.furgonetka.v2+json";

export interface CallOptions {
  /** Access token; "user" (default) or "client" for the demo tokens, null for none. */
  readonly token?: string | "user" | "client" | null;
  readonly version?: 1 | 2;
  /** Overrides Accept; null sends none. */
  readonly accept?: string | null;
  /** Overrides Content-Type; null sends none. */
  readonly contentType?: string | null;
  /** A JSON body, or a raw string sent as is. */
  readonly body?: unknown;
  readonly raw?: string;
  readonly headers?: Record<string, string>;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
  readonly body: any;
  readonly bytes: Uint8Array;
}

export class RestSandbox {
  readonly baseUrl: string;
  /** {account_url}: the second token endpoint and the public tracking pages. */
  readonly accountUrl: string;
  readonly #close: () => Promise<void>;
  readonly #tokens = new Map<string, string>();

  private constructor(baseUrl: string, accountUrl: string, close: () => Promise<void>) {
    this.baseUrl = baseUrl;
    this.accountUrl = accountUrl;
    this.#close = close;
  }

  /**
   * A sandbox whose clock starts at `clockStart` (default: now) and stands
   * still until advanced (`freezeClock: false` lets it run with real time),
   * so that assertions next to a time limit hold however slowly a test runs.
   */
  static async start(
    options: {
      config?: SandboxConfigInput;
      dataFile?: string;
      clockStart?: Date | string;
      freezeClock?: boolean;
    } = {},
  ): Promise<RestSandbox> {
    const running = await startSandbox({
      port: 0,
      accountPort: 0,
      freezeClock: options.freezeClock ?? true,
      ...(options.config ? { config: options.config } : {}),
      ...(options.dataFile ? { dataFile: options.dataFile } : {}),
      ...(options.clockStart ? { clockStart: options.clockStart } : {}),
    });
    return new RestSandbox(running.baseUrl, running.accountUrl, () => running.close());
  }

  close(): Promise<void> {
    return this.#close();
  }

  async token(kind: "user" | "client", user = DEMO_USER): Promise<string> {
    const key = kind === "user" ? `user:${user.username}` : "client";
    const cached = this.#tokens.get(key);
    if (cached) return cached;
    const form =
      kind === "user"
        ? new URLSearchParams({
            grant_type: "password",
            username: user.username,
            password: user.password,
          })
        : new URLSearchParams({ grant_type: "client_credentials" });
    const response = await fetch(`${this.baseUrl}/oauth/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${DEMO_CLIENT.client_id}:${DEMO_CLIENT.client_secret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    const answer = (await response.json()) as { access_token?: string };
    if (!response.ok || !answer.access_token)
      throw new Error(`token request failed with ${response.status}`);
    this.#tokens.set(key, answer.access_token);
    return answer.access_token;
  }

  /** Moves the sandbox clock; the tracking pushes it made due are sent before this resolves. */
  async advance(seconds: number): Promise<{ delivered: number; failed: number }> {
    const response = await fetch(`${this.baseUrl}/_sandbox/clock/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seconds }),
    });
    if (!response.ok) throw new Error(`clock advance failed with ${response.status}`);
    const answer = (await response.json()) as {
      tracking_pushes: { delivered: number; failed: number };
    };
    return answer.tracking_pushes;
  }

  /** Closes a point or puts it on holiday, and back (POST /_sandbox/points/{code}). */
  async pointState(code: string, state: { active?: boolean; holiday?: boolean }): Promise<void> {
    const response = await fetch(`${this.baseUrl}/_sandbox/points/${encodeURIComponent(code)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(state),
    });
    if (!response.ok) throw new Error(`point state failed with ${response.status}`);
  }

  /** What the REST API has done (GET /_sandbox/stats, its `rest` part). */
  async restStats(): Promise<RestStats> {
    const response = await fetch(`${this.baseUrl}/_sandbox/stats`);
    if (!response.ok) throw new Error(`stats failed with ${response.status}`);
    return ((await response.json()) as { rest: RestStats }).rest;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const media = options.version === 2 ? V2_JSON : V1_JSON;
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? "user" : options.token;
    if (token === "user" || token === "client")
      headers.authorization = `Bearer ${await this.token(token)}`;
    else if (token !== null) headers.authorization = `Bearer ${token}`;
    if (options.accept !== null) headers.accept = options.accept ?? media;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && options.contentType !== null)
      headers["content-type"] = options.contentType ?? media;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "";
    const text = Buffer.from(bytes).toString("utf8");
    const parsed = type.includes("json") && text !== "" ? JSON.parse(text) : text;
    return { status: response.status, headers: response.headers, body: parsed, bytes };
  }
}

/** A valid v2 package: InPost courier, one parcel, Warszawa to Kraków. */
export function sampleV2(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    service: "inpost",
    pickup: { ...DEMO_SENDER },
    receiver: {
      name: "Anna Nowak",
      street: "Floriańska 5",
      postcode: "31-019",
      city: "Kraków",
      country_code: "PL",
      phone: "500200300",
      email: "anna.nowak@example.com",
    },
    parcels: [{ width: 30, depth: 20, height: 10, weight: 2, type: "package" }],
    user_reference_number: "ORDER-1001",
    ...overrides,
  };
}

/** The same package in the v1 shape: `type` on the package. */
export function sampleV1(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...sampleV2(),
    type: "package",
    parcels: [{ width: 30, depth: 20, height: 10, weight: 2 }],
    ...overrides,
  };
}
