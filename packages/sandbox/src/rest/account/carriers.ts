// The carriers the sandbox quotes and ships with, and what each of them takes:
// their display names, weight limits and tariffs. These are the sandbox's own
// offer (the spec gives no prices), chosen to look like a Polish broker's
// price list and to be fully deterministic.
import type { Carrier as CoreCarrier } from "@shipbridge/core";

// A subset of @shipbridge/core's carriers: the sandbox never names a carrier
// core does not know (it does not ship with the pallet carrier).
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
] as const satisfies readonly CoreCarrier[];
export type Carrier = (typeof CARRIERS)[number];

export interface CarrierOffer {
  readonly name: string;
  /** Heaviest single parcel, kg. */
  readonly maxWeightKg: number;
  /** Longest side, cm. */
  readonly maxLengthCm: number;
  /** Net price of a parcel up to 1 kg, grosze. */
  readonly baseNet: number;
  /** Net price per started kilogram above 1 kg, grosze. */
  readonly perKgNet: number;
  /** Average delivery time in working days. */
  readonly avgDeliveryDays: number;
}

export const CARRIER_OFFERS: Readonly<Record<Carrier, CarrierOffer>> = {
  inpost: {
    name: "InPost Kurier",
    maxWeightKg: 25,
    maxLengthCm: 120,
    baseNet: 1199,
    perKgNet: 45,
    avgDeliveryDays: 1,
  },
  dpd: {
    name: "DPD Classic",
    maxWeightKg: 31.5,
    maxLengthCm: 175,
    baseNet: 1449,
    perKgNet: 55,
    avgDeliveryDays: 1,
  },
  dhl: {
    name: "DHL Parcel",
    maxWeightKg: 31.5,
    maxLengthCm: 140,
    baseNet: 1529,
    perKgNet: 60,
    avgDeliveryDays: 1,
  },
  ups: {
    name: "UPS Standard",
    maxWeightKg: 70,
    maxLengthCm: 270,
    baseNet: 1999,
    perKgNet: 75,
    avgDeliveryDays: 2,
  },
  gls: {
    name: "GLS Business",
    maxWeightKg: 40,
    maxLengthCm: 200,
    baseNet: 1349,
    perKgNet: 50,
    avgDeliveryDays: 2,
  },
  fedex: {
    name: "FedEx Priority",
    maxWeightKg: 68,
    maxLengthCm: 274,
    baseNet: 2299,
    perKgNet: 85,
    avgDeliveryDays: 1,
  },
  poczta: {
    name: "Poczta Polska Kurier",
    maxWeightKg: 30,
    maxLengthCm: 150,
    baseNet: 1099,
    perKgNet: 40,
    avgDeliveryDays: 2,
  },
  orlen: {
    name: "ORLEN Paczka",
    maxWeightKg: 25,
    maxLengthCm: 64,
    baseNet: 899,
    perKgNet: 35,
    avgDeliveryDays: 2,
  },
  meest: {
    name: "Meest Express",
    maxWeightKg: 30,
    maxLengthCm: 150,
    baseNet: 1899,
    perKgNet: 70,
    avgDeliveryDays: 4,
  },
};

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/** VAT rate applied to every net price. */
export const VAT_RATE = 0.23;
