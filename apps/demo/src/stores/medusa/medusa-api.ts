// Calls to the Medusa store's HTTP APIs: the admin API as the demo's admin
// user (a bearer token from /auth/user/emailpass, renewed when refused) and
// the store API with the publishable key. Errors carry Medusa's own message
// and code, never a page's markup or a stack trace; `final` tells a refusal
// (a 4xx: the request can never pass as it is) from what can succeed later.
import { ShipbridgeError } from "@shipbridge/core";

/**
 * 4xx answers that can pass later: a timeout, a conflict (Medusa answers 409
 * for a clash with another request, a database serialization failure among
 * them, "You may retry"), too early, too many requests.
 */
const RETRIABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * The plugin's 4xx codes that can pass later (its README's errors table):
 * an earlier attempt at the same items is still settling or still running.
 */
const RETRIABLE_CODES = new Set(["attempt_unsettled", "attempt_in_progress"]);

export class MedusaApiError extends ShipbridgeError {
  readonly status: number;
  /** Medusa's (or the plugin's) code of the refusal, when its body names one. */
  readonly medusaCode: string | undefined;
  /** Medusa's own words for the refusal (its body's `message`), without the request. */
  readonly reason: string | undefined;
  /** Medusa's kind of error (its body's `type`: `not_found`, `invalid_data`...). */
  readonly medusaType: string | undefined;
  constructor(
    status: number,
    message: string,
    medusaCode?: string,
    said: { reason?: string; type?: string } = {},
  ) {
    super("medusa_api_error", message);
    this.status = status;
    this.medusaCode = medusaCode;
    this.reason = said.reason;
    this.medusaType = said.type;
  }

  /** A refusal: retrying the same request cannot succeed. */
  get final(): boolean {
    if (this.medusaCode !== undefined && RETRIABLE_CODES.has(this.medusaCode)) return false;
    return this.status >= 400 && this.status < 500 && !RETRIABLE_4XX.has(this.status);
  }
}

async function answer<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // An HTML error page (with a stack trace, when Medusa's handler crashed): say so, show none of it.
    throw new MedusaApiError(
      response.status,
      `${what}: ${response.status} the store answered ${response.headers.get("content-type") ?? "something"} instead of JSON`,
    );
  }
  if (!response.ok) {
    const { message, code, type } = (body ?? {}) as {
      message?: unknown;
      code?: unknown;
      type?: unknown;
    };
    throw new MedusaApiError(
      response.status,
      `${what}: ${response.status} ${typeof message === "string" ? message : text.slice(0, 300)}`,
      typeof code === "string" ? code : undefined,
      {
        ...(typeof message === "string" ? { reason: message } : {}),
        ...(typeof type === "string" ? { type } : {}),
      },
    );
  }
  return body as T;
}

export interface AdminInit {
  readonly method?: string;
  readonly body?: unknown;
  /** The language of the answer's messages. */
  readonly language?: "en" | "pl";
}

export class MedusaApi {
  #token: string | undefined;
  readonly backendUrl: string;
  readonly publishableKey: string;
  readonly #credentials: { email: string; password: string };

  constructor(
    backendUrl: string,
    credentials: { email: string; password: string },
    publishableKey: string,
  ) {
    this.backendUrl = backendUrl;
    this.#credentials = credentials;
    this.publishableKey = publishableKey;
  }

  async #login(): Promise<string> {
    const response = await fetch(`${this.backendUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(this.#credentials),
    });
    const { token } = await answer<{ token: string }>(response, "admin sign-in");
    this.#token = token;
    return token;
  }

  /** The admin API; `init.body` is sent as JSON, in `init.language` when given. */
  async adminRaw(path: string, init: AdminInit = {}): Promise<Response> {
    const send = (token: string) =>
      fetch(`${this.backendUrl}${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.language ? { "accept-language": init.language } : {}),
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    let response = await send(this.#token ?? (await this.#login()));
    if (response.status === 401) response = await send(await this.#login());
    return response;
  }

  async admin<T>(path: string, init: AdminInit = {}): Promise<T> {
    return answer<T>(
      await this.adminRaw(path, init),
      `${init.method ?? (init.body === undefined ? "GET" : "POST")} ${path.split("?")[0]}`,
    );
  }

  /** The store API; `init.body` is sent as JSON, in `init.language` when given. */
  async store<T>(path: string, init: AdminInit = {}): Promise<T> {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST");
    const response = await fetch(`${this.backendUrl}${path}`, {
      method,
      headers: {
        "x-publishable-api-key": this.publishableKey,
        ...(init.language ? { "accept-language": init.language } : {}),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return answer<T>(response, `${method} ${path.split("?")[0]}`);
  }
}
