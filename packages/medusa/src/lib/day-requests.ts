// The bodies and queries of the shipping day's admin routes (labels, the
// courier booking, the reckoning and its remedy), checked: every wrong field
// named with its rule at once, in the request's language, as a 400.
import { MedusaError } from "@medusajs/framework/utils";
import type { Language, Remedy } from "@shipbridge/core";
import type { LabelFormat } from "./batch-day.ts";

type Texts = Readonly<Record<Language, string>>;

function refuse(problems: readonly Texts[], language: Language): void {
  if (problems.length === 0) return;
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    problems.map((problem) => problem[language]).join("; "),
    "validation_failed",
  );
}

const FORMATS: readonly LabelFormat[] = ["pdf-a6", "pdf-a4", "zpl"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const REASONS = ["no_order", "second_package", "cancelled_order_paid"] as const;

function body(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

/** `{ format?, offset? }` of the labels route. */
export function parseLabelRequest(
  value: unknown,
  language: Language,
): { format: LabelFormat | undefined; offset: number } {
  const given = body(value);
  const problems: Texts[] = [];
  const format = given["format"];
  if (format !== undefined && !FORMATS.includes(format as LabelFormat)) {
    problems.push({
      en_GB: `format one_of: one of ${FORMATS.join(", ")}`,
      pl_PL: `format jeden_z: jedno z ${FORMATS.join(", ")}`,
    });
  }
  const offset = given["offset"] ?? 0;
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0) {
    problems.push({
      en_GB: "offset invalid_type: a whole number, 0 or more",
      pl_PL: "offset zły typ: liczba całkowita, 0 lub więcej",
    });
  }
  refuse(problems, language);
  return { format: format as LabelFormat | undefined, offset: offset as number };
}

/** `{ service, date, min_time, max_time }` of a courier booking. */
export function parsePickupRequest(
  value: unknown,
  language: Language,
): { service: string; window: { date: string; min_time: string; max_time: string } } {
  const given = body(value);
  const problems: Texts[] = [];
  const service = given["service"];
  if (typeof service !== "string" || service.trim() === "") {
    problems.push({
      en_GB: "service required: the carrier to book, e.g. dpd",
      pl_PL: "service wymagane: przewoźnik do zamówienia, np. dpd",
    });
  }
  if (typeof given["date"] !== "string" || !DAY.test(given["date"])) {
    problems.push({
      en_GB: "date invalid_format: a day as YYYY-MM-DD, one of the proposals",
      pl_PL: "date zły format: dzień jako RRRR-MM-DD, jeden z proponowanych",
    });
  }
  for (const field of ["min_time", "max_time"] as const) {
    if (typeof given[field] !== "string" || !TIME.test(given[field] as string)) {
      problems.push({
        en_GB: `${field} invalid_format: a time as HH:MM`,
        pl_PL: `${field} zły format: godzina jako GG:MM`,
      });
    }
  }
  refuse(problems, language);
  return {
    service: service as string,
    window: {
      date: given["date"] as string,
      min_time: given["min_time"] as string,
      max_time: given["max_time"] as string,
    },
  };
}

/** `?date=YYYY-MM-DD` (one day) or `?from=&to=` of the reckoning. */
export function parseReckoningQuery(
  query: Record<string, unknown>,
  language: Language,
): { from: string; to: string } {
  const date = query["date"];
  const from = query["from"];
  const to = query["to"];
  const problems: Texts[] = [];
  if (date !== undefined) {
    if (typeof date !== "string" || !DAY.test(date)) {
      problems.push({
        en_GB: "date invalid_format: a day as YYYY-MM-DD",
        pl_PL: "date zły format: dzień jako RRRR-MM-DD",
      });
    }
    refuse(problems, language);
    return { from: date as string, to: date as string };
  }
  for (const [field, given] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (typeof given !== "string" || Number.isNaN(Date.parse(given))) {
      problems.push({
        en_GB: `${field} invalid_format: a day (YYYY-MM-DD) or a date and time; or give date`,
        pl_PL: `${field} zły format: dzień (RRRR-MM-DD) albo data z godziną; albo podaj date`,
      });
    }
  }
  refuse(problems, language);
  return { from: from as string, to: to as string };
}

/** The remedy a reckoning row offered, sent back as it was. */
export function parseRemedy(value: unknown, language: Language): Remedy {
  const given = body(value);
  const problems: Texts[] = [];
  if (given["action"] !== "cancel_package") {
    problems.push({
      en_GB: "action one_of: cancel_package",
      pl_PL: "action jeden_z: cancel_package",
    });
  }
  const packageId = given["packageId"];
  if (typeof packageId !== "number" || !Number.isInteger(packageId) || packageId <= 0) {
    problems.push({
      en_GB: "packageId invalid_type: the package id of the reckoning row",
      pl_PL: "packageId zły typ: identyfikator paczki z wiersza rozliczenia",
    });
  }
  if (!REASONS.includes(given["reason"] as (typeof REASONS)[number])) {
    problems.push({
      en_GB: `reason one_of: one of ${REASONS.join(", ")}`,
      pl_PL: `reason jeden_z: jedno z ${REASONS.join(", ")}`,
    });
  }
  refuse(problems, language);
  return {
    action: "cancel_package",
    packageId: packageId as number,
    storeId: typeof given["storeId"] === "string" ? given["storeId"] : "",
    orderId: typeof given["orderId"] === "string" ? given["orderId"] : "",
    reason: given["reason"] as (typeof REASONS)[number],
    commandId: typeof given["commandId"] === "string" ? given["commandId"] : "",
  };
}
