// The postal carrier's own-contract rule (spec 7.2): from 2026-08-24, a
// shipment of the national postal carrier on the merchant's own contract that
// carries any of rod, guarantee_0800, delivery_after_1700, pickup_confirmation,
// delivery_confirmation, saturday_pickup or check_content is rejected when
// added or edited. POST /packages/validate predicts an add, so it applies
// there too. "Now" comes from the caller's clock, never from Date.now().
// When the carrier is the postal one but the contract cannot be told (the
// package names the carrier, and the account has both kinds of contract or
// none is known), each such flag gets a `postal_contract_unknown` warning
// instead, so the rule is never skipped in silence.
//
// Decision: the day starts at midnight in Poland, where the service and its
// carrier work: 2026-08-24 00:00 Europe/Warsaw, which is summer time (UTC+2),
// so the cut-off instant is 2026-08-23T22:00:00Z.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { joinPath } from "../issues/path.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import { type Draft, isRequested } from "./draft.ts";
import { POSTAL_CARRIER } from "./service-flags.ts";
import type { ShipmentContract } from "./shipment-contract.ts";

export const POSTAL_FORBIDDEN_FLAGS: readonly string[] = Object.freeze([
  "rod",
  "guarantee_0800",
  "delivery_after_1700",
  "pickup_confirmation",
  "delivery_confirmation",
  "saturday_pickup",
  "check_content",
]);

/** The day the rule starts, as the service states it. */
export const POSTAL_FLAGS_FORBIDDEN_DAY = "2026-08-24";

/** 2026-08-24 00:00 Europe/Warsaw (CEST, UTC+2). */
export const POSTAL_FLAGS_FORBIDDEN_FROM: Date = new Date("2026-08-23T22:00:00.000Z");

const CUTOFF_MS = POSTAL_FLAGS_FORBIDDEN_FROM.getTime();

/** True when the rule is in force at `now`. */
export function postalFlagRuleInForce(now: Date): boolean {
  return now.getTime() >= CUTOFF_MS;
}

/**
 * Reports one `postal_flag_forbidden` issue per forbidden flag requested by an
 * own-contract postal shipment, once the rule is in force.
 */
export function checkPostalOwnContractFlags(
  additionalServices: Draft | undefined,
  shipment: ShipmentContract,
  now: Date,
  findings: IssueCollector,
): void {
  if (additionalServices === undefined || shipment.carrier !== POSTAL_CARRIER) return;
  if (shipment.contract === "furgonetka" || !postalFlagRuleInForce(now)) return;
  const rule =
    shipment.contract === "own"
      ? RULE_CODES.postal_flag_forbidden
      : RULE_CODES.postal_contract_unknown;
  for (const flag of POSTAL_FORBIDDEN_FLAGS) {
    if (!isRequested(additionalServices[flag])) continue;
    const path = joinPath("additional_services", flag);
    const params = { flag, date: POSTAL_FLAGS_FORBIDDEN_DAY };
    if (rule === RULE_CODES.postal_flag_forbidden) findings.error(path, rule, params);
    else findings.warn(path, rule, params);
  }
}
