// For one carrier, a shipment's `pickup` and `sender` may be null: the carrier
// contract supplies them. For every other carrier, null is an error.
//
// Decision: the change history does not name the carrier, and no public source
// we found does. We take the national postal carrier: it is the carrier whose
// contract terms shape requests elsewhere in the API (v1.0.109, the 2026-08-24
// rule), and its contract system holds the sender's and the posting office's
// data. A postal shipment known to run on the service's own contract
// ("furgonetka") has no carrier contract to take them from, so null is refused
// there too. Change CONTRACT_ADDRESS_CARRIER if the service says otherwise.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";
import type { ShipmentContract } from "./shipment-contract.ts";

export const CONTRACT_ADDRESS_CARRIER = "poczta";

/** The package fields that the carrier contract may supply. */
export const CONTRACT_ADDRESS_FIELDS: readonly string[] = Object.freeze(["pickup", "sender"]);

/** True when the shipment may leave pickup and sender null. */
export function contractSuppliesAddresses(shipment: ShipmentContract): boolean {
  return shipment.carrier === CONTRACT_ADDRESS_CARRIER && shipment.contract !== "furgonetka";
}

/** Reports a null pickup or sender that no carrier contract will supply. */
export function checkContractAddresses(
  pkg: Draft,
  shipment: ShipmentContract,
  findings: IssueCollector,
): void {
  if (contractSuppliesAddresses(shipment)) return;
  for (const field of CONTRACT_ADDRESS_FIELDS) {
    if (pkg[field] !== null) continue;
    findings.error(field, RULE_CODES.address_required, {
      field,
      carrier: CONTRACT_ADDRESS_CARRIER,
    });
  }
}
