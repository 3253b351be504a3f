// Topping up the account: creating a payment (not repeated on failure, since
// each request is a new payment) and reading one back.
import {
  type PaymentCreateRequest,
  PaymentCreateRequestSchema,
  type PaymentResponse,
  PaymentResponseSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

export class PaymentsResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** Creates a payment; its `payment_url` is where the merchant pays. */
  create(request: PaymentCreateRequest, options?: CallOptions): Promise<PaymentResponse> {
    return callEndpoint(
      this.#context,
      {
        method: "POST",
        path: "/payments",
        response: PaymentResponseSchema,
        idempotent: false,
        version: 1,
      },
      { schema: PaymentCreateRequestSchema, value: request },
      options,
    );
  }
}
