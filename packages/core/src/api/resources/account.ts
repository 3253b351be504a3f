// The account: the carrier services it may use (their account-specific
// service_id), its package templates and the user's own data.
import {
  type AccountServicesResponse,
  AccountServicesResponseSchema,
  type TemplatesV2Response,
  TemplatesV2ResponseSchema,
  type UserDataEditRequest,
  UserDataEditRequestSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

export class AccountResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The carrier services of the account, with their service_id (GET /account/services). */
  services(options?: CallOptions): Promise<AccountServicesResponse> {
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
}

export class TemplatesResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The account's package templates, with their shipment data (v2 list). */
  list(options?: CallOptions): Promise<TemplatesV2Response> {
    return callEndpoint(
      this.#context,
      {
        method: "GET",
        path: "/account/package-templates",
        response: TemplatesV2ResponseSchema,
        idempotent: true,
        version: 2,
      },
      undefined,
      options,
    );
  }
}

export class UserDataResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** Edits the user's own data; the country must support phone verification. */
  update(data: UserDataEditRequest, options?: CallOptions): Promise<unknown> {
    return callEndpoint(
      this.#context,
      {
        method: "PUT",
        path: "/account/user-data",
        response: undefined,
        idempotent: true,
        version: 1,
      },
      { schema: UserDataEditRequestSchema, value: data },
      options,
    );
  }
}
