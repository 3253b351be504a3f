// The account: the carrier services it may use (their account-specific
// service_id), its tracking webhook, and the user's own data.
import type { Language } from "../../issues/language.ts";
import {
  type AccountServicesResponse,
  AccountServicesResponseSchema,
  type TrackingWebhookRequest,
  TrackingWebhookRequestSchema,
  TrackingWebhookResponseSchema,
  type UserDataEditRequest,
} from "../../schemas/index.ts";
import { type Issue, validateUserData } from "../../validation/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput, checkWith } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

/** The registered webhook (never with its secret). */
export interface TrackingWebhook {
  readonly url: string;
  readonly language: Language;
  readonly datetime_add?: string;
}

export class AccountResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The carrier services of the account, with their service_id (GET /account/services). */
  async services(options?: CallOptions): Promise<AccountServicesResponse> {
    return callEndpoint(
      this.#context,
      {
        method: "GET",
        path: "/account/services",
        response: AccountServicesResponseSchema,
        idempotent: true,
        version: 1,
      },
      undefined,
      options,
    );
  }

  /** The registered tracking webhook; NotFoundError when there is none. */
  async trackingWebhook(options?: CallOptions): Promise<TrackingWebhook> {
    return (await callEndpoint<unknown>(
      this.#context,
      {
        method: "GET",
        path: "/account/tracking-webhook",
        response: TrackingWebhookResponseSchema,
        idempotent: true,
        version: 1,
      },
      undefined,
      options,
    )) as TrackingWebhook;
  }

  /** Registers (or replaces) the tracking webhook. */
  async setTrackingWebhook(
    webhook: TrackingWebhookRequest,
    options?: CallOptions,
  ): Promise<TrackingWebhook> {
    const checked = checkInput(this.#context, TrackingWebhookRequestSchema, webhook, options);
    return (await callEndpoint<unknown>(
      this.#context,
      {
        method: "PUT",
        path: "/account/tracking-webhook",
        response: TrackingWebhookResponseSchema,
        idempotent: true,
        version: 1,
      },
      checked,
      options,
    )) as TrackingWebhook;
  }

  /** Removes the tracking webhook; NotFoundError when there is none. */
  async deleteTrackingWebhook(options?: CallOptions): Promise<void> {
    await callEndpoint(
      this.#context,
      {
        method: "DELETE",
        path: "/account/tracking-webhook",
        response: undefined,
        idempotent: true,
        version: 1,
      },
      undefined,
      options,
    );
  }
}

/** The user's own data as the service keeps it (name, address, phone, company, ...). */
export type UserData = Readonly<Record<string, unknown>>;

export interface UserDataWriteResult {
  readonly userData: UserData;
  readonly warnings: readonly Issue[];
}

export class UserDataResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The user's data (GET /account/user-data). */
  async get(options?: CallOptions): Promise<UserData> {
    const data = await callEndpoint<unknown>(
      this.#context,
      {
        method: "GET",
        path: "/account/user-data",
        response: undefined,
        idempotent: true,
        version: 1,
      },
      undefined,
      options,
    );
    return data as UserData;
  }

  /**
   * Edits the user's data (PUT /account/user-data) after checking it: the
   * country must support phone verification, a Polish phone has 9 digits.
   */
  async update(data: UserDataEditRequest, options?: CallOptions): Promise<UserDataWriteResult> {
    const context = this.#context;
    const checked = checkWith(context, validateUserData, data, options);
    const answer = await callEndpoint<unknown>(
      context,
      {
        method: "PUT",
        path: "/account/user-data",
        response: undefined,
        idempotent: true,
        version: 1,
      },
      checked.value,
      options,
    );
    const { warnings: _fromService, ...userData } = (answer ?? {}) as Record<string, unknown>;
    return { userData, warnings: checked.warnings };
  }
}
