// Topping up the account: creating a payment (not repeated on failure, since
// each request is a new payment) and reading one back to see whether it was paid.

import { z } from "zod";
import {
  type PaymentCreateRequest,
  PaymentCreateRequestSchema,
  type PaymentResponse,
  PaymentResponseSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

const PaymentIdSchema = z.number().int().positive();

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
    const checked = checkInput(this.#context, PaymentIdSchema, id, options);
    return callEndpoint(
      this.#context,
      {
        method: "GET",
        path: `/payments/${checked}`,
        response: PaymentResponseSchema,
        idempotent: true,
        version: 1,
      },
      undefined,
      options,
    );
  }
}
