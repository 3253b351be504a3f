// The body of `POST /admin/shipbridge/batches`, checked: every wrong field
// named with its rule at once, in the request's language, as a 400; and
// whether a batch already started with the same key was asked for the same
// thing (the same orders, or "all waiting", from the same location).
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

/** What a batch was started for, as its row and its orders' rows keep it. */
export interface StartedBatch {
  readonly id: string;
  readonly all_waiting: boolean;
  readonly location_id: string | null;
  readonly order_ids: readonly string[];
}

/**
 * Whether `request` asks for what `batch` was started for (a resend, a
 * double click): "all waiting" again (whatever waits now), or the same
 * orders, and the same location.
 */
export function sameBatchRequest(
  batch: StartedBatch,
  request: {
    order_ids?: readonly string[] | undefined;
    location_id?: string | undefined;
    all_waiting?: boolean | undefined;
  },
): boolean {
  if ((request.location_id ?? null) !== (batch.location_id ?? null)) return false;
  const allWaiting = request.all_waiting ?? request.order_ids === undefined;
  if (allWaiting || batch.all_waiting) return allWaiting && batch.all_waiting;
  const asked = new Set(request.order_ids ?? []);
  const orders = new Set(batch.order_ids);
  return asked.size === orders.size && [...asked].every((id) => orders.has(id));
}

/** The code of a key sent again for another batch: answered 409. */
export const BATCH_KEY_REUSED = "batch_key_reused";

/** A key sent again for something else than its batch was started for. */
export function batchKeyReused(batchId: string, language: Language): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    language === "pl_PL"
      ? `key: tym kluczem rozpoczęto już partię ${batchId} dla innych zamówień lub innej lokalizacji; wyślij nowy klucz`
      : `key: batch ${batchId} was started with this key for other orders or another location; send a new key`,
    BATCH_KEY_REUSED,
  );
}

/** A location_id Medusa has no stock location for. */
export function locationNotFound(locationId: string, language: Language): MedusaError {
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    language === "pl_PL"
      ? `location_id nie znaleziono: Medusa nie ma lokalizacji magazynowej ${locationId}`
      : `location_id not_found: Medusa has no stock location ${locationId}`,
    "location_not_found",
  );
}
