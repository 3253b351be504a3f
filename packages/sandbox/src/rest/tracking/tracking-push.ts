// Tracking push: every tracking state an ordered package reaches after the
// account registered its URL (PUT /account/tracking-webhook) is POSTed there as
//   { package_id, package_no, partner_order_id, tracking: { state,
//     description, datetime, branch }, control }
// partner_order_id is the package's user_reference_number (or null).
// control is @shipbridge/core's trackingPushControl: the md5 hex of the
// concatenation, without separators, of package_id, package_no,
// partner_order_id (or ""), tracking.state, tracking.description,
// tracking.datetime, tracking.branch (or "") and the secret; a shop checks it
// with core's verifyTrackingPush.
// Pushes go out when deliverTrackingPushes runs: once a second while the
// sandbox runs (startTrackingPushes), and whenever it is called, e.g. right
// after the sandbox clock is advanced. One push per parcel and state, in time
// order; a push answered with a non-2xx status or not answered is tried again
// on the next run, at most 5 times in all; the later pushes to that URL wait
// for the next run too, so they arrive in order and a URL that does not
// answer holds a run for one timeout only.
import type { Language } from "@shipbridge/core";
import { isLanguage, trackingPushControl } from "@shipbridge/core/internal";
import type { SandboxContext } from "../../context.ts";
import { isoSeconds } from "../../support/datetime.ts";
import { PackageStore } from "../storage/stored-package.ts";
import { describeEvent, parcelEvents } from "./tracking-timeline.ts";

export const MAX_PUSH_ATTEMPTS = 5;
const PUSH_TIMEOUT_MS = 5_000;

export interface TrackingPushBody {
  readonly package_id: number;
  readonly package_no: string;
  readonly partner_order_id: string | null;
  readonly tracking: {
    readonly state: string;
    readonly description: string;
    readonly datetime: string;
    readonly branch: string | null;
  };
  readonly control: string;
}

interface WebhookRow {
  account: string;
  url: string;
  secret: string;
  language: string;
  created_at: number;
}

interface Pending {
  readonly id: number;
  readonly url: string;
  readonly body: TrackingPushBody;
}

export interface PushReport {
  readonly delivered: number;
  readonly failed: number;
}

const running = new WeakMap<SandboxContext, Promise<PushReport>>();

/** Records the push of every event that happened by now and is not yet recorded; answers what is due. */
function collectDue(ctx: SandboxContext): Pending[] {
  const hooks = ctx.db.sql.prepare("SELECT COUNT(*) AS n FROM rest_tracking_webhooks").get() as {
    n: number;
  };
  if (hooks.n === 0) return [];
  const now = ctx.clock.nowMs();
  const packages = new PackageStore(ctx.db);
  return ctx.db.transaction(() => {
    const hooks = ctx.db.sql
      .prepare("SELECT account, url, secret, language, created_at FROM rest_tracking_webhooks")
      .all() as unknown as WebhookRow[];
    const byAccount = new Map(hooks.map((h) => [h.account, h]));
    const record = ctx.db.sql.prepare(
      "INSERT OR IGNORE INTO rest_tracking_deliveries (account, package_id, parcel_index, state, event_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const pkg of packages.listOrdered()) {
      const hook = byAccount.get(pkg.account);
      if (!hook) continue;
      pkg.data.parcels.forEach((_, index) => {
        for (const e of parcelEvents(pkg, index, now)) {
          // An event at the registration instant was already visible then.
          if (e.at > hook.created_at) record.run(pkg.account, pkg.id, index, e.state, e.at);
        }
      });
    }
    const due = ctx.db.sql
      .prepare(
        "SELECT id, account, package_id, parcel_index, state, event_at FROM rest_tracking_deliveries WHERE delivered_at IS NULL AND attempts < ? ORDER BY event_at, id",
      )
      .all(MAX_PUSH_ATTEMPTS) as Array<{
      id: number;
      account: string;
      package_id: number;
      parcel_index: number;
      state: string;
      event_at: number;
    }>;
    const pending: Pending[] = [];
    for (const row of due) {
      const hook = byAccount.get(row.account);
      const pkg = packages.find(row.account, row.package_id);
      const packageNo = pkg?.parcelNumbers[row.parcel_index];
      if (!hook || !pkg || packageNo === undefined) continue;
      const event = parcelEvents(pkg, row.parcel_index, now).find((e) => e.state === row.state);
      if (!event) continue;
      const language: Language = isLanguage(hook.language) ? hook.language : "pl_PL";
      const unsigned = {
        package_id: pkg.id,
        package_no: packageNo,
        partner_order_id: pkg.data.user_reference_number ?? null,
        tracking: {
          state: event.state,
          description: describeEvent(event, language),
          datetime: isoSeconds(event.at),
          branch: event.branch,
        },
      };
      pending.push({
        id: row.id,
        url: hook.url,
        body: { ...unsigned, control: trackingPushControl(unsigned, hook.secret) },
      });
    }
    return pending;
  });
}

async function deliver(ctx: SandboxContext): Promise<PushReport> {
  let delivered = 0;
  let failed = 0;
  // After a failure, later pushes to the same URL wait for the next run: they
  // keep their order, and a URL that does not answer holds a run only once.
  const failing = new Set<string>();
  for (const push of collectDue(ctx)) {
    if (failing.has(push.url)) continue;
    let status = 0;
    try {
      const response = await fetch(push.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(push.body),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0;
    }
    const ok = status >= 200 && status < 300;
    if (ok) delivered++;
    else {
      failed++;
      failing.add(push.url);
    }
    ctx.db.sql
      .prepare(
        "UPDATE rest_tracking_deliveries SET attempts = attempts + 1, last_status = ?, delivered_at = ? WHERE id = ?",
      )
      .run(status, ok ? ctx.clock.nowMs() : null, push.id);
  }
  return { delivered, failed };
}

/**
 * Sends every tracking push that is due by the sandbox clock. Runs are queued
 * one after another per sandbox, so no push goes out twice.
 */
export function deliverTrackingPushes(ctx: SandboxContext): Promise<PushReport> {
  const previous = running.get(ctx) ?? Promise.resolve({ delivered: 0, failed: 0 });
  const current = previous.catch(() => undefined).then(() => deliver(ctx));
  running.set(ctx, current);
  const forget = () => {
    if (running.get(ctx) === current) running.delete(ctx);
  };
  current.then(forget, forget);
  return current;
}

/** Whether a delivery run is queued or under way. */
function busy(ctx: SandboxContext): boolean {
  return running.has(ctx);
}

export const PUSH_INTERVAL_MS = 1_000;

/**
 * Delivers due pushes once a second, so that tracking reaches the shop as
 * real time moves the sandbox clock. The timer never keeps the process alive
 * and stops by itself once the sandbox's database is closed. Returns a stop
 * function.
 */
export function startTrackingPushes(ctx: SandboxContext): () => void {
  const timer = setInterval(() => {
    if (!ctx.db.sql.isOpen) {
      clearInterval(timer);
      return;
    }
    if (busy(ctx)) return;
    deliverTrackingPushes(ctx).catch(() => {
      // The database closed mid-run, or a write failed; the next run tries again.
    });
  }, PUSH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
