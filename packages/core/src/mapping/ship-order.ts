// shipOrder: one store order to one paid shipment with its tracking numbers
// and label, safe to run again. Every step first looks at what the service
// already has, so a second run, a retry after a lost answer, or a rerun after
// a crash at any step converges on exactly one package and one paid order:
//
// 1. shipOrder's own options and toPackage (one ValidationError with every
//    problem, `options.storeId` included, before anything is sent); then,
//    unless `options.countries` is given, toPackage again with the service's
//    live country list (loaded once per client, live-countries.ts), so a
//    country the service does not serve is refused with country_not_supported
//    before a package is created. Then a Polish postcode is checked against
//    the service's cities for it (postcode-cities.ts): one that belongs to
//    other towns only is refused with postcode_city_mismatch.
// 2. Find the package by user_reference_number (`options.userReferenceNumber`,
//    else shipOrderReference: `${storeId}:${orderId}`, so stores sharing an
//    account never meet); create it only when there is none (the REST client
//    reconciles a create whose answer was lost). After creating, look again
//    and keep the package with the lowest id, so that even two concurrent runs
//    order the same package. A package found whose receiver country, postcode
//    or name is not the order's is another order's: package_mismatch, and
//    nothing is ordered.
//    A package found that is not ordered yet but whose receiver point,
//    street or city is not the order's (the customer chose another locker
//    after a crash before ordering) is updated (PUT) with the order's
//    content just before its order command is sent (never while one is
//    under way), so the parcel goes where the order now says.
// 3. The order command's uuid is UUID v5 of `${storeId}:${orderId}`
//    (orderCommandId). If the command exists, it is waited for without being
//    sent again (orderCommands.wait); if the package was already ordered
//    another way, it is not ordered again; otherwise the command is sent and
//    polled (orderCommands.run). Re-sending it would be idempotent too:
//    the same uuid with the same body is the same command, charged once. The
//    body depends only on the package id and `skipEmailSend`, never on the
//    label format, so a rerun always sends the same body.
//    A command that ended without ordering the package (its point was
//    closed: the command's error, nothing charged) is never sent again; the
//    next attempt has its own uuid, orderRetryCommandId(storeId, orderId,
//    packageId, n) for n = 1, 2, ..., each looked for before it is sent and
//    sent only when every attempt before it has ended without ordering the
//    package. So a rerun after the point reopens (or after the order names
//    another point) orders the package once, and nothing is paid twice.
// 4. Read the package for its tracking numbers and fetch the label (the
//    client's poller waits while the service answers 204).
//
// Steps 2 to 4 run for one order at a time (ship-once.ts): concurrent calls in
// one process share one run, and with `options.lock` (any TokenStore, e.g. a
// shared SqliteTokenStore or PostgresTokenStore) calls in several processes
// take turns. Without either, two runs at the same moment could both find no
// package and create one each: the service does not refuse a second package
// with the same user_reference_number.
//
// The steps' helpers (finding the package and the command, comparing a found
// package with the order's) are exported for shipBatch, which ships many
// orders on the same references, uuids and leases.
import {
  type CallOptions as ApiCallOptions,
  ApiUsageError,
  isNotFoundError,
  type Label,
  type LabelRequest,
  type ShippingClient,
} from "../api/index.ts";
import { clientAccount, clientApiAddress, clientTrackingPage } from "../api/shipping-client.ts";
import type { Issue } from "../issues/issue.ts";
import type { LeaseStore } from "../oauth/lease-store.ts";
import type {
  OrderCommandRequest,
  OrderCommandResponse,
  PackageDetailsV2,
  PackageV2,
} from "../schemas/index.ts";
import { isFinalCommandStatus } from "../schemas/index.ts";
import { isValidationError, ValidationError } from "../validation/index.ts";
import { liveCountries } from "./live-countries.ts";
import { orderCommandId, orderRetryCommandId } from "./order-command-id.ts";
import { orderFailed } from "./order-failed.ts";
import { checkPostcodeCity } from "./postcode-cities.ts";
import { singleFlight, withLease } from "./ship-once.ts";
import { isShipOrderError, SHIP_ORDER_ERROR_CODES, ShipOrderError } from "./ship-order-error.ts";
import { shipOrderLanguage, shipOrderOptionIssues } from "./ship-order-options.ts";
import { shipOrderReference } from "./ship-order-reference.ts";
import type { StoreOrderInput } from "./store-order.ts";
import { type ToPackageOptions, toPackage } from "./to-package.ts";
import { trackingUrls } from "./tracking-urls.ts";

/** The per-call options of every request of a run (always API v2). */
type CallOptions = Omit<ApiCallOptions, "version">;

export interface ShipOrderOptions extends ToPackageOptions {
  /**
   * The store's stable id (a shop domain, a Medusa store id). It must identify
   * one store of one shipping account: with the order id it names the order
   * command, the package's default reference and the lease
   * `shipbridge:ship-order:<storeId>:<orderId>` that runs in several processes
   * take turns on, so keep it fixed for a store and never share it between
   * accounts that use one lock. No colons.
   */
  readonly storeId: string;
  /** Label file and page format (default: the service's, pdf). Fetched, not part of the order. */
  readonly label?: LabelRequest;
  /** Ask the service not to send its order e-mails. Keep it fixed for a store. */
  readonly skipEmailSend?: boolean;
  /** Aborts the run; a rerun picks up where it stopped. */
  readonly signal?: AbortSignal;
  /** The whole run, polling included, must finish by then (by the client's clock). */
  readonly deadline?: Date | number;
  /** X-Company-Id for every call of the run. */
  readonly companyId?: string | number;
  /**
   * The countries the service serves. Default: its live list, loaded through
   * `client` on the first run and kept for a day per client, so a country it
   * does not serve is refused with country_not_supported before anything is
   * created.
   */
  readonly countries?: ToPackageOptions["countries"];
  /**
   * Where runs in several processes take turns on one order: any LeaseStore,
   * such as the TokenStore the app shares between its instances
   * (SqliteTokenStore, PostgresTokenStore). The run holds the lease
   * `shipbridge:ship-order:<storeId>:<orderId>` (apart from the OAuth
   * client's refresh lease), renews it while it works, and gives it back at the
   * end; a run that finds the lease taken waits (within `signal` and
   * `deadline`) and then finds the package and the order the other run made.
   * Calls in one process always share one run, with or without a lock.
   */
  readonly lock?: LeaseStore;
}

/** How this run found the order, for logs: did it create and order, or find work already done? */
export interface ShipOrderSteps {
  /** "created": this run created the package; "found": it existed already. */
  readonly package: "created" | "found";
  /** "sent": this run sent the order command; "resumed": the command existed; "before": ordered another way. */
  readonly order: "sent" | "resumed" | "before";
}

export interface ShipOrderResult {
  readonly packageId: number;
  /**
   * The uuid of the order command that ordered the package (deterministic:
   * orderCommandId(storeId, order.id), or orderRetryCommandId(...) when the
   * attempts before it ended without ordering it). Undefined when the
   * package was ordered another way (`steps.order` "before": a batch, the
   * merchant's panel), by a command shipOrder cannot name.
   */
  readonly commandId: string | undefined;
  /** One per parcel, as the carrier numbers them. */
  readonly trackingNumbers: readonly string[];
  /**
   * The public tracking page of each parcel, for customers: built from the
   * client's `trackingPage` template when configured, else the page the
   * service gives (unless it is under the client's API baseUrl: the API, not
   * a page), else https://furgonetka.pl/zlokalizuj/{number}.
   */
  readonly trackingUrls: readonly string[];
  readonly label: Label;
  /** toPackage's warnings and the service's. */
  readonly warnings: readonly Issue[];
  readonly steps: ShipOrderSteps;
}

/**
 * Ships one store order: creates or finds its package, orders it once, waits
 * for the order, and returns the tracking numbers and the label.
 * @throws ApiUsageError at `client` when it is not a ShippingClient,
 *   ValidationError for an order that cannot become a valid package,
 *   ShipOrderError when the service refuses to order it, ApiError subclasses
 *   for transport failures (TimeoutError deadline_exceeded also when another
 *   run of the order held it past the deadline), OrderLockError when the run
 *   lost its lease, and the signal's reason when aborted. Any of them can be
 *   followed by a rerun.
 */
export async function shipOrder(
  client: ShippingClient,
  order: StoreOrderInput,
  options: ShipOrderOptions,
): Promise<ShipOrderResult> {
  if (!isShippingClient(client)) {
    throw new ApiUsageError(
      "client",
      "must be a ShippingClient (new ShippingClient({ baseUrl, auth }))",
    );
  }
  const language = shipOrderLanguage(options);
  const optionIssues = shipOrderOptionIssues(options, language);
  const map = (countries: ToPackageOptions["countries"]) => {
    try {
      return toPackage(order, {
        ...options,
        ...(countries === undefined ? {} : { countries }),
        userReferenceNumber:
          options.userReferenceNumber ?? shipOrderReference(options.storeId, orderId(order)),
      });
    } catch (error) {
      // Every problem at once: the run's own options beside the order's and the mapping's.
      if (optionIssues.length > 0 && isValidationError(error)) {
        throw new ValidationError([...optionIssues, ...error.issues], language);
      }
      throw error;
    }
  };
  // An invalid order is refused before any request; then the live country
  // list (when none is given) decides whether the service serves the country.
  let mapped = map(options.countries);
  if (optionIssues.length > 0) throw new ValidationError(optionIssues, language);
  if (options.countries === undefined) {
    mapped = map(await liveCountries(client, options.signal));
  }
  // A Polish postcode of another town (12-345 or 30-001 for Gdańsk) is refused
  // before anything is created, when the service's city list knows it.
  const mismatch = await checkPostcodeCity(
    client,
    mapped.package.receiver ?? {},
    "order.shipping_address.postcode",
    language,
    options.signal,
  );
  if (mismatch !== undefined) throw new ValidationError([mismatch], language);
  const commandId = orderCommandId(options.storeId, orderId(order));
  const reference = mapped.package.user_reference_number as string;
  const once = { signal: options.signal, deadline: options.deadline };
  // Calls of one account that ask for the same package and the same label can
  // take one another's result; any other call waits, then runs itself (and a
  // package of other content is refused with package_mismatch).
  const share = JSON.stringify([
    mapped.package,
    options.label ?? {},
    options.companyId ?? null,
    options.skipEmailSend ?? null,
  ]);
  const key = `shipbridge:ship-order:${options.storeId}:${orderId(order)}`;
  return singleFlight(clientAccount(client), key, share, once, isShipOrderError, () =>
    withLease(options.lock, key, once, (signal) => {
      const call: CallOptions = {
        ...(signal === undefined ? {} : { signal }),
        ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
        ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
        ...(options.language === undefined ? {} : { language: options.language }),
      };
      return run(client, mapped, options, { commandId, reference, call, orderId: orderId(order) });
    }),
  );
}

/** Whether the value works as a ShippingClient (also one from another copy of this package). */
export function isShippingClient(value: unknown): value is ShippingClient {
  const client = value as Partial<ShippingClient> | null | undefined;
  return (
    typeof client === "object" &&
    client !== null &&
    typeof client.countries === "function" &&
    typeof client.packages?.list === "function" &&
    typeof client.orderCommands?.run === "function"
  );
}

/** Steps 2 to 4, for one order at a time. */
async function run(
  client: ShippingClient,
  mapped: ReturnType<typeof toPackage>,
  options: ShipOrderOptions,
  {
    commandId: firstCommandId,
    reference,
    call,
    orderId,
  }: { commandId: string; reference: string; call: CallOptions; orderId: string },
): Promise<ShipOrderResult> {
  const warnings: Issue[] = [...mapped.warnings];

  // Step 2: find or create the package.
  let pkg = await findPackage(client, reference, call);
  let packageStep: ShipOrderSteps["package"] = "found";
  if (pkg === undefined) {
    const created = await client.packages.create(mapped.package, call);
    packageStep = created.reconciled ? "found" : "created";
    const known = new Set(warnings.map((warning) => warning.rule));
    warnings.push(...created.warnings.filter((warning) => !known.has(warning.rule)));
    pkg = (await findPackage(client, reference, call)) ?? created.package;
  }
  const packageId = pkg.package_id;
  let commandId = firstCommandId;
  const refused = foundPackageProblem(mapped.package, pkg, reference, commandId);
  if (refused !== undefined) throw refused;

  // Step 3: order it once.
  const body: OrderCommandRequest = {
    packages: [{ id: packageId }],
    ...(options.skipEmailSend === undefined ? {} : { skip_email_send: options.skipEmailSend }),
  };
  let command = await findCommand(client, commandId, call);
  // An attempt that ended without ordering the package charged nothing and is
  // never sent again: the next attempt has its own uuid.
  // A package ordered already keeps the last attempt found as its command.
  for (let attempt = 1; attempt <= MAX_ORDER_ATTEMPTS; attempt++) {
    if (command === undefined || !endedWithoutOrdering(command, packageId)) break;
    const nextId = orderRetryCommandId(options.storeId, orderId, packageId, attempt);
    const next = await findCommand(client, nextId, call);
    if (next === undefined && isOrdered(pkg)) break;
    commandId = nextId;
    command = next;
  }
  let orderStep: ShipOrderSteps["order"];
  if (command !== undefined) {
    orderStep = "resumed";
    // Sent before (a crash, a lost answer): wait for it, from the answer
    // just read (its Retry-After); never send it again.
    command = await client.orderCommands.wait(commandId, call, command);
  } else if (isOrdered(pkg)) {
    orderStep = "before";
  } else {
    // About to be ordered, with no command under way: it goes where the order
    // now says (the customer chose another point after a crash before ordering).
    if (contentDifferences(mapped.package, pkg).length > 0) {
      const updated = await client.packages.update(packageId, mapped.package, call);
      const known = new Set(warnings.map((warning) => warning.rule));
      warnings.push(...updated.warnings.filter((warning) => !known.has(warning.rule)));
      pkg = updated.package;
    }
    orderStep = "sent";
    command = await client.orderCommands.run(commandId, body, call);
  }

  // Step 4: the package as ordered, its tracking numbers and its label.
  let details = await client.packages.get(packageId, call);
  if (command !== undefined && !orderedBy(command, packageId)) {
    if (!isOrdered(details)) throw orderFailed(command, packageId, commandId);
    orderStep = "before";
  }
  if (details.parcels?.some((parcel) => !parcel.package_no) && command !== undefined) {
    details = withCommandNumbers(details, command);
  }
  const label = await client.packages.label(packageId, options.label ?? {}, call);
  return {
    packageId,
    // Ordered another way: none of its own attempts ordered it, so none is named.
    commandId: orderStep === "before" ? undefined : commandId,
    trackingNumbers: compact(details.parcels?.map((parcel) => parcel.package_no)),
    trackingUrls: trackingUrls(details, clientTrackingPage(client), clientApiAddress(client)),
    label,
    warnings,
    steps: { package: packageStep, order: orderStep },
  };
}

/** The order id as shipOrder names it (the command uuid and the default reference). */
export function orderId(order: StoreOrderInput): string {
  return String((order as { id?: unknown } | null | undefined)?.id ?? "").trim();
}

/**
 * How many times one package is tried after its first order command ended
 * without ordering it; past that, the last attempt's failure is reported.
 */
export const MAX_ORDER_ATTEMPTS = 50;

/** A final command that did not order the package: it charged nothing for it. */
export function endedWithoutOrdering(command: OrderCommandResponse, packageId: number): boolean {
  return isFinalCommandStatus(command.status) && !orderedBy(command, packageId);
}

/** The receiver fields a package not yet ordered is brought up to date on. */
const CONTENT_KEYS = ["point", "street", "city"] as const;

/**
 * Where the order's package differs from the package found in where the
 * parcel goes: its point (given, removed or another), street or city.
 */
export function contentDifferences(expected: PackageV2, found: PackageDetailsV2): string[] {
  const want = (expected.receiver ?? {}) as Record<string, unknown>;
  const have = (found.receiver ?? {}) as Record<string, unknown>;
  return CONTENT_KEYS.filter((key) => (loose(want[key]) ?? "") !== (loose(have[key]) ?? "")).map(
    (key) => `receiver.${key}`,
  );
}

/** The receiver fields that tell two shipments apart, compared loosely (case, spaces, dashes). */
const RECEIVER_KEYS = ["country_code", "postcode", "name"] as const;

function loose(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  return value.toLowerCase().replaceAll(/[\s-]+/g, "");
}

/**
 * Where a package found by the reference differs from the order's package: a
 * different receiver country, postcode or name means it is another order's
 * shipment (another store's, or a reused reference). Fields either side leaves
 * out are not compared.
 */
function receiverDifferences(expected: PackageV2, found: PackageDetailsV2): Issue<string>[] {
  const want = (expected.receiver ?? {}) as Record<string, unknown>;
  const have = (found.receiver ?? {}) as Record<string, unknown>;
  const differences: Issue<string>[] = [];
  for (const key of RECEIVER_KEYS) {
    const a = loose(want[key]);
    const b = loose(have[key]);
    if (a !== undefined && b !== undefined && a !== b) {
      differences.push({
        path: `receiver.${key}`,
        rule: SHIP_ORDER_ERROR_CODES.package_mismatch,
        message: `The package's receiver ${key.replace("_", " ")} is not the order's.`,
      });
    }
  }
  return differences;
}

/**
 * Why a package found under the order's reference is not shipped: it is
 * another order's (package_mismatch) or it was cancelled (shipment_cancelled).
 */
export function foundPackageProblem(
  expected: PackageV2,
  pkg: PackageDetailsV2,
  reference: string,
  commandId: string,
): ShipOrderError | undefined {
  const packageId = pkg.package_id;
  const differences = receiverDifferences(expected, pkg);
  if (differences.length > 0) {
    return new ShipOrderError(
      SHIP_ORDER_ERROR_CODES.package_mismatch,
      `Package ${packageId} has the reference ${JSON.stringify(reference)} but is not this order's shipment (${differences.map((d) => d.path).join(", ")} differ); it is not shipped. Give each store a distinct storeId, or a distinct userReferenceNumber per order.`,
      { packageId, commandId, problems: differences },
    );
  }
  if (pkg.state === "canceled") {
    return new ShipOrderError(
      SHIP_ORDER_ERROR_CODES.shipment_cancelled,
      `The shipment of order ${JSON.stringify(reference)} (package ${packageId}) was cancelled; it is not shipped again automatically.`,
      { packageId, commandId },
    );
  }
  return undefined;
}

/** The order's package: the one with the lowest id among those with its user_reference_number. */
export async function findPackage(
  client: ShippingClient,
  reference: string,
  call: CallOptions,
): Promise<PackageDetailsV2 | undefined> {
  const list = await client.packages.list({ user_reference_number: reference }, call);
  const matching = list.packages.filter((pkg) => pkg.user_reference_number === reference);
  matching.sort((a, b) => a.package_id - b.package_id);
  return matching.find((pkg) => pkg.state !== "canceled") ?? matching[0];
}

export async function findCommand(
  client: ShippingClient,
  commandId: string,
  call: CallOptions,
): Promise<OrderCommandResponse | undefined> {
  try {
    return await client.orderCommands.get(commandId, call);
  } catch (error) {
    if (isNotFoundError(error)) return undefined;
    throw error;
  }
}

/** Whether the package is ordered already: it has an order date or a state past `waiting`. */
export function isOrdered(pkg: PackageDetailsV2): boolean {
  if (pkg.datetime_order) return true;
  return typeof pkg.state === "string" && pkg.state !== "waiting" && pkg.state !== "canceled";
}

export function orderedBy(command: OrderCommandResponse, packageId: number): boolean {
  return (command.successfully_ordered_packages ?? []).some((p) => p.package_id === packageId);
}

/** Fills parcel numbers the package does not show yet from the order command's summary. */
export function withCommandNumbers(
  details: PackageDetailsV2,
  command: OrderCommandResponse,
): PackageDetailsV2 {
  const summary = command.successfully_ordered_packages?.find(
    (p) => p.package_id === details.package_id,
  );
  if (!summary?.parcels) return details;
  const parcels = (details.parcels ?? []).map((parcel, index) => {
    const fromCommand = summary.parcels?.[index];
    return {
      ...parcel,
      package_no: parcel.package_no || fromCommand?.package_no,
      tracking_url: parcel.tracking_url || fromCommand?.tracking_url,
    };
  });
  return { ...details, parcels };
}

export function compact(values: readonly (string | null | undefined)[] | undefined): string[] {
  return (values ?? []).filter(
    (value): value is string => typeof value === "string" && value !== "",
  );
}
