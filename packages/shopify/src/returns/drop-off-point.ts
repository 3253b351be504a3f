// Where the customer hands the return parcel in: the locker or point they
// chose at checkout, when it is one of a carrier the shop offers points of and
// it takes parcels in now (of this weight); otherwise the nearest point of
// the shop's first point carrier (inpost by default) that takes it in, near
// the customer's address. Undefined when there is none: the merchant is told.
import type { ShippingClient } from "@shipbridge/core";
import { pointClosure } from "@shipbridge/core/rules";
import { decodeServiceCode } from "../mapping/service-code.ts";

export interface DropOff {
  readonly point: string;
  readonly service: string;
}

export interface DropOffInput {
  /** The order's shipping line code (this app's rates name the carrier and point). */
  readonly shippingCode: string | null | undefined;
  readonly address: {
    readonly postcode: string;
    readonly city: string;
    readonly country_code: string;
  };
  /** What the parcel's contents weigh, in kg: a point with a lower limit cannot take it. */
  readonly weightKg?: number;
  /** The carriers whose points the shop offers, first the preferred. */
  readonly pointServices: readonly string[];
  readonly defaultService: string;
}

type MapPoint = Awaited<ReturnType<ShippingClient["points"]["map"]>>["points"][number];

/** Takes this parcel in now: a send point, open, not on holiday, and not limited to lighter parcels. */
function takesParcels(point: MapPoint, weightKg: number): boolean {
  const limit = point.max_supported_weight;
  return (
    point.is_send_point !== false &&
    pointClosure(point) === undefined &&
    (typeof limit !== "number" || limit <= 0 || weightKg <= limit)
  );
}

export async function chooseDropOff(
  client: ShippingClient,
  input: DropOffInput,
): Promise<DropOff | undefined> {
  const location = {
    address: {
      postcode: input.address.postcode,
      city: input.address.city,
      country_code: input.address.country_code.toUpperCase(),
    },
  };
  const weight = input.weightKg ?? 0;
  const chosen = decodeServiceCode(input.shippingCode);
  const offered = input.pointServices.length > 0 ? input.pointServices : [input.defaultService];
  if (chosen?.kind === "point" && offered.includes(chosen.service)) {
    const { points } = await client.points.map({
      location,
      filters: { point_id: chosen.point },
      limit: 1,
    });
    const found = points.find((point) => point.code.toUpperCase() === chosen.point.toUpperCase());
    if (found && takesParcels(found, weight)) return { point: found.code, service: chosen.service };
  }
  const service =
    chosen !== undefined && offered.includes(chosen.service) ? chosen.service : offered[0];
  if (service === undefined) return undefined;
  const { points } = await client.points.map({
    location,
    filters: { services: [service] },
    limit: 20,
  });
  const nearest = points.find((point) => takesParcels(point, weight));
  return nearest ? { point: nearest.code, service } : undefined;
}
