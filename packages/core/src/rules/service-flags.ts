// The catalogue of additional-service flags that the API names, with the
// carriers known to offer each one, and the checks that follow from it:
// a flag reserved to some carriers is refused for a catalogued carrier that
// does not offer it, and the postal carrier's delivery_on_time window
// (13:00–20:00) is enforced (times are read by delivery-time.ts). A carrier
// the catalogue does not know is not checked: the service may have added it since.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { readDeliveryTimes, type TimeWindow, withinWindow } from "./delivery-time.ts";
import { type Draft, isRequested } from "./draft.ts";
import { keyAsWritten } from "./renamed-fields.ts";

export { readDeliveryTimes, type TimeWindow, withinWindow };

/** The carriers (values of the package `service`) this catalogue knows. */
export const CARRIERS = [
  "inpost",
  "dpd",
  "dhl",
  "ups",
  "gls",
  "fedex",
  "poczta",
  "orlen",
  "meest",
  "ambroexpress",
] as const;

export type Carrier = (typeof CARRIERS)[number];

/** The national postal carrier. */
export const POSTAL_CARRIER = "poczta" satisfies Carrier;

/**
 * The pallet carrier that offers `premium`. The API says only "one pallet
 * carrier"; Ambro Express is the pallet carrier among the service's carriers.
 */
export const PALLET_CARRIER = "ambroexpress" satisfies Carrier;

export interface ServiceFlag {
  /** The key in `additional_services` (or `AdditionalServicesOut`). */
  readonly name: string;
  /** Where the flag appears: sent by us, returned by the service, or both. */
  readonly direction: "input" | "output" | "both";
  /** Carriers known to offer the flag. Absent: not documented, never checked. */
  readonly carriers?: readonly Carrier[];
  /** When true, `carriers` is complete and the flag is refused for other catalogued carriers. */
  readonly exclusive?: boolean;
  /** Per-carrier time window of a time-valued flag. */
  readonly timeWindows?: Readonly<Partial<Record<Carrier, TimeWindow>>>;
  /** The release that introduced the flag or its current name. */
  readonly since?: string;
}

const POSTAL_EXPRESS = [POSTAL_CARRIER] as const;

/** Every additional-service flag named by the API's documentation and change history. */
export const SERVICE_FLAGS: readonly ServiceFlag[] = Object.freeze([
  { name: "cod", direction: "both" },
  { name: "rod", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "cud", direction: "both" },
  { name: "private_shipping", direction: "both" },
  { name: "guarantee_0800", direction: "both", carriers: POSTAL_EXPRESS, since: "v1.0.8" },
  { name: "guarantee_0900", direction: "both" },
  { name: "guarantee_0930", direction: "both" },
  { name: "guarantee_1200", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "delivery_after_1700", direction: "both", carriers: POSTAL_EXPRESS, since: "v1.0.8" },
  { name: "delivery_on_day", direction: "both" },
  {
    name: "delivery_on_time",
    direction: "both",
    carriers: POSTAL_EXPRESS,
    timeWindows: { poczta: { from: "13:00", to: "20:00" } },
    since: "v1.0.8",
  },
  { name: "saturday_delivery", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "saturday_pickup", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "sms_predelivery_information", direction: "both" },
  { name: "fragile", direction: "both" },
  { name: "personal_delivery", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "documents_supply", direction: "both" },
  { name: "registered_letter", direction: "both" },
  { name: "waiting_time", direction: "both" },
  { name: "check_content", direction: "both", carriers: POSTAL_EXPRESS, since: "v1.0.8" },
  { name: "pickup_confirmation", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "delivery_confirmation", direction: "both", carriers: POSTAL_EXPRESS },
  { name: "receiver_email_notification", direction: "both" },
  { name: "food", direction: "both" },
  { name: "digital_label", direction: "both" },
  { name: "premium", direction: "both", carriers: [PALLET_CARRIER], exclusive: true },
  {
    name: "poczta_ekspres24",
    direction: "both",
    carriers: POSTAL_EXPRESS,
    exclusive: true,
    since: "v1.0.8",
  },
  {
    name: "kurier48",
    direction: "both",
    carriers: POSTAL_EXPRESS,
    exclusive: true,
    since: "v1.0.109",
  },
  // Seen in public clients of the service; accepted so existing integrations keep working.
  { name: "guarantee_next_day", direction: "both" },
  { name: "saturday_sunday_delivery", direction: "both" },
  { name: "receiver_sms_notification", direction: "both" },
  { name: "additional_handling", direction: "both" },
  { name: "valuable_shipment", direction: "both" },
  { name: "insurance", direction: "both" },
  { name: "self_pickup", direction: "both" },
  { name: "weight_30_50", direction: "output" },
  { name: "courier_drive_up", direction: "output" },
] satisfies ServiceFlag[]);

const FLAG_BY_NAME: ReadonlyMap<string, ServiceFlag> = new Map(
  SERVICE_FLAGS.map((flag) => [flag.name, flag]),
);

const CARRIER_SET: ReadonlySet<string> = new Set(CARRIERS);

/**
 * The postal carrier's own product flags in `additional_services`: with none of
 * them, an own-contract postal shipment becomes an express parcel (v1.0.109).
 */
export const POSTAL_PRODUCT_FLAGS: readonly string[] = Object.freeze([
  "poczta_ekspres24",
  "kurier48",
]);

/** The catalogue entry of a flag, or undefined for a flag the catalogue does not name. */
export function serviceFlag(name: string): ServiceFlag | undefined {
  return FLAG_BY_NAME.get(name);
}

/** True for a carrier this catalogue knows. */
export function isKnownCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && CARRIER_SET.has(value);
}

/**
 * Whether a carrier offers a flag: "yes", "no" (the catalogue is sure it does
 * not), or "unknown" (no check is possible).
 */
export function carrierOffers(carrier: string, flagName: string): "yes" | "no" | "unknown" {
  const flag = FLAG_BY_NAME.get(flagName);
  if (flag?.carriers === undefined || !isKnownCarrier(carrier)) return "unknown";
  if (flag.carriers.includes(carrier)) return "yes";
  return flag.exclusive === true ? "no" : "unknown";
}

/**
 * Checks the requested flags of `additional_services` against the carrier:
 * exclusive flags of other carriers, and time windows.
 */
export function checkServiceFlags(
  additionalServices: Draft,
  carrier: string | undefined,
  findings: IssueCollector,
): void {
  if (carrier === undefined || !isKnownCarrier(carrier)) return;
  for (const name of Object.keys(additionalServices)) {
    const value = additionalServices[name];
    if (!isRequested(value)) continue;
    if (carrierOffers(carrier, name) === "no") {
      const path = joinPath("additional_services", keyAsWritten(additionalServices, name));
      findings.error(path, RULE_CODES.flag_not_offered, {
        flag: name,
        carrier,
      });
      continue;
    }
    const window = FLAG_BY_NAME.get(name)?.timeWindows?.[carrier];
    if (window === undefined || value === true) continue;
    // An unreadable value is reported by the schema or the delivery-time rule.
    const times = readDeliveryTimes(value);
    if (times !== undefined && !withinWindow(times, window)) {
      findings.error(joinPath("additional_services", name), RULE_CODES.delivery_time_out_of_range, {
        carrier,
        from: window.from,
        to: window.to,
      });
    }
  }
}
