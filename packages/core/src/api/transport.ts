// The HTTP layer of ShippingClient, built on one ky instance and its hooks:
// beforeRequest puts the bearer token, the vendor media types, X-Language and
// X-Company-Id on the request; afterResponse answers a 401 with one token
// refresh and one retry; beforeRetry re-reads the token and enforces the
// call's deadline. ky's retry engine does the backoff (exponential, full
// jitter) and honours Retry-After; which requests may be retried is decided
// per request. Failures leave as ApiError subclasses, never as ky's errors.
import ky, {
  type AfterResponseHook,
  type BeforeRequestHook,
  type BeforeRetryHook,
  isHTTPError,
  isNetworkError as isKyNetworkError,
  isTimeoutError as isKyTimeoutError,
  type KyInstance,
  type ShouldRetryState,
} from "ky";
import type { z } from "zod";
import type { Clock } from "../clock.ts";
import type { Issue } from "../issues/issue.ts";
import type { Language } from "../issues/language.ts";
import { formatPath } from "../issues/path.ts";
import type { ApiVersion } from "../schemas/package.ts";
import {
  API_ERROR_CODES,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from "./api-error.ts";
import type { ShippingAuth } from "./auth.ts";
import { Deadline, type DeadlineInput } from "./deadline.ts";
import { errorFromResponse, safeHeaders } from "./error-from-response.ts";
import { isJsonMediaType, vendorMediaType } from "./media-type.ts";
import {
  backoffDelay,
  fullJitter,
  parseRetryAfter,
  type ResolvedRetryOptions,
} from "./retry-policy.ts";

/** Options every call takes; they override the client's defaults for that call. */
export interface CallOptions {
  /** API version of this call (vendor media type). */
  readonly version?: ApiVersion;
  /** X-Company-Id: the company of the user to act for. */
  readonly companyId?: string | number;
  /** X-Language of the service's messages. */
  readonly language?: Language;
  readonly signal?: AbortSignal;
  /** The whole call, retries and polling included, must finish by then (client clock). */
  readonly deadline?: DeadlineInput;
}

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];

export interface RequestSpec {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path under the base URL, starting with "/". */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  readonly json?: unknown;
  /** Whether repeating the request cannot do harm; only then is it retried. */
  readonly idempotent: boolean;
  /** Overrides Accept (e.g. application/pdf for labels). */
  readonly accept?: string;
  /** Forces a version for endpoints that have only one. */
  readonly version?: ApiVersion;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly contentType: string;
  /** Parsed JSON, text, or undefined for an empty answer. */
  readonly body: unknown;
  /** The raw bytes of a non-JSON answer (labels, documents). */
  readonly bytes: Uint8Array | undefined;
}

export interface TransportConfig {
  readonly baseUrl: string;
  readonly auth: ShippingAuth;
  readonly companyId: string | number | undefined;
  readonly language: Language | undefined;
  readonly version: ApiVersion;
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly clock: Clock;
  readonly timeoutMs: number;
  readonly callTimeoutMs: number;
  readonly retry: ResolvedRetryOptions;
  readonly validateResponses: boolean;
}

/** What the hooks of one call share, carried in ky's per-request context. */
interface CallState {
  readonly spec: RequestSpec;
  readonly deadline: Deadline;
  readonly signal: AbortSignal | undefined;
  /** The token sent last, handed back to the auth provider on a 401. */
  token: string | undefined;
  refreshed: boolean;
}

const STATE = "shipbridgeCall";
/** The longest delay a timer can have. */
const MAX_TIMER_MS = 2_147_483_647;

function stateOf(options: { context?: Record<string, unknown> }): CallState {
  return options.context?.[STATE] as CallState;
}

function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

function zodIssues(error: z.core.$ZodError): Issue<string>[] {
  return error.issues.map((issue) => ({
    path: formatPath(issue.path),
    rule: issue.code,
    message: issue.message,
  }));
}

export class Transport {
  readonly config: TransportConfig;
  readonly #ky: KyInstance;
  readonly #baseUrl: string;

  constructor(config: TransportConfig) {
    this.config = config;
    this.#baseUrl = config.baseUrl.replace(/\/+$/, "");
    const retry = config.retry;
    this.#ky = ky.create({
      timeout: config.timeoutMs,
      throwHttpErrors: true,
      ...(config.fetch ? { fetch: config.fetch } : {}),
      retry: {
        // One retry more than configured, kept for the 401 refresh, which
        // ky counts like any other: without it, a 401 after the last allowed
        // retry left ky's internal ForceRetryError, holding the renewed
        // token, to the caller. The configured limit of ordinary retries is
        // enforced in shouldRetry.
        limit: retry.limit + 1,
        methods: ["get", "put", "post", "delete"],
        statusCodes: [408, 429, 500, 502, 503, 504],
        afterStatusCodes: [429, 502, 503, 504],
        maxRetryAfter: retry.maxRetryAfterMs,
        delay: (attempt) => backoffDelay(attempt, retry),
        jitter: fullJitter,
        retryOnTimeout: true,
      },
      hooks: {
        beforeRequest: [this.#authorize],
        afterResponse: [this.#refreshOn401],
        beforeRetry: [this.#beforeRetry],
      },
    });
  }

  /** The deadline of a call: the given one, or the client's default budget from now. */
  deadlineFor(options: CallOptions | undefined, defaultMs = this.config.callTimeoutMs): Deadline {
    return options?.deadline !== undefined
      ? new Deadline(options.deadline, this.config.clock)
      : Deadline.after(defaultMs, this.config.clock);
  }

  readonly #authorize: BeforeRequestHook = async ({ request, options }) => {
    const state = stateOf(options);
    const token = await this.config.auth.accessToken();
    state.token = token;
    request.headers.set("authorization", `Bearer ${token}`);
  };

  readonly #refreshOn401: AfterResponseHook = async ({ request, options, response }) => {
    const state = stateOf(options);
    if (response.status !== 401 || state.refreshed) return;
    state.refreshed = true;
    const fresh = await this.config.auth.accessToken({ rejected: state.token });
    if (fresh === state.token) return; // nothing new to try: surface the 401
    state.token = fresh;
    const headers = new Headers(request.headers);
    headers.set("authorization", `Bearer ${fresh}`);
    return ky.retry({
      request: new Request(request, { headers }),
      code: "TOKEN_REFRESHED",
      delay: 0,
    });
  };

  readonly #beforeRetry: BeforeRetryHook = async ({ request, options }) => {
    const state = stateOf(options);
    state.deadline.check(state.spec.method, state.spec.path, "The request", state.signal);
    // Another call may have refreshed the token in the meantime.
    const token = await this.config.auth.accessToken();
    if (token !== state.token && !state.refreshed) {
      state.token = token;
      request.headers.set("authorization", `Bearer ${token}`);
    }
  };

  #shouldRetry(state: CallState, { error, retryCount }: ShouldRetryState): boolean | undefined {
    if (state.signal?.aborted) return false;
    if (!state.spec.idempotent) return false;
    if (retryCount > this.config.retry.limit) return false;
    if (state.deadline.expired) return false;
    if (isHTTPError(error)) {
      const wait = parseRetryAfter(
        error.response.headers.get("retry-after"),
        this.config.clock().getTime(),
      );
      // A wait longer than allowed or past the deadline: fail now with the answer.
      if (wait !== undefined) {
        if (wait > this.config.retry.maxRetryAfterMs) return false;
        if (wait >= state.deadline.remainingMs()) return false;
      }
    }
    return undefined; // ky's own rules: network errors, timeouts, listed statuses
  }

  /** Sends one request (with the retries it allows) and reads the answer. */
  async send(
    spec: RequestSpec,
    options: CallOptions = {},
    deadline?: Deadline,
  ): Promise<RawResponse> {
    const callDeadline = deadline ?? this.deadlineFor(options);
    const path = spec.path + queryString(spec.query);
    callDeadline.check(spec.method, path, "The request", options.signal);
    const version = spec.version ?? options.version ?? this.config.version;
    const media = vendorMediaType(version);
    const headers: Record<string, string> = { accept: spec.accept ?? media };
    const language = options.language ?? this.config.language;
    if (language) headers["x-language"] = language;
    const companyId = options.companyId ?? this.config.companyId;
    if (companyId !== undefined) headers["x-company-id"] = String(companyId);
    if (spec.json !== undefined) headers["content-type"] = media;
    const state: CallState = {
      spec: { ...spec, path },
      deadline: callDeadline,
      signal: options.signal,
      token: undefined,
      refreshed: false,
    };
    const url = this.#baseUrl + path;
    try {
      const response = await this.#ky(url, {
        method: spec.method,
        headers,
        ...(spec.json !== undefined ? { body: JSON.stringify(spec.json) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        totalTimeout: Math.min(MAX_TIMER_MS, Math.max(1, callDeadline.remainingMs())),
        context: { [STATE]: state },
        // Per call, so that the decision sees this call's spec and deadline.
        retry: { shouldRetry: (retryState) => this.#shouldRetry(state, retryState) },
      });
      return await this.#read(response, spec.method, path);
    } catch (error) {
      throw this.#translate(error, state, spec.method, path, options.signal);
    }
  }

  async #read(response: Response, method: string, path: string): Promise<RawResponse> {
    const contentType = response.headers.get("content-type") ?? "";
    if (response.status === 204) {
      return {
        status: 204,
        headers: response.headers,
        contentType,
        body: undefined,
        bytes: undefined,
      };
    }
    if (isJsonMediaType(contentType)) {
      const text = await response.text();
      let body: unknown;
      try {
        body = text === "" ? undefined : JSON.parse(text);
      } catch {
        // E.g. a proxy's error page sent with the service's media type.
        throw new UnexpectedResponseError(
          `The answer to ${method} ${path} says ${contentType} but is not valid JSON`,
          {
            status: response.status,
            method,
            path,
            requestId: response.headers.get("x-request-id") ?? undefined,
            headers: safeHeaders(response.headers),
            body: text,
            issues: [{ path: "", rule: "invalid_json", message: "not valid JSON" }],
          },
        );
      }
      return {
        status: response.status,
        headers: response.headers,
        contentType,
        body,
        bytes: undefined,
      };
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      contentType,
      body: contentType.startsWith("text/") ? new TextDecoder().decode(bytes) : undefined,
      bytes,
    };
  }

  #translate(
    error: unknown,
    state: CallState,
    method: string,
    path: string,
    signal: AbortSignal | undefined,
  ): unknown {
    if (signal?.aborted) return signal.reason;
    const now = () => this.config.clock().getTime();
    if (isHTTPError(error)) {
      return errorFromResponse(error.response, error.data, { method, path, now });
    }
    // ky's own errors are never kept as a cause: they hold the request, and
    // with it the Authorization header.
    if (isKyTimeoutError(error)) {
      if (state.deadline.expired) return state.deadline.exceeded(method, path, "The request");
      return new TimeoutError(
        API_ERROR_CODES.timeout,
        `No answer within ${this.config.timeoutMs} ms: ${method} ${path}`,
        { method, path },
      );
    }
    if (isKyNetworkError(error)) {
      return new NetworkError(`The service could not be reached: ${method} ${path}`, {
        method,
        path,
        cause: error.cause,
      });
    }
    return error;
  }

  /** Checks a parsed answer against an inbound schema when response validation is on. */
  check<T>(schema: z.ZodType<T> | undefined, raw: RawResponse, method: string, path: string): T {
    if (!schema || !this.config.validateResponses) return raw.body as T;
    const result = schema.safeParse(raw.body);
    if (result.success) return result.data;
    const issues = zodIssues(result.error);
    const listed = issues.map((i) => `${i.path || "(body)"}: ${i.message}`).join("; ");
    throw new UnexpectedResponseError(
      `The answer to ${method} ${path} does not have the expected shape: ${listed}`,
      {
        status: raw.status,
        method,
        path,
        requestId: raw.headers.get("x-request-id") ?? undefined,
        headers: safeHeaders(raw.headers),
        body: raw.body,
        issues,
      },
    );
  }
}
