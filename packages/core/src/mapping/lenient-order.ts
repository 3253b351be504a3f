// What can be read of an order that failed StoreOrderSchema, so that toPackage
// reports every problem at once: the schema's (an empty street) AND what the
// mapping and validation find in the rest (a bad phone, a postcode, a missing
// IBAN), instead of stopping at the schema and letting the merchant learn of
// the next problem only after fixing the first.
//
// Each field the schema refused is left out (a required text of the address),
// or stands in as a neutral value (the order's id or currency), and a broken
// item is dropped. The caller must then drop whatever the mapping reports at,
// under or above a path the schema already named: those are consequences of
// the same mistake, not new ones. An order that is no object, or whose items
// are all broken, cannot be read this way (undefined).
import { z } from "zod";
import type { Issue } from "../issues/issue.ts";
import { asRecord, type Draft } from "../rules/draft.ts";
import { lazy } from "../schemas/lazy-schema.ts";
import { covers } from "./source-paths.ts";
import {
  StoreAddressSchema,
  StoreCodSchema,
  StoreCustomerSchema,
  type StoreOrder,
  StoreOrderItemSchema,
  StorePickupPointSchema,
  StoreTotalsSchema,
} from "./store-order.ts";

/** StoreOrderSchema with every address field optional and the shipping choice's refinement left to validation. */
const LenientOrderSchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    customer: StoreCustomerSchema,
    shipping_address: StoreAddressSchema.partial(),
    items: z.array(StoreOrderItemSchema).min(1),
    currency: z.string(),
    totals: StoreTotalsSchema,
    cod: StoreCodSchema.optional(),
    shipping: z.object({
      service: z.string().trim().min(1).optional(),
      service_id: z.number().int().positive().optional(),
      title: z.string().optional(),
    }),
    pickup_point: StorePickupPointSchema.optional(),
  }),
);

/** Sections whose broken fields are left out one by one. */
const SECTIONS = new Set(["shipping_address", "customer", "shipping", "totals"]);
/** Neutral stand-ins for a refused required value; never sent, since the order is refused anyway. */
const STAND_INS: Readonly<Record<string, unknown>> = {
  id: "order",
  name: "order",
  currency: "PLN",
  totals: { total: 0 },
};
const FIRST_SEGMENT = /^([^.[]+)(?:\.([^.[]+)|\[(\d+)\])?/;

/**
 * The order with every field the schema refused (at `issues`' paths, relative
 * to the order) left out or stood in for, or undefined when that cannot be read.
 */
export function readLenientOrder(
  order: unknown,
  issues: readonly Pick<Issue, "path">[],
): StoreOrder | undefined {
  const source = asRecord(order);
  if (source === undefined) return undefined;
  const draft: Draft = { ...source };
  for (const section of SECTIONS) {
    const value = asRecord(draft[section]);
    if (value !== undefined) draft[section] = { ...value };
  }
  const brokenItems = new Set<number>();
  for (const { path } of issues) {
    const match = FIRST_SEGMENT.exec(path);
    if (match === null) return undefined;
    const [, top = "", field, index] = match;
    if (top === "items") {
      if (index === undefined) return undefined;
      brokenItems.add(Number(index));
    } else if (SECTIONS.has(top) && field !== undefined && asRecord(draft[top]) !== undefined) {
      delete (draft[top] as Draft)[field];
    } else if (top in STAND_INS) {
      draft[top] = STAND_INS[top];
    } else {
      // An unknown key, or an optional section (cod, pickup_point) or a whole section refused.
      delete draft[top];
      if (SECTIONS.has(top)) draft[top] = {};
    }
  }
  if (Array.isArray(draft["items"]) && brokenItems.size > 0) {
    draft["items"] = draft["items"].filter((_, position) => !brokenItems.has(position));
  }
  const parsed = LenientOrderSchema.safeParse(draft);
  if (!parsed.success) return undefined;
  // The builder reads a missing address field as absent, as it reads an optional one.
  return { ...parsed.data, currency: parsed.data.currency.toUpperCase() } as StoreOrder;
}

/** True when `path` is at, under or above one of `refused`: a consequence of a problem already named. */
export function isRelated(path: string, refused: readonly string[]): boolean {
  return refused.some((named) => covers(named, path) || covers(path, named));
}
