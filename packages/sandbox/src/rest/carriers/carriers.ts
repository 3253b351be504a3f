// The carriers the sandbox quotes and ships with, and what each of them takes:
// their display names, weight limits and tariffs. These are the sandbox's own
// offer (the spec gives no prices), chosen to look like a Polish broker's
// price list and to be fully deterministic.
import { CARRIERS as CORE_CARRIERS, type Carrier as CoreCarrier } from "@shipbridge/core/rules";

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

// The sandbox ships with every carrier of @shipbridge/core it has an offer for
// (not with the pallet carrier), so it never names a carrier core does not know.
const OFFERS = {
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
} satisfies Partial<Record<CoreCarrier, CarrierOffer>>;

/** A carrier the sandbox ships with. */
export type Carrier = keyof typeof OFFERS;

export const CARRIER_OFFERS: Readonly<Record<Carrier, CarrierOffer>> = OFFERS;

/** The sandbox's carriers, in the order of @shipbridge/core's CARRIERS. */
export const CARRIERS: readonly Carrier[] = CORE_CARRIERS.filter((carrier): carrier is Carrier =>
  Object.hasOwn(CARRIER_OFFERS, carrier),
);

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/** VAT rate applied to every net price. */
export const VAT_RATE = 0.23;
