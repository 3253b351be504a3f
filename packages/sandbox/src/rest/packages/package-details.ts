// Package details as GET /packages/{id} (and POST/PUT /packages) answer them,
// in both versions: v1 keeps `type` on the package and its parcels carry no
// type; v2 puts `type` and `datetime_status` on every parcel and adds
// `adjusted_price` (null: the sandbox never re-measures a parcel) to pricing.
// Everything time-bound (state, cancel_available, label, delivery) is read
// from the sandbox clock at the moment of the request. `tracking_url` is the
// public tracking page a customer opens ({account_url}/zlokalizuj/{number}),
// per parcel, and the first parcel's on the package.
import type { Language } from "@shipbridge/core";
import { CARRIER_OFFERS, isCarrier } from "../account/carriers.ts";
import type { ApiVersion } from "../http/negotiation.ts";
import { dimensionalWeightKg, quote, zloty } from "../pricing/price-quote.ts";
import { isoSeconds } from "../support/datetime.ts";
import { trackingPageUrl } from "../tracking/tracking-page.ts";
import {
  canCancel,
  canOrderPickup,
  describeState,
  labelReadyAt,
  packageState,
  parcelEvents,
} from "../tracking/tracking-timeline.ts";
import { servicesDictionary } from "./service-names.ts";
import type { StoredPackage } from "./stored-package.ts";

export interface DetailsContext {
  readonly now: number;
  readonly baseUrl: string;
  /** {account_url}, where the public tracking pages are. */
  readonly accountUrl: string;
  readonly language: Language;
}

/** The package's price (grosze) with its carrier, as the order charges it. */
export function packagePrice(
  pkg: StoredPackage,
  language: Language,
): { net: number; gross: number } {
  if (!isCarrier(pkg.service)) return { net: 0, gross: 0 };
  const q = quote(pkg.service, pkg.data, language);
  return { net: q.net, gross: q.gross };
}

export function pricingOut(
  price: { net: number; gross: number },
  version: ApiVersion,
): Record<string, unknown> {
  const pricing: Record<string, unknown> = {
    price_net: zloty(price.net),
    price_gross: zloty(price.gross),
    tax: 23,
    currency: "PLN",
  };
  if (version === 2) pricing.adjusted_price = null;
  return pricing;
}

function parcelsOut(
  pkg: StoredPackage,
  version: ApiVersion,
  ctx: DetailsContext,
): Record<string, unknown>[] {
  return pkg.data.parcels.map((parcel, index) => {
    const packageNo = pkg.parcelNumbers[index] ?? null;
    const events = parcelEvents(pkg, index, ctx.now);
    const last = events.at(-1);
    const { type, ...rest } = parcel;
    const out: Record<string, unknown> = {
      ...rest,
      package_no: packageNo,
      tracking_url: packageNo === null ? null : trackingPageUrl(ctx.accountUrl, packageNo),
      service: pkg.service,
      state: last?.state ?? "waiting",
      state_description: last ? describeState(last.state, ctx.language) : null,
      dimensional_weight: dimensionalWeightKg(parcel),
    };
    if (version === 2) {
      out.type = type;
      out.datetime_status = isoSeconds(last?.at ?? pkg.updatedAt);
    }
    return out;
  });
}

export function packageDetails(
  pkg: StoredPackage,
  version: ApiVersion,
  ctx: DetailsContext,
): Record<string, unknown> {
  const { parcels, service: _service, service_id: _serviceId, ...data } = pkg.data;
  const ready = labelReadyAt(pkg);
  const labelReady = ready !== null && ready <= ctx.now && pkg.canceledAt === null;
  const delivered = parcelEvents(pkg, 0, ctx.now).find((e) => e.state === "delivered");
  const details: Record<string, unknown> = {
    ...data,
    package_id: pkg.id,
    state: packageState(pkg, ctx.now),
    service: pkg.service,
    service_id: pkg.serviceId,
    service_contract: pkg.serviceContract,
    pricing: pricingOut(packagePrice(pkg, ctx.language), version),
    additional_services_dictionary: servicesDictionary(pkg.data.additional_services, ctx.language),
    cancel_available: canCancel(pkg, ctx.now),
    pickup_available: canOrderPickup(pkg, ctx.now),
    pickup_number: pkg.pickupNumber,
    pickup_date: pkg.pickupDate,
    label:
      pkg.orderCommand === null
        ? null
        : { file_format: pkg.labelFileFormat, page_format: pkg.labelPageFormat },
    documents: labelReady
      ? [
          {
            type: "label",
            format: pkg.labelFileFormat,
            url: `${ctx.baseUrl}/packages/${pkg.id}/label`,
          },
        ]
      : [],
    documents_url: labelReady ? `${ctx.baseUrl}/packages/${pkg.id}/label` : null,
    tracking_url:
      pkg.orderedAt === null || pkg.parcelNumbers[0] === undefined
        ? null
        : trackingPageUrl(ctx.accountUrl, pkg.parcelNumbers[0]),
    add_similar_url: null,
    edit_url: null,
    datetime_add: isoSeconds(pkg.createdAt),
    datetime_order:
      pkg.orderedAt === null || pkg.orderedAt > ctx.now ? null : isoSeconds(pkg.orderedAt),
    datetime_delivery: delivered ? isoSeconds(delivered.at) : null,
    delivery_time: isCarrier(pkg.service) ? CARRIER_OFFERS[pkg.service].avgDeliveryDays : null,
    point_specific_details: null,
    group_id: null,
    related_packages: [],
    changes: [],
    parcels: parcelsOut(pkg, version, ctx),
  };
  if (version === 1) details.type = pkg.data.parcels[0]?.type ?? "package";
  return details;
}
