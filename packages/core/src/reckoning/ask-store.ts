// Asking the store how it sees the order a package names (the `orders`
// callback of dayReckoning and applyRemedy), with its answer checked: one of
// the four statuses, or undefined for an order that is not this store's.
// Anything else is the caller's mistake, named as one ValidationError at
// `options.orders`.
import type { Language } from "../issues/language.ts";
import { RULE_CODES, ValidationError } from "../validation/index.ts";
import type { StoreOrderStatus } from "./reckoning.ts";
import type { StoreReference } from "./store-reference.ts";

export const STORE_ORDER_STATUSES: readonly StoreOrderStatus[] = [
  "open",
  "shipped",
  "cancelled",
  "unknown",
];

/** How the store sees an order: the caller's `orders` callback. */
export type StoreOrders = (reference: StoreReference) => Promise<StoreOrderStatus | undefined>;

export async function askStore(
  orders: StoreOrders,
  reference: StoreReference,
  language: Language | undefined,
): Promise<StoreOrderStatus | undefined> {
  const status = await orders({ storeId: reference.storeId, orderId: reference.orderId });
  if (status === undefined || STORE_ORDER_STATUSES.includes(status)) return status;
  const order = `${reference.storeId}:${reference.orderId}`;
  const allowed = STORE_ORDER_STATUSES.join(", ");
  throw new ValidationError(
    [
      {
        path: "options.orders",
        rule: RULE_CODES.invalid_value,
        message:
          language === "pl_PL"
            ? `orders zwróciło ${JSON.stringify(status)} dla zamówienia ${order}; dozwolone: ${allowed} lub undefined.`
            : `orders answered ${JSON.stringify(status)} for order ${order}; allowed: ${allowed} or undefined.`,
      },
    ],
    language ?? "en_GB",
  );
}
