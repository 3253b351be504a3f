// Topping up the account: creating a payment (not repeated on failure, since
// each request is a new payment) and reading one back to see whether it was paid.

import {
  type PaymentCreateRequest,
  PaymentCreateRequestSchema,
  type PaymentResponse,
  PaymentResponseSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint, callOnRecord } from "./endpoint.ts";

export class PaymentsResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** Creates a payment; its `payment_url` is where the merchant pays. */
  async create(request: PaymentCreateRequest, options?: CallOptions): Promise<PaymentResponse> {
    return callEndpoint(
      this.#context,
      {
        method: "POST",
        path: "/payments",
        response: PaymentResponseSchema,
        idempotent: false,
        version: 1,
      },
      checkInput(this.#context, PaymentCreateRequestSchema, request, options),
      options,
    );
  }

  /** One payment and its status. */
  async get(id: number, options?: CallOptions): Promise<PaymentResponse> {
    return callOnRecord(
      this.#context,
      id,
      {
        method: "GET",
        path: (checked) => `/payments/${checked}`,
        response: PaymentResponseSchema,
        version: 1,
      },
      options,
    );
  }
}
