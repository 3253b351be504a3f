// The HTTP layer of ShippingClient, on ky. The ky instance is built once per
// client; a call hands it only what is its own: method, headers (bearer
// token, vendor media types, X-Language, X-Company-Id), body, the caller's
// signal, the budget left before the call's deadline (totalTimeout), and for
// requests that are safe to repeat, the retry rules bound to this call. ky's
// retry engine does the backoff (exponential, full jitter) and honours
// Retry-After; beforeRetry re-reads the token and enforces the deadline by
// the client's clock. A 401 comes back as an answer rather than an error
// (throwHttpErrors skips it), so send() renews the token once and sends once
// more without any hook having to clone every response. Failures leave as
// ApiError subclasses, never as ky's errors.
import ky, {
  type BeforeRetryHook,
  isHTTPError,
  isNetworkError as isKyNetworkError,
  isTimeoutError as isKyTimeoutError,
  type KyInstance,
  type RetryOptions,
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
  type ApiError,
  NetworkError,
  TimeoutError,
  UnexpectedResponseError,
} from "./api-error.ts";
import type { ShippingAuth } from "./auth.ts";
import { Deadline, type DeadlineInput, MAX_TIMER_MS } from "./deadline.ts";
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
  /**
   * The path errors name instead of `path`, when `path` carries what must
   * never be logged (the query of a signed document url).
   */
  readonly shownPath?: string;
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

/** What one call's retry decisions and hooks share (in ky's context). */
interface CallState {
  readonly method: string;
  /** Path and query, for errors. */
  readonly path: string;
  readonly deadline: Deadline;
  readonly signal: AbortSignal | undefined;
  /** The token sent last, handed back to the auth provider on a 401. */
  token: string;
  /** Whether the token was renewed after a 401 (at most once per call). */
  refreshed: boolean;
  /** Retries ky has made so far, so that the send after a 401 gets what is left. */
  retries: number;
}

/** ky's per-call options, built once per call and reused for the send after a 401. */
interface CallInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  context: Record<string, unknown>;
  totalTimeout: number;
  retry: number | RetryOptions;
}

const STATE = "shipbridgeCall";
/** Every method may be retried; whether a request may is decided per request. */
const RETRY_METHODS = ["get", "put", "post", "delete"];
const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
const RETRY_AFTER_STATUSES = [429, 502, 503, 504];

/** A 401 is answered by renewing the token in send(), not thrown by ky. */
const throwUnless401 = (status: number): boolean => status !== 401;

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

/** The budget left before the deadline, as ky's totalTimeout. */
function budget(deadline: Deadline): number {
  return Math.min(MAX_TIMER_MS, Math.max(1, deadline.remainingMs()));
}

export class Transport {
  readonly config: TransportConfig;
  readonly #ky: KyInstance;
  readonly #baseUrl: string;
  /** The backoff before each retry, bound once to the client's retry options. */
  readonly #delay: (attempt: number) => number;

  constructor(config: TransportConfig) {
    this.config = config;
    this.#delay = (attempt) => backoffDelay(attempt, config.retry);
    this.#baseUrl = config.baseUrl.replace(/\/+$/, "");
    this.#ky = ky.create({
      timeout: config.timeoutMs,
      throwHttpErrors: throwUnless401,
      ...(config.fetch ? { fetch: config.fetch } : {}),
      hooks: { beforeRetry: [this.#beforeRetry] },
    });
  }

  /** The deadline of a call: the given one, or the client's default budget from now. */
  deadlineFor(options: CallOptions | undefined, defaultMs = this.config.callTimeoutMs): Deadline {
    return options?.deadline !== undefined
      ? new Deadline(options.deadline, this.config.clock)
      : Deadline.after(defaultMs, this.config.clock);
  }

  readonly #beforeRetry: BeforeRetryHook = async ({ request, options, retryCount }) => {
    const state = options.context[STATE] as CallState;
    state.retries = retryCount;
    state.deadline.check(state.method, state.path, "The request", state.signal);
    // Another call may have refreshed the token in the meantime.
    const token = await this.config.auth.accessToken();
    if (token !== state.token && !state.refreshed) {
      state.token = token;
      request.headers.set("authorization", `Bearer ${token}`);
    }
  };

  /** ky's retry rules for one request that is safe to repeat, bound to its call. */
  #retryRules(state: CallState, limit: number): RetryOptions {
    return {
      limit,
      methods: RETRY_METHODS,
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: RETRY_AFTER_STATUSES,
      maxRetryAfter: this.config.retry.maxRetryAfterMs,
      delay: this.#delay,
      jitter: fullJitter,
      retryOnTimeout: true,
      shouldRetry: (retryState) => this.#shouldRetry(state, retryState),
    };
  }

  #shouldRetry(state: CallState, { error }: ShouldRetryState): boolean | undefined {
    if (state.signal?.aborted) return false;
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
    const method = spec.method;
    const sent = spec.query === undefined ? spec.path : spec.path + queryString(spec.query);
    const path = spec.shownPath ?? sent;
    const signal = options.signal;
    callDeadline.check(method, path, "The request", signal);
    const version = spec.version ?? options.version ?? this.config.version;
    const media = vendorMediaType(version);
    const state: CallState = {
      method,
      path,
      deadline: callDeadline,
      signal,
      token: "",
      refreshed: false,
      retries: 0,
    };
    try {
      state.token = await callDeadline.within(
        this.config.auth.accessToken(),
        method,
        path,
        "The access token",
      );
      const headers: Record<string, string> = {
        accept: spec.accept ?? media,
        authorization: `Bearer ${state.token}`,
      };
      const language = options.language ?? this.config.language;
      if (language) headers["x-language"] = language;
      const companyId = options.companyId ?? this.config.companyId;
      if (companyId !== undefined) headers["x-company-id"] = String(companyId);
      const init: CallInit = {
        method,
        headers,
        context: { [STATE]: state },
        totalTimeout: budget(callDeadline),
        retry: spec.idempotent ? this.#retryRules(state, this.config.retry.limit) : 0,
      };
      if (spec.json !== undefined) {
        headers["content-type"] = media;
        init.body = JSON.stringify(spec.json);
      }
      if (signal) init.signal = signal;
      const url = this.#baseUrl + sent;
      let response = await this.#ky(url, init);
      if (response.status === 401)
        response = await this.#renewAndResend(url, init, state, response);
      return await this.#read(response, method, path);
    } catch (error) {
      throw this.#translate(error, state);
    }
  }

  /**
   * The one renewal a 401 gets: ask the auth provider for a token in place
   * of the rejected one and, when it gives a new one, send once more with
   * the retries the call has left. A 401 that stands becomes an
   * AuthenticationError.
   */
  async #renewAndResend(
    url: string,
    init: CallInit,
    state: CallState,
    rejected: Response,
  ): Promise<Response> {
    state.refreshed = true;
    const fresh = await state.deadline.within(
      this.config.auth.accessToken({ rejected: state.token }),
      state.method,
      state.path,
      "The renewed access token",
    );
    if (fresh === state.token) throw await this.#errorOf(rejected, state);
    void rejected.body?.cancel().catch(() => undefined);
    state.deadline.check(state.method, state.path, "The request", state.signal);
    state.token = fresh;
    init.headers.authorization = `Bearer ${fresh}`;
    init.totalTimeout = budget(state.deadline);
    if (typeof init.retry === "object") {
      // The send after the renewal counts as one of the call's retries.
      const left = Math.max(0, this.config.retry.limit - state.retries - 1);
      init.retry = this.#retryRules(state, left);
    }
    const response = await this.#ky(url, init);
    if (response.status === 401) throw await this.#errorOf(response, state);
    return response;
  }

  /**
   * The ApiError of an answer ky did not throw (a 401), its body read as ky
   * reads error bodies: within the attempt's timeout, else left out.
   */
  async #errorOf(response: Response, state: CallState): Promise<ApiError> {
    const { method, path } = state;
    let body: unknown;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => {
      const ms = Math.min(this.config.timeoutMs, state.deadline.remainingMs());
      timer = setTimeout(() => resolve(undefined), ms);
    });
    try {
      const text = await Promise.race([response.text(), late]);
      if (text !== undefined && text !== "") {
        body = isJsonMediaType(response.headers.get("content-type")) ? JSON.parse(text) : text;
      }
    } catch {
      // An unreadable body leaves the status and headers to speak.
    } finally {
      clearTimeout(timer);
    }
    const now = () => this.config.clock().getTime();
    return errorFromResponse(response, body, { method, path, now });
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

  #translate(error: unknown, state: CallState): unknown {
    const { method, path, signal } = state;
    if (signal?.aborted) return signal.reason;
    if (isHTTPError(error)) {
      return errorFromResponse(error.response, error.data, {
        method,
        path,
        now: () => this.config.clock().getTime(),
      });
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
