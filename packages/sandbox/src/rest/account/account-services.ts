// GET /account/services: the services (carrier + contract) an account may ship
// with, each with the account-specific numeric id that packages may name as
// `service_id`. The list is deterministic per account: every platform carrier
// on the broker's contract, plus the national postal carrier on the account's
// own contract.

import { hash32 } from "../../support/hashing.ts";
import type { Carrier } from "../carriers/carriers.ts";
import { CARRIER_OFFERS, CARRIERS } from "../carriers/carriers.ts";

export type ServiceContract = "own" | "furgonetka";

export interface AccountService {
  readonly id: number;
  readonly service: Carrier;
  readonly name: string;
  readonly service_contract: ServiceContract;
}

/** The services of one account (its storage key), in a stable order. */
export function accountServices(accountKey: string): AccountService[] {
  const base = 10_000 + (hash32(`services:${accountKey}`) % 80_000) * 10;
  const platform = CARRIERS.map(
    (carrier, index): AccountService => ({
      id: base + index,
      service: carrier,
      name: CARRIER_OFFERS[carrier].name,
      service_contract: "furgonetka",
    }),
  );
  const own: AccountService = {
    id: base + CARRIERS.length,
    service: "poczta",
    name: "Poczta Polska (umowa własna)",
    service_contract: "own",
  };
  return [...platform, own];
}

/** The service a package names: by service_id, or by carrier name on the broker's contract. */
export function findAccountService(
  services: readonly AccountService[],
  selector: { service?: string | undefined; service_id?: number | undefined },
): AccountService | undefined {
  if (selector.service_id !== undefined) return services.find((s) => s.id === selector.service_id);
  return services.find(
    (s) => s.service === selector.service && s.service_contract === "furgonetka",
  );
}
