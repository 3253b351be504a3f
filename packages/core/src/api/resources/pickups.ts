// Courier pickups, first step: the days (and time windows) a courier can come
// for ordered packages (POST /packages/pickup-date-proposals). It reads and
// changes nothing, so it is retried like a read. The pickup itself is ordered
// with ShippingClient.pickupCommands.
import {
  type PickupDateProposalsRequest,
  PickupDateProposalsRequestSchema,
  type PickupDateProposalsResponse,
  PickupDateProposalsResponseSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

export class PickupsResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** The days a courier can come for these packages, each with its time window. */
  async dateProposals(
    request: PickupDateProposalsRequest,
    options?: CallOptions,
  ): Promise<PickupDateProposalsResponse> {
    return callEndpoint(
      this.#context,
      {
        method: "POST",
        path: "/packages/pickup-date-proposals",
        response: PickupDateProposalsResponseSchema,
        idempotent: true,
        version: 1,
      },
      checkInput(this.#context, PickupDateProposalsRequestSchema, request, options),
      options,
    );
  }
}
