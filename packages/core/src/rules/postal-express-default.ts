// v1.0.109: an own-contract shipment of the postal carrier without any of that
// carrier's product flags in additional_services is created as an express
// parcel (poczta_ekspres24). `kurier48: true` keeps the earlier behaviour.
// This is never an error; it is a warning, so the merchant sees what will happen.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { type Draft, isRequested } from "./draft.ts";
import { POSTAL_CARRIER, POSTAL_PRODUCT_FLAGS } from "./service-flags.ts";
import type { ShipmentContract } from "./shipment-contract.ts";

export const POSTAL_EXPRESS_DEFAULT_SINCE = "v1.0.109";

/** Warns when an own-contract postal shipment will become an express parcel. */
export function checkPostalExpressDefault(
  additionalServices: Draft | undefined,
  shipment: ShipmentContract,
  findings: IssueCollector,
): void {
  if (shipment.carrier !== POSTAL_CARRIER || shipment.contract !== "own") return;
  const chosen = POSTAL_PRODUCT_FLAGS.some((flag) => isRequested(additionalServices?.[flag]));
  if (chosen) return;
  findings.warn("additional_services", RULE_CODES.postal_express_default, {
    version: POSTAL_EXPRESS_DEFAULT_SINCE,
    flag: "kurier48",
  });
}
