// How an ordered parcel moves by the sandbox clock, counted from the moment
// its order completed (T):
//   ordered     at T
//   collected   at T + 2 h     (the courier picked it up; cancelling ends here)
//   in-transit  at T + 6 h     (left the sorting hub)
//   delivered   at T + 30 h, plus 30 min for every further parcel of the package
// So a day after ordering the parcel is on its way, and a second day later it
// has arrived: moving the clock by one day shows it in transit, by two days
// delivered (what the "+1 day" of a demo or a test expects).
// A cancelled package ends with `canceled` at the moment the cancellation
// completed. The label is ready 5 s after T. Problem states put on by the
// test control (collect-problem, delivery-problem, returned) join the
// timeline at their instant; `returned` ends it, so nothing scheduled after it
// happens.
import type { Language } from "@shipbridge/core";
import type { TrackingState as CoreTrackingState } from "@shipbridge/core/schemas";
import { dropOffPoint, type StoredPackage } from "../storage/stored-package.ts";

/** The states the sandbox moves a parcel through: some of @shipbridge/core's TRACKING_STATES. */
export const TRACKING_STATES = [
  "ordered",
  "collect-problem",
  "collected",
  "in-transit",
  "delivery-problem",
  "delivered",
  "returned",
  "canceled",
] as const satisfies readonly CoreTrackingState[];
export type TrackingState = (typeof TRACKING_STATES)[number];

const HOUR = 3_600_000;
export const COLLECTED_AFTER_MS = 2 * HOUR;
export const IN_TRANSIT_AFTER_MS = 6 * HOUR;
export const DELIVERED_AFTER_MS = 30 * HOUR;
export const DELIVERY_STAGGER_MS = 30 * 60_000;
export const LABEL_READY_AFTER_MS = 5_000;

export interface TrackingEvent {
  readonly state: TrackingState;
  readonly at: number;
  readonly branch: string;
  /** Text given with a problem state; otherwise the state's own description. */
  readonly description?: string;
}

const DESCRIPTIONS: Record<TrackingState, Record<Language, string>> = {
  ordered: {
    en_GB: "Shipment ordered; waiting for the courier",
    pl_PL: "Przesyłka zamówiona; czeka na kuriera",
  },
  collected: { en_GB: "Collected by the courier", pl_PL: "Odebrana przez kuriera" },
  "in-transit": { en_GB: "In transit", pl_PL: "W drodze" },
  delivered: { en_GB: "Delivered", pl_PL: "Doręczona" },
  "collect-problem": {
    en_GB: "The courier could not collect the shipment",
    pl_PL: "Kurier nie mógł odebrać przesyłki",
  },
  "delivery-problem": {
    en_GB: "The shipment could not be delivered",
    pl_PL: "Nie udało się doręczyć przesyłki",
  },
  returned: { en_GB: "Returned to the sender", pl_PL: "Zwrócona do nadawcy" },
  canceled: { en_GB: "Order cancelled", pl_PL: "Zamówienie anulowane" },
};

export function describeState(state: TrackingState, language: Language): string {
  return DESCRIPTIONS[state][language];
}

/** What an event says: the text given with it, or its state's description. */
export function describeEvent(event: TrackingEvent, language: Language): string {
  return event.description ?? describeState(event.state, language);
}

function cityOf(address: unknown): string {
  if (typeof address === "object" && address !== null) {
    const city = (address as Record<string, unknown>).city;
    if (typeof city === "string" && city !== "") return city;
  }
  return "Warszawa";
}

/** Every event of one parcel, past and future; filter by `at <= now` for what has happened. */
export function parcelTimeline(pkg: StoredPackage, parcelIndex: number): TrackingEvent[] {
  if (pkg.orderedAt === null) return [];
  const t = pkg.orderedAt;
  const origin = cityOf(pkg.data.pickup ?? pkg.data.sender);
  const destination = cityOf(pkg.data.receiver);
  const scheduled: TrackingEvent[] = [
    { state: "ordered", at: t, branch: origin },
    { state: "collected", at: t + COLLECTED_AFTER_MS, branch: origin },
    { state: "in-transit", at: t + IN_TRANSIT_AFTER_MS, branch: "Sortownia Stryków" },
    {
      state: "delivered",
      at: t + DELIVERED_AFTER_MS + parcelIndex * DELIVERY_STAGGER_MS,
      branch: destination,
    },
  ];
  const problems = pkg.trackingProblems.map(
    (p): TrackingEvent => ({
      state: p.state,
      at: p.at,
      branch: p.state === "delivery-problem" ? destination : origin,
      ...(p.description === null ? {} : { description: p.description }),
    }),
  );
  // A stable sort: a scheduled state and a problem at the same instant keep that order.
  const merged = [...scheduled, ...problems].sort((a, b) => a.at - b.at);
  const returned = merged.findIndex((e) => e.state === "returned");
  const all = returned === -1 ? merged : merged.slice(0, returned + 1);
  if (pkg.canceledAt === null) return all;
  const canceledAt = pkg.canceledAt;
  return [
    ...all.filter((e) => e.at < canceledAt),
    { state: "canceled", at: canceledAt, branch: origin },
  ];
}

/** The events of one parcel that have happened by `now`, oldest first. */
export function parcelEvents(
  pkg: StoredPackage,
  parcelIndex: number,
  now: number,
): TrackingEvent[] {
  return parcelTimeline(pkg, parcelIndex).filter((e) => e.at <= now);
}

/** Whether cancelling is still possible: ordered and not yet collected or cancelled. */
export function canCancel(pkg: StoredPackage, now: number): boolean {
  if (pkg.orderCommand === null || pkg.cancelCommand !== null) return false;
  if (pkg.orderedAt === null) return true;
  return now < pkg.orderedAt + COLLECTED_AFTER_MS;
}

/**
 * Whether a courier pickup can still be ordered: ordered, not cancelled, not
 * collected, none ordered yet, and not handed in by the sender at a point.
 */
export function canOrderPickup(pkg: StoredPackage, now: number): boolean {
  return canCancel(pkg, now) && pkg.pickupCommand === null && dropOffPoint(pkg) === undefined;
}

export function labelReadyAt(pkg: StoredPackage): number | null {
  return pkg.orderedAt === null ? null : pkg.orderedAt + LABEL_READY_AFTER_MS;
}

/** The package's state: `waiting` until ordered, then the first parcel's latest state. */
export function packageState(pkg: StoredPackage, now: number): TrackingState | "waiting" {
  if (pkg.orderedAt === null || pkg.orderedAt > now) {
    return pkg.canceledAt !== null && pkg.canceledAt <= now ? "canceled" : "waiting";
  }
  const events = parcelEvents(pkg, 0, now);
  return events.at(-1)?.state ?? "waiting";
}
