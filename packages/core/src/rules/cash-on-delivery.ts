// Cash on delivery: a positive amount with at most two decimal places, and a
// valid IBAN to pay it into. The amount is sent rounded to the grosz, so that
// floating point noise (0.1 + 0.2 = 0.30000000000000004) never reaches the
// service. The IBAN is sent in its compact form; a bare Polish account number
// (NRB) is sent as a Polish IBAN.
import type { IssueCollector } from "../issues/issue-collector.ts";
import { RULE_CODES } from "../issues/rule-codes.ts";
import type { Draft } from "./draft.ts";
import { normalizeIban } from "./iban.ts";

const PATH = "additional_services.cod";

/** True for a positive, finite amount with at most two decimal places. */
export function isValidCodAmount(amount: number): boolean {
  if (!Number.isFinite(amount) || amount <= 0) return false;
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 * Math.max(1, Math.abs(cents));
}

/** Checks a draft of additional_services.cod, normalizing its IBAN. */
export function checkCashOnDelivery(cod: Draft, findings: IssueCollector): void {
  const amount = cod["amount"];
  if (typeof amount === "number") {
    if (isValidCodAmount(amount)) cod["amount"] = Math.round(amount * 100) / 100;
    else findings.error(`${PATH}.amount`, RULE_CODES.cod_amount_invalid);
  }
  const iban = cod["iban"];
  if (iban === undefined || iban === null || iban === "") {
    findings.error(`${PATH}.iban`, RULE_CODES.iban_required);
    return;
  }
  if (typeof iban !== "string") return;
  const normalized = normalizeIban(iban);
  if (normalized === undefined) {
    findings.error(`${PATH}.iban`, RULE_CODES.iban_invalid);
  } else {
    cod["iban"] = normalized;
  }
}
