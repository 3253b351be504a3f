// shipReturn: one store return to one paid return parcel, from the customer
// to the merchant, handed in at a point, with its tracking numbers and label;
// safe to run again. It is shipOrder with the roles turned round:
//
// - The customer is the parcel's sender, and their drop-off point is the
//   package's `pickup.point`; the merchant (`options.merchant`) is the
//   receiver, at their door.
// - The return is shipped under its own id: the package's reference is
//   `${storeId}:return:${returnId}` (returnReference), the order command's
//   uuid is orderCommandId(storeId, `return:${returnId}`), and runs take turns
//   on the lease `shipbridge:ship-order:<storeId>:return:<returnId>`. So the
//   guarantees of shipOrder hold for returns too: a second run, a rerun after
//   a crash at any step, or concurrent runs (in one process, and across
//   processes with `options.lock`) converge on one package and one charge.
//   An order id never starts with `return:` in a store whose returns are
//   shipped this way, so an order and a return never share a reference.
// - Before anything is created, the return is checked as a whole (every
//   problem at once, at `return.…` and `options.…` paths), and the drop-off
//   point is looked up at the service: one that does not exist, is closed or
//   on holiday, belongs to another carrier, does not take parcels in from
//   senders, or takes lighter parcels than this one is refused
//   (point_unavailable at return.dropOff.point). A rerun
//   that finds the package skips the look-up: the parcel is bought already.
//
// Problems found by the mapping are reported at the return's own paths
// (`return.customer.phone`, not `options.sender.phone`).
import { ApiUsageError, type LabelRequest, type ShippingClient } from "../api/index.ts";
import { clientAccount } from "../api/shipping-client.ts";
import type { Clock } from "../clock.ts";
import type { Issue } from "../issues/issue.ts";
import type { Language } from "../issues/language.ts";
import type { BoxDimensions } from "../mapping/packing.ts";
import {
  findPackage,
  isShippingClient,
  type ShipOrderResult,
  shipOrder,
} from "../mapping/ship-order.ts";
import { shipOrderLanguage, shipOrderOptionIssues } from "../mapping/ship-order-options.ts";
import type { StoreOrderInput } from "../mapping/store-order.ts";
import { toPackage } from "../mapping/to-package.ts";
import type { LeaseStore } from "../oauth/lease-store.ts";
import { pointFitsCarrier } from "../rules/address-rules.ts";
import type { CountriesOption } from "../rules/countries.ts";
import { pointClosure } from "../rules/point-closure.ts";
import type { AccountServicesInput } from "../rules/shipment-contract.ts";
import type { Address, Pickup, ServiceContract } from "../schemas/index.ts";
import {
  isValidationError,
  type RawIssue,
  RULE_CODES,
  renderMessage,
  ValidationError,
  validateInput,
} from "../validation/index.ts";
import { trackRun } from "./return-flights.ts";
import { returnLeaseKey, returnOrderId, returnReference } from "./return-reference.ts";
import {
  type ReturnMerchantInput,
  ReturnMerchantSchema,
  type StoreReturn,
  type StoreReturnInput,
  StoreReturnSchema,
} from "./store-return.ts";

export interface ShipReturnOptions {
  /** The store's stable id, as for shipOrder (no colons); with the return id it names the return's package. */
  readonly storeId: string;
  /** Who receives the parcel: the merchant's address (street, postcode, city, country), name and phone. */
  readonly merchant: ReturnMerchantInput;
  /** The usual box, in centimetres; it grows to fit the largest item. */
  readonly parcel?: BoxDimensions;
  /** Declare the items' value (price x quantity) on the parcel. Default false. */
  readonly declareValue?: boolean;
  /** Label file and page format (default: the service's, pdf). */
  readonly label?: LabelRequest;
  /** Ask the service not to send its order e-mails. Keep it fixed for a store. */
  readonly skipEmailSend?: boolean;
  /** Where runs in several processes take turns (see ShipOrderOptions.lock). */
  readonly lock?: LeaseStore;
  readonly signal?: AbortSignal;
  readonly deadline?: Date | number;
  readonly companyId?: string | number;
  /** The countries the service serves (default: its live list). */
  readonly countries?: CountriesOption;
  readonly accountServices?: AccountServicesInput;
  readonly contract?: ServiceContract;
  readonly clock?: Clock;
  /** Language of messages. Default en_GB. */
  readonly language?: Language;
}

export interface ShipReturnResult extends ShipOrderResult {
  /** The package's user_reference_number: returnReference(storeId, returnId). */
  readonly reference: string;
}

/**
 * Ships one store return: creates or finds its package (customer to
 * merchant, handed in at the drop-off point), orders it once, and returns
 * the tracking numbers and the label.
 * @throws ApiUsageError at `client`, ValidationError (paths `return.…`,
 *   `options.…`) for a return that cannot become a valid package or whose
 *   drop-off point cannot take it, and everything shipOrder throws.
 */
export async function shipReturn(
  client: ShippingClient,
  storeReturn: StoreReturnInput,
  options: ShipReturnOptions,
): Promise<ShipReturnResult> {
  if (!isShippingClient(client)) {
    throw new ApiUsageError(
      "client",
      "must be a ShippingClient (new ShippingClient({ baseUrl, auth }))",
    );
  }
  const { ret, mapped, reference, orderOptions, renamed, language, weight } = prepare(
    storeReturn,
    options,
  );

  return trackRun(clientAccount(client), returnLeaseKey(options.storeId, ret.id), async () => {
    const call = {
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
    };
    if ((await findPackage(client, reference, call)) === undefined) {
      const problem = await dropOffProblem(client, ret, weight, language, call);
      if (problem !== undefined) throw new ValidationError([problem], language);
    }
    try {
      const result = await shipOrder(client, mapped.order, orderOptions);
      return { ...result, reference };
    } catch (error) {
      throw renamed(error);
    }
  });
}

/**
 * The return checked as a whole, before any request (every problem at
 * once), and the order, options and path renaming shipOrder runs with.
 * @throws ValidationError naming every problem.
 */
function prepare(storeReturn: StoreReturnInput, options: ShipReturnOptions) {
  const language = shipOrderLanguage(options);
  const issues = shipOrderOptionIssues(options, language);
  const parsed = validateInput(StoreReturnSchema, storeReturn, { language });
  if (!parsed.ok) issues.push(...prefixed(parsed.error.issues, "return"));
  const merchant = validateInput(ReturnMerchantSchema, options.merchant, { language });
  if (!merchant.ok) issues.push(...prefixed(merchant.error.issues, "options.merchant"));
  if (!parsed.ok || !merchant.ok) throw new ValidationError(issues, language);

  const ret = parsed.value;
  const mapped = asOrder(ret, merchant.value);
  const reference = returnReference(options.storeId, ret.id);
  const orderOptions = {
    storeId: options.storeId,
    sender: mapped.sender,
    pickup: mapped.pickup,
    userReferenceNumber: reference,
    ...pick(options, [
      "parcel",
      "declareValue",
      "label",
      "skipEmailSend",
      "lock",
      "signal",
      "deadline",
      "companyId",
      "countries",
      "accountServices",
      "contract",
      "clock",
      "language",
    ]),
  };
  // The sender and the pickup are both the customer: one problem is named once.
  const renamed = (error: unknown) => {
    if (!isValidationError(error)) return error;
    const seen = new Set<string>();
    const issues = error.issues
      .map((issue) => ({ ...issue, path: returnPath(issue.path, mapped.nameSource) }))
      .filter((issue) => {
        const key = `${issue.path} ${issue.rule}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    return new ValidationError(issues, language);
  };
  // Every problem of the mapping, at the return's paths, before any request.
  let weight = 0;
  try {
    const made = toPackage(mapped.order, orderOptions);
    weight = Math.max(0, ...(made.package.parcels ?? []).map((parcel) => parcel.weight ?? 0));
  } catch (error) {
    const found = renamed(error);
    // Beside the options' own problems (a store id with a colon), not instead of them.
    if (issues.length > 0 && isValidationError(found)) {
      const known = new Set(issues.map((issue) => issue.path));
      const more = found.issues.filter((issue) => !known.has(issue.path));
      throw new ValidationError([...issues, ...more], language);
    }
    throw found;
  }
  if (issues.length > 0) throw new ValidationError(issues, language);
  return { ret, mapped, reference, orderOptions, renamed, language, weight };
}

/**
 * The problems shipReturn would refuse the return for before any request
 * (at the same `return.…` and `options.…` paths, in `options.language`);
 * none when it would go on to the service. It makes no request, so a store
 * can name the problems in another language too. The drop-off point's
 * look-up at the service is not among them.
 */
export function checkReturn(
  storeReturn: StoreReturnInput,
  options: ShipReturnOptions,
): readonly Issue[] {
  try {
    prepare(storeReturn, options);
    return [];
  } catch (error) {
    if (isValidationError(error)) return error.issues;
    throw error;
  }
}

/** The return as the order shipOrder ships, and the sender and pickup it ships from. */
function asOrder(
  ret: StoreReturn,
  merchant: ReturnType<typeof ReturnMerchantSchema.parse>,
): { order: StoreOrderInput; sender: Address; pickup: Pickup; nameSource: string } {
  const { customer } = ret;
  const person = [customer.first_name, customer.last_name].filter(Boolean).join(" ");
  const name = person !== "" ? person : (customer.name ?? customer.company ?? "");
  const nameSource =
    person !== ""
      ? customer.first_name
        ? "first_name"
        : "last_name"
      : customer.name
        ? "name"
        : "company";
  const sender: Address = {
    name,
    ...(customer.company === undefined ? {} : { company: customer.company }),
    street: [customer.street, customer.street2].filter(Boolean).join(" "),
    postcode: customer.postcode,
    city: customer.city,
    country_code: customer.country_code,
    ...(customer.province === undefined ? {} : { county: customer.province }),
    ...(customer.email === undefined ? {} : { email: customer.email }),
    phone: customer.phone ?? "",
  };
  const { email, phone, ...address } = merchant;
  const items = ret.items.map((item) => ({ ...item, price: item.price ?? 0 }));
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const order: StoreOrderInput = {
    id: returnOrderId(ret.id),
    name: ret.name ?? ret.id,
    customer: {
      ...(email === undefined ? {} : { email }),
      ...(phone === undefined ? {} : { phone }),
    },
    shipping_address: { ...address, ...(phone === undefined ? {} : { phone }) },
    items,
    currency: "PLN",
    totals: { total: Math.round(total * 100) / 100 },
    shipping: { service: ret.dropOff.service },
  };
  return { order, sender, pickup: { ...sender, point: ret.dropOff.point }, nameSource };
}

/** Where a path of the order and options shipOrder ships points in the return and shipReturn's options. */
const RENAMES: readonly (readonly [string, string])[] = [
  ["order.shipping_address", "options.merchant"],
  ["order.customer", "options.merchant"],
  ["order.items", "return.items"],
  ["order.totals", "return.items"],
  ["order.currency", "return.items"],
  ["order.shipping", "return.dropOff"],
  ["order.id", "return.id"],
  ["order.name", "return.name"],
  ["options.pickup.point", "return.dropOff.point"],
  ["options.pickup.county", "return.customer.province"],
  ["options.sender.county", "return.customer.province"],
  ["options.pickup", "return.customer"],
  ["options.sender", "return.customer"],
  ["options.userReferenceNumber", "return.id"],
  ["order", "return"],
];

function returnPath(path: string, nameSource: string): string {
  for (const [from, to] of RENAMES) {
    if (path === from || path.startsWith(`${from}.`) || path.startsWith(`${from}[`)) {
      const renamed = `${to}${path.slice(from.length)}`;
      return renamed === "return.customer.name" ? `return.customer.${nameSource}` : renamed;
    }
  }
  return path;
}

function prefixed(issues: readonly Issue[], prefix: string): Issue[] {
  return issues.map((issue) => ({
    ...issue,
    path: issue.path === "" ? prefix : `${prefix}.${issue.path}`,
  }));
}

function pick<T extends object, K extends keyof T>(
  value: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

/**
 * Why the drop-off point cannot take the parcel, as the service describes the
 * point now: unknown, of another carrier, closed or on holiday, not a point
 * that takes parcels in from senders, or one whose weight limit
 * (`max_supported_weight`) the parcel is over.
 */
async function dropOffProblem(
  client: ShippingClient,
  ret: StoreReturn,
  weight: number,
  language: Language,
  call: { signal?: AbortSignal; companyId?: string | number },
): Promise<Issue | undefined> {
  const { point: code, service } = ret.dropOff;
  const { points } = await client.points.map(
    {
      location: {
        address: {
          postcode: ret.customer.postcode,
          city: ret.customer.city,
          country_code: ret.customer.country_code,
        },
      },
      filters: { point_id: code },
      limit: 1,
    },
    call,
  );
  const found = points.find((point) => point.code.toUpperCase() === code.toUpperCase());
  const problem = (reason: string, params: RawIssue["params"] = {}): Issue => {
    const path = "return.dropOff.point";
    const raw = {
      path,
      rule: RULE_CODES.point_unavailable,
      params: { point: code, field: "pickup.point", reason, ...params },
    };
    return { path, rule: raw.rule, message: renderMessage(raw, language) };
  };
  if (found === undefined) return problem("not_found");
  const carrier = typeof found.service === "string" ? found.service : undefined;
  if (carrier !== undefined && !pointFitsCarrier(carrier, service)) {
    return problem("other_carrier", { pointCarrier: carrier, carrier: service });
  }
  const closure = pointClosure(found);
  if (closure !== undefined) return problem(closure);
  if (found.is_send_point === false) return problem("not_send_point");
  const limit = found.max_supported_weight;
  if (typeof limit === "number" && limit > 0 && weight > limit) {
    return problem("too_heavy", { limit, actual: weight });
  }
  return undefined;
}
