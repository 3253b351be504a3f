// A cart the option's carrier cannot carry: the service's price quote says so
// (core's rules `carrier_weight_limit` and `carrier_length_limit`, with the
// carrier's own limits in core's message), and the plugin refuses the option
// with a 400 naming the cart's items and each broken rule, in English and
// Polish, instead of pricing it at the flat price.
import { MedusaError } from "@medusajs/framework/utils";
import { RULE_CODES } from "@shipbridge/core";

/** The rules of a carrier's limits, as a price quote reports them. */
const LIMIT_RULES: ReadonlySet<string> = new Set([
  RULE_CODES.carrier_weight_limit,
  RULE_CODES.carrier_length_limit,
]);

/** One broken limit, with the service's message in each language. */
export interface LimitIssue {
  readonly rule: string;
  readonly en: string;
  readonly pl: string;
}

/** The limit rules among a quote's errors (each `{ rule?, message }`), in their order. */
export function limitErrors(
  errors: readonly { rule?: unknown; message: string }[] | null | undefined,
): { rule: string; message: string }[] {
  return (errors ?? [])
    .filter((error) => typeof error.rule === "string" && LIMIT_RULES.has(error.rule))
    .map((error) => ({ rule: error.rule as string, message: error.message }));
}

/** The path the refusal names: the cart's items, whose weight and size make the parcel. */
export const LIMIT_PATH = "cart.items";

/** The 400 `invalid_data` refusing an option whose carrier cannot carry the cart. */
export function carrierLimitRefusal(option: string, issues: readonly LimitIssue[]): MedusaError {
  const lines = (language: "en" | "pl") =>
    issues.map((issue) => `${LIMIT_PATH} ${issue.rule}: ${issue[language]}`).join("; ");
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `${option} cannot carry this cart: ${lines("en")} / ${option} nie przewiezie tego koszyka: ${lines("pl")}`,
    issues[0]?.rule ?? RULE_CODES.carrier_weight_limit,
  );
}
