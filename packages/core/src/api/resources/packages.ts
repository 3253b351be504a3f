// The packages namespace: create, edit, validate, read and list shipments,
// quote prices (polling while the quote runs in the background), fetch labels
// (polling while the service answers 204) and tracking.
//
// Creating a package is the one request that is never repeated blindly: when
// its outcome is unknown (no answer, a timeout, a 5xx after sending), the
// client first looks the package up by user_reference_number and only creates
// again when it is not there. Without a user_reference_number there is no safe
// way to tell, so the client stops with an OutcomeUnknownError. A 429 was
// turned away unprocessed, so it is sent again after the wait it asks for,
// unless that wait is not allowed or ends past the deadline.

import type { Issue } from "../../issues/issue.ts";
import {
  type AddToTrackingRequest,
  AddToTrackingRequestSchema,
  type AddToTrackingResponse,
  AddToTrackingResponseSchema,
  type ApiVersion,
  type CalculatePriceRequestV1,
  type CalculatePriceRequestV2,
  type CalculatePriceResponse,
  CalculatePriceResponseSchema,
  type LabelOptions,
  LabelOptionsSchema,
  type PackageDetailsV1,
  PackageDetailsV1Schema,
  type PackageDetailsV2,
  PackageDetailsV2Schema,
  type PackageListQuery,
  PackageListQuerySchema,
  type PackageListResponse,
  PackageListResponseSchema,
  PackageRefSchema,
  type PackageV1,
  type PackageV2,
  type TrackingV1Response,
  TrackingV1ResponseSchema,
  type TrackingV2Response,
  TrackingV2ResponseSchema,
} from "../../schemas/index.ts";
import {
  API_ERROR_CODES,
  type ApiError,
  isApiError,
  isRateLimitError,
  isValidationApiError,
  OutcomeUnknownError,
} from "../api-error.ts";
import { type ClientContext, pollDeadline, versionOf } from "../client-context.ts";
import type { Deadline } from "../deadline.ts";
import { checkCalculatePrice, checkInput, checkPackage, packageResult } from "../input-check.ts";
import { poll } from "../poll.ts";
import { backoffDelay, fullJitter, parseRetryAfter } from "../retry-policy.ts";
import type { CallOptions, RawResponse } from "../transport.ts";

export type PackageDetails = PackageDetailsV1 | PackageDetailsV2;

type V1 = CallOptions & { readonly version: 1 };
type V2 = CallOptions & { readonly version?: 2 };

/** A package written (created or edited) by the service, with the warnings of local validation. */
export interface PackageWriteResult<P extends PackageDetails = PackageDetailsV2> {
  readonly package: P;
  readonly warnings: readonly Issue[];
  /**
   * True when the answer to the create was lost and the package was found by
   * its user_reference_number instead of being created again.
   */
  readonly reconciled: boolean;
}

/** The service's verdict on a package, and the warnings of local validation. */
export interface PackageValidationResult {
  readonly valid: boolean;
  /** Every problem, found locally or by the service, with its field path. */
  readonly issues: readonly {
    readonly path: string;
    readonly rule: string;
    readonly message: string;
  }[];
  readonly warnings: readonly Issue[];
}

export interface PriceQuoteResult {
  readonly prices: CalculatePriceResponse;
  readonly warnings: readonly Issue[];
}

export interface LabelRequest extends LabelOptions {}

export interface Label {
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** The longest wait, after a timed-out create, for the service to finish it before the look-up. */
const SETTLE_AFTER_TIMEOUT_MS = 5_000;

const LABEL_MEDIA = { pdf: "application/pdf", zpl: "application/zpl" } as const;

type Warning = Issue;

/** Local warnings, then those only the service found (same path and rule counted once). */
function mergeWarnings(local: readonly Warning[], fromService: unknown): readonly Warning[] {
  if (!Array.isArray(fromService) || fromService.length === 0) return local;
  const seen = new Set(local.map((w) => `${w.path}\u0000${w.rule}`));
  const merged = [...local];
  for (const entry of fromService) {
    const w = entry as Partial<Warning> | null;
    if (typeof w?.path !== "string" || typeof w.message !== "string") continue;
    const key = `${w.path}\u0000${String(w.rule)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({
      path: w.path,
      rule: (w.rule ?? "service") as Warning["rule"],
      message: w.message,
    });
  }
  return merged;
}

/** Splits the `warnings` the service adds to a written package from the package itself. */
function withoutWarnings(raw: RawResponse): { raw: RawResponse; warnings: unknown } {
  const body = raw.body as Record<string, unknown> | undefined;
  if (typeof body !== "object" || body === null || !("warnings" in body)) {
    return { raw, warnings: undefined };
  }
  const { warnings, ...rest } = body;
  return { raw: { ...raw, body: rest }, warnings };
}

function detailsSchema(version: ApiVersion) {
  return version === 1 ? PackageDetailsV1Schema : PackageDetailsV2Schema;
}

/** Whether a failure of POST /packages leaves it open whether the package was created. */
function outcomeUnknown(error: unknown): error is ApiError {
  if (!isApiError(error)) return false;
  return (
    error.code === API_ERROR_CODES.network_error ||
    error.code === API_ERROR_CODES.timeout ||
    error.code === API_ERROR_CODES.deadline_exceeded ||
    error.code === API_ERROR_CODES.service_unavailable
  );
}

export class PackagesResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /**
   * Creates a package (POST /packages) after validating it locally. Give it a
   * user_reference_number (your order id): then a lost answer is reconciled
   * by looking the package up, and a package is never created twice.
   */
  create(input: PackageV2, options?: V2): Promise<PackageWriteResult<PackageDetailsV2>>;
  create(input: PackageV1, options: V1): Promise<PackageWriteResult<PackageDetailsV1>>;
  async create(
    input: PackageV1 | PackageV2,
    options?: CallOptions,
  ): Promise<PackageWriteResult<PackageDetails>> {
    const context = this.#context;
    const version = versionOf(context, options);
    const checked = checkPackage(context, input, version, "create", options);
    const transport = context.transport;
    const deadline = transport.deadlineFor(options);
    const reference = (checked.value as { user_reference_number?: string }).user_reference_number;
    const spec = {
      method: "POST",
      path: "/packages",
      json: checked.value,
      idempotent: false,
    } as const;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = withoutWarnings(await transport.send(spec, options, deadline));
        const created = transport.check(detailsSchema(version), answer.raw, "POST", "/packages");
        const warnings = mergeWarnings(checked.warnings, answer.warnings);
        return { package: created, warnings, reconciled: false };
      } catch (error) {
        const unknown = outcomeUnknown(error);
        // 429 means the request was turned away before it was processed.
        if (!unknown && !isRateLimitError(error)) throw error;
        if (!unknown) {
          // Nothing was created: wait as asked and send again when that fits, else report it now.
          if (attempt > context.retry.limit || !this.#waitFits(error, deadline)) throw error;
        } else if (reference === undefined) {
          throw new OutcomeUnknownError(
            `It is unknown whether the package was created (${error.message}). It has no user_reference_number to look it up by, so it was not sent again; check the package list before creating it again.`,
            { method: "POST", path: "/packages", status: error.status, cause: error },
          );
        } else if (attempt > context.retry.limit || deadline.expired) {
          const found = await this.#lookUp(reference, version, options, deadline).catch(
            () => undefined,
          );
          if (found) return { package: found, warnings: checked.warnings, reconciled: true };
          throw this.#unreconciled(reference, error);
        }
        await this.#waitBeforeAgain(attempt, error, deadline, options?.signal);
        if (!unknown && deadline.expired) throw error;
        if (unknown && reference !== undefined) {
          let found: PackageDetails | undefined;
          try {
            found = await this.#lookUp(reference, version, options, deadline);
          } catch (lookupError) {
            throw this.#unreconciled(reference, error, lookupError);
          }
          if (found) return { package: found, warnings: checked.warnings, reconciled: true };
        }
      }
    }
  }

  #unreconciled(reference: string, error: ApiError, lookupError?: unknown): OutcomeUnknownError {
    return new OutcomeUnknownError(
      `It is unknown whether the package with user_reference_number ${JSON.stringify(reference)} was created (${error.message}), and looking it up did not settle it; look it up again before creating it.`,
      { method: "POST", path: "/packages", status: error.status, cause: lookupError ?? error },
    );
  }

  /** Whether the wait a 429 asks for is allowed and ends before the deadline. */
  #waitFits(error: ApiError, deadline: Deadline): boolean {
    const context = this.#context;
    const asked = parseRetryAfter(error.headers["retry-after"], context.clock().getTime());
    if (asked === undefined) return !deadline.expired;
    return asked <= context.retry.maxRetryAfterMs && asked < deadline.remainingMs();
  }

  async #waitBeforeAgain(
    attempt: number,
    error: ApiError,
    deadline: Deadline,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const context = this.#context;
    const asked = parseRetryAfter(error.headers["retry-after"], context.clock().getTime());
    let wait = asked ?? fullJitter(backoffDelay(attempt, context.retry));
    // A create that timed out may still be running on the service; give it
    // time to finish before looking for it, or the look-up could miss it.
    if (error.code === API_ERROR_CODES.timeout) {
      wait += Math.min(context.transport.config.timeoutMs, SETTLE_AFTER_TIMEOUT_MS);
    }
    await context.sleep(Math.min(wait, deadline.remainingMs()), signal);
  }

  /** The package with this user_reference_number, if the service has one. */
  async #lookUp(
    reference: string,
    version: ApiVersion,
    options: CallOptions | undefined,
    deadline: Deadline,
  ): Promise<PackageDetails | undefined> {
    const list = await this.#list({ user_reference_number: reference }, options, deadline);
    const found = list.packages.find((p) => p.user_reference_number === reference);
    if (!found || version === 2) return found;
    return this.get(found.package_id, { ...options, version: 1, deadline: deadline.atMs });
  }

  /** Edits a package that has not been ordered yet (PUT /packages/{id}). */
  update(id: number, input: PackageV2, options?: V2): Promise<PackageWriteResult<PackageDetailsV2>>;
  update(id: number, input: PackageV1, options: V1): Promise<PackageWriteResult<PackageDetailsV1>>;
  async update(
    id: number,
    input: PackageV1 | PackageV2,
    options?: CallOptions,
  ): Promise<PackageWriteResult<PackageDetails>> {
    const context = this.#context;
    const version = versionOf(context, options);
    const checked = checkPackage(context, input, version, "update", options);
    const path = `/packages/${packageId(context, id, options)}`;
    // Writing the same content again leaves the same package: safe to retry.
    const answer = withoutWarnings(
      await context.transport.send(
        { method: "PUT", path, json: checked.value, idempotent: true },
        options,
      ),
    );
    const updated = context.transport.check(detailsSchema(version), answer.raw, "PUT", path);
    const warnings = mergeWarnings(checked.warnings, answer.warnings);
    return { package: updated, warnings, reconciled: false };
  }

  /**
   * Asks the service whether a package would be accepted (POST
   * /packages/validate), without creating it.
   *
   * An invalid package is an answer, not an error: the promise resolves to
   * `{ valid, issues, warnings }`. `issues` lists every problem with its field
   * path, whether local validation found it (then nothing is sent) or the
   * service did (its 400/422 answer); `warnings` holds the findings that do
   * not stop a package, local and the service's. Even input that is not a
   * package at all resolves, with `valid: false`. Failures that say nothing
   * about the package still throw, as from every other call:
   * AuthenticationError, PermissionError, RateLimitError, ServiceError (after
   * the retries), NetworkError, TimeoutError.
   *
   * @example
   * const verdict = await client.packages.validate(pkg);
   * if (!verdict.valid) for (const i of verdict.issues) console.log(i.path, i.message);
   */
  async validate(
    input: PackageV1 | PackageV2,
    options?: CallOptions,
  ): Promise<PackageValidationResult> {
    const context = this.#context;
    const version = versionOf(context, options);
    const checked = packageResult(context, input, version, "validate", options);
    if (!checked.ok) {
      return { valid: false, issues: checked.error.issues, warnings: checked.warnings };
    }
    try {
      const raw = await context.transport.send(
        { method: "POST", path: "/packages/validate", json: checked.value, idempotent: true },
        options,
      );
      const fromService = (raw.body as { warnings?: unknown } | undefined)?.warnings;
      return { valid: true, issues: [], warnings: mergeWarnings(checked.warnings, fromService) };
    } catch (error) {
      if (isValidationApiError(error)) {
        return { valid: false, issues: error.issues, warnings: checked.warnings };
      }
      throw error;
    }
  }

  /** One package by its id (GET /packages/{id}). */
  get(id: number, options?: V2): Promise<PackageDetailsV2>;
  get(id: number, options: V1): Promise<PackageDetailsV1>;
  async get(id: number, options?: CallOptions): Promise<PackageDetails> {
    const context = this.#context;
    const version = versionOf(context, options);
    const path = `/packages/${packageId(context, id, options)}`;
    const raw = await context.transport.send({ method: "GET", path, idempotent: true }, options);
    return context.transport.check(detailsSchema(version), raw, "GET", path);
  }

  /** The account's packages, e.g. those with one user_reference_number (GET /packages). */
  async list(query: PackageListQuery = {}, options?: CallOptions): Promise<PackageListResponse> {
    const checked = checkInput(this.#context, PackageListQuerySchema, query, options);
    return this.#list(checked, options, undefined);
  }

  async #list(
    query: PackageListQuery,
    options: CallOptions | undefined,
    deadline: Deadline | undefined,
  ): Promise<PackageListResponse> {
    const transport = this.#context.transport;
    const raw = await transport.send(
      { method: "GET", path: "/packages", query, idempotent: true, version: 2 },
      options,
      deadline,
    );
    return transport.check(PackageListResponseSchema, raw, "GET", "/packages");
  }

  /**
   * Quotes a package with several carriers (POST /packages/calculate-price),
   * asking again while the service says the calculation is still pending in
   * the background, until the deadline.
   */
  calculatePrice(input: CalculatePriceRequestV2, options?: V2): Promise<PriceQuoteResult>;
  calculatePrice(input: CalculatePriceRequestV1, options: V1): Promise<PriceQuoteResult>;
  async calculatePrice(
    input: CalculatePriceRequestV1 | CalculatePriceRequestV2,
    options?: CallOptions,
  ): Promise<PriceQuoteResult> {
    const context = this.#context;
    const version = versionOf(context, options);
    const checked = checkCalculatePrice(context, input, version, options);
    const json = checked.value;
    const path = "/packages/calculate-price";
    const deadline = pollDeadline(context, options);
    let serviceWarnings: unknown;
    const prices = await poll<CalculatePriceResponse>({
      ask: async () => {
        const split = withoutWarnings(
          await context.transport.send(
            { method: "POST", path, json, idempotent: true },
            options,
            deadline,
          ),
        );
        serviceWarnings = split.warnings;
        const answer = context.transport.check(
          CalculatePriceResponseSchema,
          split.raw,
          "POST",
          path,
        );
        if (answer.calculation_pending_in_background === true) return { done: false };
        return { done: true, value: answer };
      },
      deadline,
      sleep: context.sleep,
      signal: options?.signal,
      options: context.poll,
      what: "The price calculation",
      method: "POST",
      path,
    });
    return { prices, warnings: mergeWarnings(checked.warnings, serviceWarnings) };
  }

  /**
   * The label of an ordered package (GET /packages/{id}/label), asking again
   * while the service answers 204 (not ready yet), until the deadline.
   */
  async label(id: number, request: LabelRequest = {}, options?: CallOptions): Promise<Label> {
    const context = this.#context;
    const format = checkInput(context, LabelOptionsSchema, request, options);
    const path = `/packages/${packageId(context, id, options)}/label`;
    const query = format.page_format ? { "label[page_format]": format.page_format } : undefined;
    const accept = LABEL_MEDIA[format.file_format ?? "pdf"];
    const deadline = pollDeadline(context, options);
    return poll<Label>({
      ask: async () => {
        const raw: RawResponse = await context.transport.send(
          { method: "GET", path, query, accept, idempotent: true, version: 1 },
          options,
          deadline,
        );
        if (raw.status === 204 || raw.bytes === undefined) {
          const waitMs = parseRetryAfter(raw.headers.get("retry-after"), context.clock().getTime());
          return waitMs === undefined ? { done: false } : { done: false, waitMs };
        }
        return { done: true, value: { contentType: raw.contentType, bytes: raw.bytes } };
      },
      deadline,
      sleep: context.sleep,
      signal: options?.signal,
      options: context.poll,
      what: "The label",
      method: "GET",
      path,
    });
  }

  /** The tracking events of a package (v1: one list; v2: one list per parcel). */
  tracking(id: number, options?: V2): Promise<TrackingV2Response>;
  tracking(id: number, options: V1): Promise<TrackingV1Response>;
  async tracking(
    id: number,
    options?: CallOptions,
  ): Promise<TrackingV1Response | TrackingV2Response> {
    const context = this.#context;
    const version = versionOf(context, options);
    const path = `/packages/${packageId(context, id, options)}/tracking`;
    const raw = await context.transport.send({ method: "GET", path, idempotent: true }, options);
    return version === 1
      ? context.transport.check(TrackingV1ResponseSchema, raw, "GET", path)
      : context.transport.check(TrackingV2ResponseSchema, raw, "GET", path);
  }

  /** Adds a shipment sent elsewhere to tracking (POST /packages/add-to-tracking). */
  async addToTracking(
    input: AddToTrackingRequest,
    options?: CallOptions,
  ): Promise<AddToTrackingResponse> {
    const context = this.#context;
    const json = checkInput(context, AddToTrackingRequestSchema, input, options);
    const path = "/packages/add-to-tracking";
    const raw = await context.transport.send(
      { method: "POST", path, json, idempotent: false, version: 1 },
      options,
    );
    return context.transport.check(AddToTrackingResponseSchema, raw, "POST", path);
  }
}

/**
 * Checks a package id before it goes into an address: a whole number above
 * zero (NaN, -5 and 1.5 are refused as a ValidationError at `id`, and nothing
 * is sent).
 */
function packageId(context: ClientContext, id: number, options: CallOptions | undefined): number {
  return checkInput(context, PackageRefSchema, { id }, options).id;
}
