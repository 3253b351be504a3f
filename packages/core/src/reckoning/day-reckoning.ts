// dayReckoning: what was paid at the service in a date range against what
// the stores asked for (see reckoning.ts for the flags and remedies). It
// reads every package of the account (account-packages.ts), keeps those
// ordered in the range and not cancelled (a cancelled package's price was
// refunded), reads each one's store order from its reference, and asks the
// store how it sees that order (`orders`, a few at a time, once per order).
// A reference that names no store order (a package made by hand) is listed
// under no store and never flagged: nobody can tell whose it is. With
// `storeIds`, only those stores' packages are reckoned; `orders` answering
// undefined says the order is not this store's, and its packages are left out.
import type { ShippingClient } from "../api/index.ts";
import type { Language } from "../issues/language.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import { storeIdProblem } from "../mapping/store-id.ts";
import { RULE_CODES } from "../validation/index.ts";
import { accountPackages } from "./account-packages.ts";
import { askStore, type StoreOrders } from "./ask-store.ts";
import { paidAmount } from "./paid-amount.ts";
import { isPaid } from "./paid-package.ts";
import type {
  Reckoning,
  ReckoningFlag,
  ReckoningRow,
  StoreOrderStatus,
  StoreTotal,
} from "./reckoning.ts";
import { reckoningRange } from "./reckoning-range.ts";
import { remedyOrNote } from "./remedy-or-note.ts";
import { readStoreReference, type StoreReference } from "./store-reference.ts";

export interface DayReckoningOptions extends DayCallOptions {
  /**
   * The range's start (inclusive): a Date, an ISO date-time, or a day
   * ("2026-11-23", from midnight in `timeZone`).
   */
  readonly from: Date | string;
  /** The range's end (exclusive); a day alone means the end of that day in `timeZone`. */
  readonly to: Date | string;
  /** The IANA time zone a day alone is read in (default Europe/Warsaw: the merchant's day). */
  readonly timeZone?: string;
  /**
   * How the store sees the order a package names. Answer undefined when the
   * order is not this store's (another store on the same account).
   */
  readonly orders: StoreOrders;
  /** Only these stores' packages. Default: every package of the account. */
  readonly storeIds?: readonly string[];
}

/** Orders asked about at once. */
const ORDERS_CONCURRENCY = 8;

/** Minor units (grosze) of a price in major units. */
function minor(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.round(value * 100) : 0;
}

function orderKey(reference: StoreReference): string {
  return `${reference.storeId}:${reference.orderId}`;
}

/** Asks `orders` about each order once, a few at a time. */
async function storeStatuses(
  references: readonly StoreReference[],
  orders: StoreOrders,
  language: Language | undefined,
): Promise<Map<string, StoreOrderStatus | undefined>> {
  const statuses = new Map<string, StoreOrderStatus | undefined>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < references.length) {
      const reference = references[next++] as StoreReference;
      statuses.set(orderKey(reference), await askStore(orders, reference, language));
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(ORDERS_CONCURRENCY, references.length) }, worker),
  );
  return statuses;
}

/**
 * The reckoning of the packages paid from `options.from` to `options.to`.
 * @throws ValidationError naming every bad argument (`options.from`,
 *   `options.orders`, `options.storeIds[1]`...), ApiError subclasses for
 *   transport failures, and whatever `orders` throws.
 */
export async function dayReckoning(
  client: ShippingClient,
  options: DayReckoningOptions,
): Promise<Reckoning> {
  const { call, issues } = checkDayCall(client, undefined, options, {
    max: 0,
    keyed: false,
    optionsRequired: true,
  });
  let range: { from: number; to: number } | undefined;
  if (typeof options === "object" && options !== null) {
    range = reckoningRange(options.from, options.to, issues, options.timeZone);
    if (typeof options.orders !== "function") {
      issues.report("options.orders", RULE_CODES.invalid_type, { expected: "function" });
    }
    const storeIds: unknown = options.storeIds;
    if (storeIds !== undefined && !Array.isArray(storeIds)) {
      issues.report("options.storeIds", RULE_CODES.invalid_type, { expected: "array" });
    } else if (Array.isArray(storeIds)) {
      storeIds.forEach((storeId: unknown, index) => {
        const problem = storeIdProblem(storeId);
        if (problem !== undefined) {
          issues.report(`options.storeIds[${index}]`, problem.rule, problem.params);
        }
      });
    }
  }
  issues.throwIfAny();
  const { from, to } = range as { from: number; to: number };
  const stores = options.storeIds === undefined ? undefined : new Set(options.storeIds);

  const all = await accountPackages(client, call);
  // The order's package is its paid package with the lowest id, whenever it was paid.
  const first = new Map<string, number>();
  for (const pkg of all) {
    const reference = readStoreReference(pkg.user_reference_number);
    if (reference === undefined || !isPaid(pkg)) continue;
    const key = orderKey(reference);
    first.set(key, Math.min(first.get(key) ?? Number.POSITIVE_INFINITY, pkg.package_id));
  }
  const paid = all
    .filter((pkg) => {
      if (!isPaid(pkg)) return false;
      const at = Date.parse(pkg.datetime_order ?? "");
      return at >= from && at < to;
    })
    .map((pkg) => ({ pkg, reference: readStoreReference(pkg.user_reference_number) }))
    .filter(({ reference }) =>
      stores === undefined ? true : reference !== undefined && stores.has(reference.storeId),
    );
  const asked = new Map<string, StoreReference>();
  for (const { reference } of paid) {
    if (reference !== undefined) asked.set(orderKey(reference), reference);
  }
  const statuses = await storeStatuses([...asked.values()], options.orders, options.language);

  const rows: ReckoningRow[] = [];
  for (const { pkg, reference } of paid) {
    const key = reference === undefined ? undefined : orderKey(reference);
    const status = key === undefined ? "none" : statuses.get(key);
    if (status === undefined) continue; // another store's order
    const flags: ReckoningFlag[] = [];
    if (status === "cancelled") flags.push("cancelled_order_paid");
    if (key !== undefined && first.get(key) !== pkg.package_id) flags.push("second_package");
    if (status === "unknown") flags.push("no_order");
    const reason = flags[0];
    rows.push({
      packageId: pkg.package_id,
      reference: pkg.user_reference_number ?? null,
      ...(reference === undefined ? {} : reference),
      service: pkg.service ?? "",
      state: pkg.state ?? "",
      orderedAt: pkg.datetime_order ?? "",
      paid: paidAmount(pkg.pricing),
      order: status,
      flags,
      ...(reason === undefined
        ? {}
        : remedyOrNote(pkg, reference as StoreReference, reason, options.language)),
    });
  }
  rows.sort(
    (a, b) => Date.parse(a.orderedAt) - Date.parse(b.orderedAt) || a.packageId - b.packageId,
  );
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    rows,
    totals: totalsOf(rows),
    flagged: rows.filter((row) => row.flags.length > 0).length,
  };
}

/** What each store paid, per currency, summed in minor units. */
function totalsOf(rows: readonly ReckoningRow[]): StoreTotal[] {
  const sums = new Map<
    string,
    {
      storeId: string | null;
      currency: string;
      packages: number;
      gross: number;
      net: number;
      flagged: number;
    }
  >();
  for (const row of rows) {
    const storeId = row.storeId ?? null;
    const key = `${storeId ?? ""}\u0000${row.paid.currency}`;
    const sum = sums.get(key) ?? {
      storeId,
      currency: row.paid.currency,
      packages: 0,
      gross: 0,
      net: 0,
      flagged: 0,
    };
    sum.packages++;
    sum.gross += minor(row.paid.gross);
    sum.net += minor(row.paid.net);
    if (row.flags.length > 0) sum.flagged++;
    sums.set(key, sum);
  }
  return [...sums.values()]
    .map((sum) => ({ ...sum, gross: sum.gross / 100, net: sum.net / 100 }))
    .sort(
      (a, b) =>
        (a.storeId ?? "\uffff").localeCompare(b.storeId ?? "\uffff") ||
        a.currency.localeCompare(b.currency),
    );
}
