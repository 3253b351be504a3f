// Realistic packages, as a Polish shop sends them, for the tests and the
// validation bench. Each call returns a fresh object that the caller may change.
import type { AccountServiceRef } from "../rules/shipment-contract.ts";

export const SAMPLE_IBAN = "PL61109010140000071219812874";

/** Account services of a merchant with an own postal contract. */
export const SAMPLE_ACCOUNT_SERVICES: readonly AccountServiceRef[] = Object.freeze([
  { id: 101, service: "dpd", service_contract: "furgonetka" },
  { id: 102, service: "poczta", service_contract: "own" },
  { id: 103, service: "poczta", service_contract: "furgonetka" },
  { id: 104, service: "inpost", service_contract: "furgonetka" },
]);

/** A valid v2 package: DPD courier, two parcels, COD, a Polish receiver. */
export function sampleV2Package(): Record<string, unknown> {
  return {
    pickup: {
      name: "Magazyn Sklepu",
      company: "Sklep Przykładowy sp. z o.o.",
      street: "Magazynowa 5",
      postcode: "02-495",
      city: "Warszawa",
      country_code: "PL",
      email: "magazyn@sklep.example",
      phone: "221234567",
    },
    sender: {
      name: "Sklep Przykładowy",
      company: "Sklep Przykładowy sp. z o.o.",
      street: "Handlowa 1",
      postcode: "00-001",
      city: "Warszawa",
      country_code: "PL",
      email: "sklep@sklep.example",
      phone: "600100200",
    },
    receiver: {
      name: "Anna Kowalska",
      street: "Długa 12/3",
      postcode: "30-001",
      city: "Kraków",
      country_code: "PL",
      email: "anna.kowalska@poczta.example",
      phone: "601202303",
    },
    service: "dpd",
    user_reference_number: "ORDER-2026-000123",
    parcels: [
      {
        width: 30,
        depth: 20,
        height: 10,
        weight: 2.5,
        value: 199.99,
        description: "Buty",
        type: "package",
      },
      {
        width: 40,
        depth: 30,
        height: 20,
        weight: 4,
        value: 120,
        description: "Kurtka",
        type: "package",
      },
    ],
    additional_services: {
      cod: { amount: 319.99, iban: SAMPLE_IBAN, name: "Sklep Przykładowy" },
      sms_predelivery_information: true,
      receiver_email_notification: true,
    },
  };
}

/** The same package in API v1: `type` on the package, not on the parcels. */
export function sampleV1Package(): Record<string, unknown> {
  const pkg = sampleV2Package();
  const parcels = pkg["parcels"] as Record<string, unknown>[];
  pkg["type"] = "package";
  pkg["parcels"] = parcels.map(({ type: _type, ...parcel }) => parcel);
  return pkg;
}

/** A v2 package of the postal carrier on the merchant's own contract (service_id 102). */
export function sampleOwnPostalPackage(): Record<string, unknown> {
  const pkg = sampleV2Package();
  Reflect.deleteProperty(pkg, "service");
  pkg["service_id"] = 102;
  pkg["additional_services"] = { kurier48: true };
  return pkg;
}
