// Test support: shipments the sandbox accepts, in both API versions, sent
// from the demo shop's address (the shared SENDER of @shipbridge/tooling).
import type { PackageV1, PackageV2 } from "@shipbridge/core/schemas";
import { SENDER } from "@shipbridge/core/testing";

const receiver = {
  name: "Anna Nowak",
  street: "ul. Długa 5",
  postcode: "80-831",
  city: "Gdańsk",
  country_code: "PL",
  email: "anna@example.com",
  phone: "601234567",
};

export function packageV2(reference?: string): PackageV2 {
  return {
    pickup: SENDER,
    receiver,
    service: "dpd",
    parcels: [{ width: 20, depth: 30, height: 10, weight: 2, type: "package" }],
    ...(reference ? { user_reference_number: reference } : {}),
  } as PackageV2;
}

export function packageV1(reference?: string): PackageV1 {
  return {
    pickup: SENDER,
    receiver,
    service: "dpd",
    type: "package",
    parcels: [{ width: 20, depth: 30, height: 10, weight: 2 }],
    ...(reference ? { user_reference_number: reference } : {}),
  } as PackageV1;
}
