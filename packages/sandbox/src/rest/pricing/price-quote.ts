// The sandbox's tariff: a deterministic price for a package with one carrier.
// Each parcel is billed by the greater of its weight and its dimensional
// weight (width × depth × height / 6000, in kg), rounded up to whole kilograms:
//   net = Σ parcels × quantity ( base + perKg × (kg − 1) )
//       + 2.50 zł for every additional-service flag that is set
//       + COD: 5.00 zł + 1 % of the amount
// gross = round(net × 1.23). A carrier that cannot take a parcel (too heavy,
// too long) is quoted as unavailable, with the reasons in `errors`: core's
// carrier_weight_limit and carrier_length_limit, with core's message.
import type { Language } from "@shipbridge/core";
import { CARRIER_OFFERS, type Carrier, VAT_RATE } from "../carriers/carriers.ts";
import type { RestErrorEntry } from "../http/rest-error.ts";
import { ruleEntry } from "../http/rule-message.ts";
import type { ParcelData } from "../storage/stored-package.ts";

export const FLAG_SURCHARGE_NET = 250;
export const COD_BASE_NET = 500;
export const DIMENSIONAL_DIVISOR = 6000;

export interface QuoteInput {
  readonly parcels: readonly ParcelData[];
  readonly additional_services?: Readonly<Record<string, unknown>> | undefined;
}

export interface Quote {
  readonly available: boolean;
  readonly errors: RestErrorEntry[];
  /** Grosze. */
  readonly net: number;
  readonly gross: number;
}

export function dimensionalWeightKg(parcel: ParcelData): number {
  return (
    Math.round(((parcel.width * parcel.depth * parcel.height) / DIMENSIONAL_DIVISOR) * 100) / 100
  );
}

export function billedKg(parcel: ParcelData): number {
  return Math.max(1, Math.ceil(Math.max(parcel.weight, dimensionalWeightKg(parcel))));
}

function codAmount(services: Readonly<Record<string, unknown>> | undefined): number | undefined {
  const cod = services?.cod;
  if (typeof cod !== "object" || cod === null) return undefined;
  const amount = (cod as Record<string, unknown>).amount;
  return typeof amount === "number" ? amount : undefined;
}

export function quote(carrier: Carrier, input: QuoteInput, language: Language): Quote {
  const offer = CARRIER_OFFERS[carrier];
  const errors: RestErrorEntry[] = [];
  let net = 0;
  input.parcels.forEach((parcel, index) => {
    const longest = Math.max(parcel.width, parcel.depth, parcel.height);
    if (parcel.weight > offer.maxWeightKg) {
      errors.push(
        ruleEntry(
          `package.parcels[${index}].weight`,
          "carrier_weight_limit",
          { carrier: offer.name, limit: offer.maxWeightKg, actual: parcel.weight },
          language,
        ),
      );
    }
    if (longest > offer.maxLengthCm) {
      errors.push(
        ruleEntry(
          `package.parcels[${index}]`,
          "carrier_length_limit",
          { carrier: offer.name, limit: offer.maxLengthCm, actual: longest },
          language,
        ),
      );
    }
    const kg = billedKg(parcel);
    net += (parcel.quantity ?? 1) * (offer.baseNet + offer.perKgNet * (kg - 1));
  });
  const services = input.additional_services ?? {};
  for (const value of Object.values(services)) {
    if (value === true) net += FLAG_SURCHARGE_NET;
  }
  const cod = codAmount(services);
  if (cod !== undefined) net += COD_BASE_NET + Math.round(cod * 100 * 0.01);
  return { available: errors.length === 0, errors, net, gross: Math.round(net * (1 + VAT_RATE)) };
}

/** Grosze as złoty, the unit the API speaks. */
export function zloty(grosze: number): number {
  return Math.round(grosze) / 100;
}
