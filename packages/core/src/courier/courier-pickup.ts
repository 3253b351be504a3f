// courierPickup: when a courier can come for a batch's parcels. One pickup
// serves one carrier, so the packages are grouped by carrier (read from the
// service a few at a time, unless the caller knows them: `services`), and
// each carrier's packages are asked about (POST
// /packages/pickup-date-proposals, up to 100 at a time; the days of several
// requests are those all of them offer). A package the sender drops at a
// point or locker needs no courier: the service says so (pickup_not_needed)
// and it is reported in `noPickupNeeded`; a package that cannot be picked up
// (not ordered, cancelled, collected, a pickup booked already) is reported in
// `unavailable`. The others are asked about again without them.
import { isValidationApiError, type ShippingClient } from "../api/index.ts";
import { checkDayCall, type DayCallOptions } from "../mapping/day-call.ts";
import { readPackages } from "../mapping/read-packages.ts";
import { PICKUP_PACKAGES_MAX, type PickupDate } from "../schemas/index.ts";

/** The most packages one courierPickup call looks at. */
export const COURIER_PACKAGES_MAX = 2_000;

/** The service's rule for a package dropped at a point or locker by the sender. */
export const PICKUP_NOT_NEEDED = "pickup_not_needed";

export interface CourierPickupOptions extends DayCallOptions {
  /** The carrier (the package's `service`) of packages the caller knows, by package id; the rest are read. */
  readonly services?: Readonly<Record<number, string>>;
}

export interface CarrierPickup {
  readonly service: string;
  /** The packages a courier of this carrier can collect. */
  readonly packageIds: readonly number[];
  /** The days (with windows) the courier can come, from the service. */
  readonly dates: readonly PickupDate[];
}

export interface PickupExclusion {
  readonly packageId: number;
  /** The package's carrier, when known. */
  readonly service: string;
  readonly rule: string;
  /** Why, in the service's words. */
  readonly reason: string;
}

export interface CourierPickup {
  /** Per carrier that needs a courier: its packages and the proposed slots. */
  readonly carriers: readonly CarrierPickup[];
  /** Packages dropped at a locker or point by the sender: no pickup needed. */
  readonly noPickupNeeded: readonly PickupExclusion[];
  /** Packages no courier can be booked for (not ordered, cancelled, booked already, not found). */
  readonly unavailable: readonly PickupExclusion[];
}

/** The package a proposals refusal names (`packages[3].id`), among `ids`. */
function packageOf(path: string, ids: readonly number[]): number | undefined {
  const match = /^packages\[(\d+)\]/.exec(path);
  return match?.[1] === undefined ? undefined : ids[Number(match[1])];
}

/** The days both lists offer, each with the narrower window. */
function commonDays(a: readonly PickupDate[], b: readonly PickupDate[]): PickupDate[] {
  return a.flatMap((day) => {
    const other = b.find((candidate) => candidate.date === day.date);
    if (other === undefined) return [];
    const min = [day.min_time, other.min_time].filter((t): t is string => typeof t === "string");
    const max = [day.max_time, other.max_time].filter((t): t is string => typeof t === "string");
    return [
      {
        ...day,
        ...(min.length === 0 ? {} : { min_time: min.sort().at(-1) }),
        ...(max.length === 0 ? {} : { max_time: max.sort()[0] }),
      },
    ];
  });
}

/**
 * The pickup proposals of these packages, per carrier.
 * @throws ValidationError naming every bad argument, ApiError subclasses for
 *   transport failures and refusals that name no package.
 */
export async function courierPickup(
  client: ShippingClient,
  packageIds: readonly number[],
  options: CourierPickupOptions = {},
): Promise<CourierPickup> {
  const {
    packageIds: ids,
    call,
    issues,
  } = checkDayCall(client, packageIds, options, {
    max: COURIER_PACKAGES_MAX,
    keyed: false,
    optionsRequired: false,
  });
  const known = options?.services;
  if (known !== undefined && (typeof known !== "object" || known === null)) {
    issues.report("options.services", "invalid_type", { expected: "object" });
  }
  issues.throwIfAny();

  const services = new Map<number, string>();
  const unknown: number[] = [];
  for (const id of ids) {
    const service = known?.[id];
    if (typeof service === "string" && service !== "") services.set(id, service);
    else unknown.push(id);
  }
  const read = await readPackages(client, unknown, call);
  for (const [id, pkg] of read.found) services.set(id, pkg.service ?? "");
  const noPickupNeeded: PickupExclusion[] = [];
  const unavailable: PickupExclusion[] = read.missing.map((packageId) => ({
    packageId,
    service: "",
    rule: "package_not_found",
    reason: `There is no package ${packageId} on this account.`,
  }));
  const byCarrier = new Map<string, number[]>();
  for (const id of ids) {
    const service = services.get(id);
    if (service !== undefined) byCarrier.set(service, [...(byCarrier.get(service) ?? []), id]);
  }

  const carriers: CarrierPickup[] = [];
  for (const service of [...byCarrier.keys()].sort()) {
    let pending = byCarrier.get(service) as number[];
    const collectable: number[] = [];
    let dates: PickupDate[] | undefined;
    for (let start = 0; start < pending.length; ) {
      const chunk = pending.slice(start, start + PICKUP_PACKAGES_MAX);
      try {
        const answer = await client.pickups.dateProposals(
          { packages: chunk.map((id) => ({ id })) },
          call,
        );
        collectable.push(...chunk);
        dates =
          dates === undefined ? [...answer.pickup_dates] : commonDays(dates, answer.pickup_dates);
        start += chunk.length;
      } catch (error) {
        if (!isValidationApiError(error)) throw error;
        const refused = new Set<number>();
        for (const issue of error.issues) {
          const packageId = packageOf(issue.path, chunk);
          if (packageId === undefined || refused.has(packageId)) continue;
          refused.add(packageId);
          const exclusion = { packageId, service, rule: issue.rule, reason: issue.message };
          if (issue.rule === PICKUP_NOT_NEEDED) noPickupNeeded.push(exclusion);
          else unavailable.push(exclusion);
        }
        // A refusal that names no package of this chunk cannot be worked around.
        if (refused.size === 0) throw error;
        pending = pending.filter((id) => !refused.has(id));
      }
    }
    if (collectable.length > 0) {
      carriers.push({ service, packageIds: collectable, dates: dates ?? [] });
    }
  }
  const order = new Map(ids.map((id, index) => [id, index]));
  const byRequest = (a: PickupExclusion, b: PickupExclusion) =>
    (order.get(a.packageId) ?? 0) - (order.get(b.packageId) ?? 0);
  return {
    carriers,
    noPickupNeeded: noPickupNeeded.sort(byRequest),
    unavailable: unavailable.sort(byRequest),
  };
}
