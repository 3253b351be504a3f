// The body of `POST /admin/shipbridge/batches`, checked: every wrong field
// named with its rule at once, in the request's language, as a 400.
import { MedusaError } from "@medusajs/framework/utils";
import type { Language } from "@shipbridge/core";

/** The most orders one batch takes. */
export const BATCH_ORDERS_MAX = 2000;

export interface BatchRequest {
  readonly key: string;
  /** Undefined: "all waiting". */
  readonly order_ids: string[] | undefined;
  readonly location_id: string | undefined;
}

type Problem = Readonly<Record<Language, string>>;

const PROBLEMS = {
  key: {
    en_GB:
      "key required: a text of 1 to 128 characters the page keeps for this batch (a second click sends the same)",
    pl_PL:
      "key wymagany: tekst od 1 do 128 znaków, który strona zachowuje dla tej partii (drugie kliknięcie wysyła ten sam)",
  },
  orders: {
    en_GB: `order_ids invalid: a list of 1 to ${BATCH_ORDERS_MAX} order ids, or all_waiting: true`,
    pl_PL: `order_ids nieprawidłowe: lista od 1 do ${BATCH_ORDERS_MAX} identyfikatorów zamówień albo all_waiting: true`,
  },
  both: {
    en_GB: "order_ids not_allowed: give order_ids or all_waiting, not both",
    pl_PL: "order_ids niedozwolone: podaj order_ids albo all_waiting, nie oba",
  },
  location: {
    en_GB: "location_id invalid_type: a stock location id",
    pl_PL: "location_id zły typ: identyfikator lokalizacji magazynowej",
  },
} satisfies Record<string, Problem>;

function text(value: unknown, max: number): value is string {
  return typeof value === "string" && value.trim() !== "" && value.length <= max;
}

export function parseBatchRequest(body: unknown, language: Language): BatchRequest {
  const given = (body ?? {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  if (!text(given["key"], 128)) problems.push(PROBLEMS.key);
  const ids = given["order_ids"];
  const all = given["all_waiting"] === true;
  if (ids !== undefined && all) problems.push(PROBLEMS.both);
  else if (
    !all &&
    (!Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > BATCH_ORDERS_MAX ||
      !ids.every((id) => text(id, 200)))
  ) {
    problems.push(PROBLEMS.orders);
  }
  const location = given["location_id"];
  if (location !== undefined && !text(location, 200)) problems.push(PROBLEMS.location);
  if (problems.length > 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      problems.map((problem) => problem[language]).join("; "),
      "validation_failed",
    );
  }
  return {
    key: given["key"] as string,
    order_ids: all ? undefined : [...new Set(ids as string[])],
    location_id: location as string | undefined,
  };
}
