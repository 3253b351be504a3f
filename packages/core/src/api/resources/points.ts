// Pickup and delivery points: lockers and service points near a place
// (POST /points/map). A search, so it is retried like a read.
import {
  type PointsMapRequest,
  PointsMapRequestSchema,
  type PointsMapResponse,
  PointsMapResponseSchema,
} from "../../schemas/index.ts";
import type { ClientContext } from "../client-context.ts";
import { checkInput } from "../input-check.ts";
import type { CallOptions } from "../transport.ts";
import { callEndpoint } from "./endpoint.ts";

export class PointsResource {
  readonly #context: ClientContext;

  constructor(context: ClientContext) {
    this.#context = context;
  }

  /** Points near a location, filtered by carrier and point type. */
  async map(request: PointsMapRequest, options?: CallOptions): Promise<PointsMapResponse> {
    return callEndpoint(
      this.#context,
      {
        method: "POST",
        path: "/points/map",
        response: PointsMapResponseSchema,
        idempotent: true,
        version: 1,
      },
      checkInput(this.#context, PointsMapRequestSchema, request, options),
      options,
    );
  }
}
