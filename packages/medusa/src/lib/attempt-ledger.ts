// The ledger of shipment attempts, in PostgreSQL beside the tokens: which
// shipment name (the package's reference at the service) belongs to which
// fulfillment, and whether its run finished. A fulfillment's name comes from
// its id; when a run throws (maybe after the service charged), Medusa deletes
// the fulfillment and the admin's retry brings a new id, so the retry of the
// same order and items takes over the failed attempt's name and finds its
// package. A run keeps a lease on its attempt while it works (it renews
// `updated_at`); when its process dies mid-run (Medusa rolls the fulfillment
// back, the attempt stays `running`), the lease lapses and the retry takes
// that name over the same way. Attempts nobody took over are settled by the
// reconcile job. A shipped attempt whose fulfillment Medusa never kept (its
// process died after the provider returned) is handed to the retry of the
// same items the same way, once its lease lapsed. Each shipment attempt also
// holds the quantities of its order lines while it runs, while it is
// unsettled (it may have been paid for) and once it shipped, so a second
// fulfilment of items already fulfilled or being fulfilled (the same request
// sent twice) is refused before anything reaches the service, also when two
// race. An attempt refused before anything was paid is `refused`: final,
// never taken over. A batch's attempt stands for a fulfillment Medusa has not
// made yet (`batch:<batch>:<order>`): the batch pays for it (its lease renewed
// for the whole batch), and once shipped it is handed at once to the first
// fulfillment of the same order and items (the batch's own, or an admin's by
// hand), whose run finds the package and pays nothing again.
import { createHash } from "node:crypto";
import type { Language } from "@shipbridge/core";
import pg from "pg";
import type { KeptFulfillments } from "./medusa-fulfillments.ts";
import { PluginError } from "./plugin-error.ts";
import { refusalMessage } from "./refusal-messages.ts";

export type AttemptState =
  | "running"
  | "refused"
  | "shipped"
  | "failed"
  | "reconciling"
  | "cancelled"
  | "abandoned";

export interface Attempt {
  readonly shipment_key: string;
  readonly order_id: string;
  readonly fulfillment_id: string;
  readonly state: AttemptState;
  readonly package_id: number | null;
  /** The order lines the shipment fulfils, with their quantities (`attempts` gives them). */
  readonly lines?: Readonly<Record<string, number>>;
}

/**
 * How long a running attempt's lease lasts without renewal: a run that has
 * not renewed its attempt for 30 s has lost its process, and the retry of the
 * same order and items may take its name over. Its run renews it every sixth
 * of that (5 s), so a live run is never taken over unless it cannot reach the
 * database for the whole lease.
 */
export const ATTEMPT_LEASE_MS = 30_000;

/** A line of the order as Medusa has it: how many were ordered and fulfilled. */
export interface OrderedLine {
  readonly ordered?: number | undefined;
  readonly fulfilled?: number | undefined;
}

/** What another attempt of the order holds, as `begin` sees it. */
interface Holding {
  readonly shipment_key: string;
  readonly signature: string;
  readonly state: string;
  readonly lines: unknown;
  /** Running with a live lease, or shipped moments ago and not yet recorded by Medusa. */
  readonly live: boolean;
  /** Whether Medusa has the attempt's fulfillment (linked, not cancelled); null when this database cannot say. */
  readonly recorded: boolean | null;
  readonly left_ms: unknown;
  /** Another fulfillment that waited for this attempt's run and is still asking: it takes the attempt over first. */
  readonly reserved_for: string | null;
}

function quantityOf(holding: Holding, line: string): number {
  const quantity = (holding.lines as Record<string, unknown> | null)?.[line];
  return typeof quantity === "number" ? quantity : 0;
}

/**
 * Whether an attempt's lines are counted by Medusa already, held while it
 * runs, or held while it is unsettled (failed, reconciling, its run's lease
 * lapsed, or shipped without a fulfillment Medusa kept): the attempt's
 * package may exist and be paid for, so its items must not be bought again
 * by a request of other items.
 */
function holdKind(holding: Holding): "medusa" | "shipped" | "running" | "unsettled" {
  if (holding.recorded === true) return "medusa";
  if (holding.state === "shipped") {
    if (holding.recorded === null) return "shipped";
    return holding.live ? "running" : "unsettled";
  }
  if (holding.state === "running" && holding.live) return "running";
  return "unsettled";
}

/**
 * The refusal of an attempt for `lines` (line id to quantity), or undefined
 * when it may run. Per line: what Medusa counts as fulfilled (from any
 * provider, this plugin's recorded fulfillments included) plus what this
 * plugin's shipped attempts Medusa has not recorded hold, plus what running
 * attempts hold, plus the attempt's own quantity must not exceed what was
 * ordered (\`already_fulfilled\`); with what unsettled attempts hold as well
 * (\`attempt_unsettled\`, retryable). A line whose quantities are unknown
 * (no order, or a line missing from it) may not overlap any other attempt.
 */
function refusal(
  lines: Readonly<Record<string, number>> | undefined,
  order: Readonly<Record<string, OrderedLine>> | undefined,
  others: readonly Holding[],
  language: Language,
): PluginError | undefined {
  if (lines === undefined) return undefined;
  const sum = (kind: ReturnType<typeof holdKind>, line: string) =>
    others
      .filter((other) => holdKind(other) === kind)
      .reduce((total, other) => total + quantityOf(other, line), 0);
  const over: string[] = [];
  const unsettled: string[] = [];
  const unknown: string[] = [];
  for (const [line, quantity] of Object.entries(lines)) {
    const ordered = order?.[line]?.ordered;
    if (ordered === undefined) {
      if (others.some((other) => quantityOf(other, line) > 0)) unknown.push(line);
      continue;
    }
    // Medusa's count (every provider's) may have been read before this
    // plugin's latest fulfillment was kept: the shipped attempts Medusa
    // kept (or, when this database cannot tell, all shipped ones) count at
    // least as much; those it has not kept are added (as running or
    // unsettled).
    const medusa = order?.[line]?.fulfilled ?? 0;
    const fulfilled = Math.max(medusa, sum("medusa", line) + sum("shipped", line));
    const running = sum("running", line);
    if (fulfilled + running + quantity > ordered) {
      over.push(
        `line ${line}: ${ordered} ordered, ${fulfilled} fulfilled, ${running} being fulfilled, ${quantity} asked`,
      );
    } else if (fulfilled + running + sum("unsettled", line) + quantity > ordered) {
      unsettled.push(
        `line ${line}: ${sum("unsettled", line)} held by an attempt that may have been paid for`,
      );
    }
  }
  if (over.length > 0 || unknown.length > 0) {
    const lines = [
      ...over,
      ...unknown.map((line) => `line ${line}: quantities unknown, and another shipment holds it`),
    ];
    return refusalIn("already_fulfilled", "invalid_data", language, (lang) =>
      refusalMessage("already_fulfilled", lang, { reason: lines.join("; ") }),
    );
  }
  if (unsettled.length > 0) {
    return refusalIn("attempt_unsettled", "not_allowed", language, (lang) =>
      refusalMessage("attempt_unsettled", lang, { reason: unsettled.join("; ") }),
    );
  }
  return undefined;
}

/** A run's hold on its attempt: renewed on a timer until `stop`. */
export interface AttemptLease {
  /** Stops renewing (and waits for a renewal under way). */
  stop(): Promise<void>;
}

export interface AttemptLedgerOptions {
  /** How long a running attempt's lease lasts without renewal; `ATTEMPT_LEASE_MS` unless given (tests). */
  readonly leaseMs?: number;
  /** Which fulfillments Medusa keeps (its tables); without it, shipped attempts are taken at their word. */
  readonly kept?: KeptFulfillments;
}

const TABLE = "shipbridge_medusa_shipment_attempt";

/**
 * How long a fulfillment waiting for a live run holds its place as the next
 * taker without asking again (it asks at least every 250 ms).
 */
const RESERVATION_MS = 2_000;

/**
 * The fulfillment id a batch's attempt stands under until a fulfillment
 * takes it over: one per order and shipping method of the batch.
 */
export function batchFulfillmentId(batchId: string, orderId: string, methodId?: string): string {
  return methodId === undefined
    ? `batch:${batchId}:${orderId}`
    : `batch:${batchId}:${orderId}:${methodId}`;
}

/**
 * The shipment name a batch gives an order's shipment of one shipping
 * method (the package's reference is `storeId:name`): the same in every run
 * of the batch, so a rerun finds what an earlier one paid for.
 */
export function batchShipmentKey(batchId: string, orderId: string, methodId: string): string {
  const hash = createHash("sha256").update(`${batchId}:${methodId}`).digest("hex").slice(0, 12);
  return `${orderId}-b${hash}`;
}

/** Whether an attempt's fulfillment id is a batch's stand-in (no Medusa fulfillment has it). */
function isBatchStandIn(fulfillmentId: string): boolean {
  return fulfillmentId.startsWith("batch:");
}

/** Both languages of a refusal. */
function refusalIn(
  code: string,
  type: "invalid_data" | "not_allowed",
  language: Language,
  text: (language: Language) => string,
): PluginError {
  return new PluginError(code, type, text(language), {
    messages: { en_GB: text("en_GB"), pl_PL: text("pl_PL") },
  });
}

export class AttemptLedger {
  readonly #pool: pg.Pool;
  #ready: Promise<void> | undefined;
  /** Which fulfillments Medusa keeps; unknown (null) without it. */
  #kept: KeptFulfillments | undefined;
  /** How long a running attempt's lease lasts without renewal. */
  readonly leaseMs: number;

  /** Whether the ledger opened its pool (and ends it on close). */
  readonly #ownsPool: boolean;

  /** `connection`: a database URL (a pool of its own) or a pool shared with others. */
  constructor(connection: string | pg.Pool, options: AttemptLedgerOptions = {}) {
    this.leaseMs = options.leaseMs ?? ATTEMPT_LEASE_MS;
    this.#kept = options.kept;
    this.#ownsPool = typeof connection === "string";
    this.#pool =
      typeof connection === "string"
        ? new pg.Pool({ connectionString: connection, max: 4 })
        : connection;
    // An idle client's error must not crash the process; the next query reports it.
    if (this.#ownsPool) this.#pool.on("error", () => {});
  }

  /** Reads Medusa's fulfillments through `kept` from now on, when it had no way to yet. */
  adoptKept(kept: KeptFulfillments): void {
    this.#kept ??= kept;
  }

  async #query(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
    this.#ready ??= this.#createTable().catch((error) => {
      this.#ready = undefined;
      throw error;
    });
    await this.#ready;
    return this.#pool.query(text, values);
  }

  async #createTable(): Promise<void> {
    const statements = [
      `create table if not exists ${TABLE} (
        shipment_key text primary key,
        store_id text not null,
        order_id text not null,
        signature text not null,
        fulfillment_id text not null,
        state text not null,
        package_id integer null,
        cod boolean not null default false,
        lines jsonb not null default '{}'::jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now())`,
      `alter table ${TABLE} add column if not exists lines jsonb not null default '{}'::jsonb`,
      // How many runs used the name: only a first run of a fresh name was refused before anything was paid.
      `alter table ${TABLE} add column if not exists runs integer not null default 1`,
      // The fulfillment waiting to take the attempt over once its run ends, while it keeps asking.
      `alter table ${TABLE} add column if not exists next_fulfillment_id text null`,
      `alter table ${TABLE} add column if not exists next_until timestamptz null`,
      `create index if not exists ${TABLE}_order on ${TABLE} (store_id, order_id, signature, state)`,
      `create index if not exists ${TABLE}_fulfillment on ${TABLE} (store_id, fulfillment_id)`,
      // One live package per order collects cash on delivery.
      `create unique index if not exists ${TABLE}_cod on ${TABLE} (store_id, order_id)
        where cod and state in ('running', 'shipped', 'failed', 'reconciling')`,
    ];
    for (const statement of statements) {
      try {
        await this.#pool.query(statement);
      } catch (error) {
        // Two processes creating the table at once: the other one did it.
        const code = (error as { code?: string }).code;
        if (code !== "23505" && code !== "42P07") throw error;
      }
    }
  }

  /**
   * The shipment name of a fulfillment, marked running: the name it had
   * already (the same fulfillment again); else the name of an attempt of the
   * same order and items (the same `signature`) that may have been paid for
   * and that no fulfillment of Medusa holds: one that failed (an admin's
   * retry after the provider threw), one whose run's lease lapsed (its
   * process died mid-run), or one that shipped but whose fulfillment Medusa
   * never kept (its process died after the provider returned), taken over
   * once so the retry finds its package and pays nothing again; else
   * `fresh`, the name derived from the fulfillment id. While another run of
   * the same items is live (running, or shipped within a lease and not yet
   * kept by Medusa), it waits (at most one lease) for that run to finish or
   * lapse; one still live after that is refused as in progress (retryable).
   * The caller then holds the attempt's lease (`hold`) while its run works.
   *
   * With `lines` (line id to quantity) and `order` (each line's ordered and
   * fulfilled quantity, as Medusa says), an attempt (a takeover too) is
   * refused when its quantities and those other attempts hold exceed what
   * was ordered: \`already_fulfilled\` for what Medusa counts or live runs
   * hold, \`attempt_unsettled\` (retryable) for attempts that may have been
   * paid for and are not settled. The check and the attempt are one
   * transaction under the order's advisory lock, so of two racing requests
   * one ships.
   */
  async begin(entry: {
    storeId: string;
    orderId: string;
    signature: string;
    fulfillmentId: string;
    fresh: string;
    lines?: Readonly<Record<string, number>>;
    order?: Readonly<Record<string, OrderedLine>>;
    /** One shipment per signature (a return): a shipped attempt of it that Medusa keeps refuses another. */
    once?: boolean;
    /** The language of a refusal's message; English unless given. */
    language?: Language;
    /** False: a live run of the same items refuses at once (`attempt_in_progress`) instead of being waited for. */
    wait?: boolean;
  }): Promise<string> {
    const waitUntil =
      entry.wait === false ? 0 : Date.now() + this.leaseMs + Math.ceil(this.leaseMs / 6);
    for (;;) {
      const step = await this.#transaction((client) => this.#beginOnce(client, entry, waitUntil));
      if (typeof step === "string") return step;
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, step.waitMs)));
    }
  }

  /** One try of `begin`: a name, or how long to wait for a live run of the same items. */
  async #beginOnce(
    client: pg.PoolClient,
    entry: Parameters<AttemptLedger["begin"]>[0],
    waitUntil: number,
  ): Promise<string | { waitMs: number }> {
    await client.query("select pg_advisory_xact_lock(hashtext($1))", [
      `shipbridge-attempt:${entry.storeId}:${entry.orderId}`,
    ]);
    const same = await client.query(
      `update ${TABLE} set state = 'running', runs = runs + 1, updated_at = now()
        where store_id = $1 and fulfillment_id = $2
          and state in ('running', 'failed', 'shipped', 'refused')
        returning shipment_key`,
      [entry.storeId, entry.fulfillmentId],
    );
    if (same.rows[0] !== undefined) return String(same.rows[0]["shipment_key"]);
    // Every attempt of the order that may hold items: live or lapsed runs,
    // failed and reconciling ones, and shipped ones.
    const lapsedAt = `a.updated_at <= now() - ($4::double precision * interval '1 millisecond')`;
    const { rows } = await client.query(
      `select a.shipment_key, a.fulfillment_id, a.signature, a.state, a.lines, a.created_at,
              case when a.next_until > now() then a.next_fulfillment_id end as reserved_for,
              a.state in ('running', 'shipped') and not (${lapsedAt}) as live,
              greatest(0, extract(epoch from a.updated_at - now()) * 1000 + $4::double precision) as left_ms
         from ${TABLE} a
        where a.store_id = $1 and a.order_id = $2 and a.fulfillment_id <> $3
          and a.state in ('running', 'shipped', 'failed', 'reconciling')
        order by a.created_at`,
      [entry.storeId, entry.orderId, entry.fulfillmentId, this.leaseMs],
    );
    const kept = await this.#keptOf(rows);
    const others = (rows as (Omit<Holding, "recorded"> & { fulfillment_id: string })[]).map(
      (row) => {
        // A batch's stand-in is never a fulfillment Medusa keeps, and once
        // shipped it waits for a fulfillment to take it over: not live.
        const batch = isBatchStandIn(row.fulfillment_id);
        return {
          ...row,
          recorded: batch ? false : kept === undefined ? null : kept.has(row.fulfillment_id),
          // A shipped attempt Medusa kept is settled; one it cannot judge is shipped.
          live:
            row.live &&
            !(
              row.state === "shipped" &&
              (batch || kept === undefined || kept.has(row.fulfillment_id))
            ),
        };
      },
    );
    const sameItems = others.filter((other) => other.signature === entry.signature);
    // A live run of the same items may be one whose process just died (or,
    // shipped, whose workflow has not kept its fulfillment yet): wait for it
    // (at most one lease); one still live after that is in progress.
    const live = sameItems.filter((other) => other.live);
    if (live.length > 0) {
      const now = Date.now();
      if (now < waitUntil) {
        const left = Math.min(...live.map((other) => Number(other.left_ms)));
        // The first fulfillment to wait takes the attempt over once its run
        // ends (a batch's own fulfillment, coming later, waits behind it);
        // it holds that place while it keeps asking.
        await this.#reserve(
          client,
          live.map((other) => other.shipment_key),
          entry.fulfillmentId,
        );
        // Asked again often: the run may finish long before its lease ends.
        return { waitMs: Math.min(left + 10, waitUntil - now, 250) };
      }
      throw refusalIn("attempt_in_progress", "not_allowed", entry.language ?? "en_GB", (lang) =>
        refusalMessage("attempt_in_progress", lang, {}),
      );
    }
    const done = sameItems.find((other) => other.state === "shipped" && other.recorded !== false);
    if (entry.once === true && done !== undefined) {
      throw refusalIn("already_fulfilled", "invalid_data", entry.language ?? "en_GB", (lang) =>
        refusalMessage("return_shipped", lang, { reason: done.shipment_key }),
      );
    }
    const candidate = sameItems.find(
      (other) =>
        other.recorded !== true &&
        (other.state === "failed" ||
          other.state === "running" ||
          (other.state === "shipped" && other.recorded === false)),
    );
    // Another fulfillment waited for this attempt and still asks: it goes first.
    const reserved = candidate?.reserved_for;
    if (candidate !== undefined && reserved !== null && reserved !== entry.fulfillmentId) {
      const now = Date.now();
      if (now < waitUntil) return { waitMs: Math.min(waitUntil - now, 250) };
      throw refusalIn("attempt_in_progress", "not_allowed", entry.language ?? "en_GB", (lang) =>
        refusalMessage("attempt_in_progress", lang, {}),
      );
    }
    const refused = refusal(
      entry.lines,
      entry.order,
      others.filter((other) => other !== candidate),
      entry.language ?? "en_GB",
    );
    if (refused !== undefined) throw refused;
    if (candidate !== undefined) {
      const taken = await client.query(
        `update ${TABLE} set state = 'running', fulfillment_id = $2, runs = runs + 1, updated_at = now(),
                next_fulfillment_id = null, next_until = null
          where shipment_key = $1 and state = $3 returning shipment_key`,
        [candidate.shipment_key, entry.fulfillmentId, candidate.state],
      );
      if (taken.rows[0] !== undefined) return String(taken.rows[0]["shipment_key"]);
    }
    await client.query(
      `insert into ${TABLE} (shipment_key, store_id, order_id, signature, fulfillment_id, state, lines)
        values ($1, $2, $3, $4, $5, 'running', $6::jsonb) on conflict (shipment_key) do nothing`,
      [
        entry.fresh,
        entry.storeId,
        entry.orderId,
        entry.signature,
        entry.fulfillmentId,
        JSON.stringify(entry.lines ?? {}),
      ],
    );
    return entry.fresh;
  }

  /**
   * Holds the place of `fulfillmentId` as the next taker of these attempts
   * for a moment (it asks again well within it), unless another waiting
   * fulfillment holds it.
   */
  async #reserve(
    client: pg.PoolClient,
    keys: readonly string[],
    fulfillmentId: string,
  ): Promise<void> {
    await client.query(
      `update ${TABLE} set next_fulfillment_id = $2,
              next_until = now() + ($3::double precision * interval '1 millisecond')
        where shipment_key = any($1::text[])
          and (next_fulfillment_id is null or next_fulfillment_id = $2 or next_until <= now())`,
      [[...keys], fulfillmentId, RESERVATION_MS],
    );
  }

  async #transaction<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.#query("select 1");
    const client = await this.#pool.connect();
    try {
      await client.query("begin");
      const result = await run(client);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Keeps the lease of a running attempt while its run works: renews its
   * `updated_at` every sixth of the lease, as long as the attempt is still
   * running for this fulfillment (a retry that took it over holds it now).
   * `onError` hears of a renewal that failed or found the attempt taken.
   */
  hold(
    shipmentKey: string,
    fulfillmentId: string,
    onError: (error: unknown) => void = () => {},
  ): AttemptLease {
    const every = Math.max(1, Math.floor(this.leaseMs / 6));
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let renewal: Promise<void> = Promise.resolve();
    const renew = async () => {
      try {
        const { rowCount } = await this.#query(
          `update ${TABLE} set updated_at = now()
            where shipment_key = $1 and fulfillment_id = $2 and state = 'running'`,
          [shipmentKey, fulfillmentId],
        );
        if ((rowCount ?? 0) === 0 && !stopped) {
          onError(new Error(`attempt ${shipmentKey} is no longer running for ${fulfillmentId}`));
        }
      } catch (error) {
        onError(error);
      }
    };
    const schedule = () => {
      timer = setTimeout(() => {
        renewal = renew().finally(() => {
          if (!stopped) schedule();
        });
      }, every);
      // A lease alone must not keep the process alive.
      timer.unref();
    };
    schedule();
    return {
      stop: async () => {
        stopped = true;
        clearTimeout(timer);
        await renewal;
      },
    };
  }

  /**
   * Keeps the leases of a batch's running attempts while the batch works:
   * renews them all every sixth of the lease, until `stop`. A batch whose
   * process dies stops renewing, and a fulfillment of one of its orders may
   * take the attempt over once the lease lapsed, as for any run.
   */
  holdBatch(
    storeId: string,
    batchId: string,
    onError: (error: unknown) => void = () => {},
  ): AttemptLease {
    const every = Math.max(1, Math.floor(this.leaseMs / 6));
    let stopped = false;
    let renewal: Promise<void> = Promise.resolve();
    const prefix = `${batchFulfillmentId(batchId, "")}%`;
    const timer = setInterval(() => {
      renewal = renewal.then(() =>
        this.#query(
          `update ${TABLE} set updated_at = now()
            where store_id = $1 and fulfillment_id like $2 and state = 'running'`,
          [storeId, prefix],
        ).then(
          () => {},
          (error: unknown) => {
            if (!stopped) onError(error);
          },
        ),
      );
    }, every);
    // A lease alone must not keep the process alive.
    timer.unref();
    return {
      stop: async () => {
        stopped = true;
        clearInterval(timer);
        await renewal;
      },
    };
  }

  /**
   * Whether a batch paid for a shipment of the order's `signature` and waits
   * for a fulfillment to take it over (its stand-in shipped).
   */
  async prepaid(storeId: string, orderId: string, signature: string): Promise<boolean> {
    const { rows } = await this.#query(
      `select 1 from ${TABLE}
        where store_id = $1 and order_id = $2 and signature = $3
          and state = 'shipped' and fulfillment_id like 'batch:%' limit 1`,
      [storeId, orderId, signature],
    );
    return rows.length > 0;
  }

  /**
   * Runs `run` under the order's advisory lock (the one `begin` takes), with
   * whether the ledger holds an attempt for the order that may have bought
   * or be buying a parcel (running, shipped, failed or reconciling; a
   * refused one bought nothing). A change that must not race a purchase
   * (the order's pickup point) checks and saves inside `run`: no attempt
   * begins meanwhile.
   */
  async underOrderLock<T>(
    storeId: string,
    orderId: string,
    run: (attempted: boolean) => Promise<T>,
  ): Promise<T> {
    return this.#transaction(async (client) => {
      await client.query("select pg_advisory_xact_lock(hashtext($1))", [
        `shipbridge-attempt:${storeId}:${orderId}`,
      ]);
      const { rows } = await client.query(
        `select 1 from ${TABLE}
          where store_id = $1 and order_id = $2
            and state in ('running', 'shipped', 'failed', 'reconciling') limit 1`,
        [storeId, orderId],
      );
      return run(rows.length > 0);
    });
  }

  /** The attempts of these shipment names, with their lines (the day's reckoning, a batch's fulfilments). */
  async attempts(storeId: string, keys: readonly string[]): Promise<Attempt[]> {
    if (keys.length === 0) return [];
    const { rows } = await this.#query(
      `select shipment_key, order_id, fulfillment_id, state, package_id, lines from ${TABLE}
        where store_id = $1 and shipment_key = any($2::text[])`,
      [storeId, [...keys]],
    );
    return rows as Attempt[];
  }

  /**
   * Whether Medusa keeps the attempt's fulfillment (a live fulfillment
   * linked to an order or a return, or a standalone one); undefined when
   * the ledger cannot ask Medusa.
   */
  async fulfillmentKept(attempt: Pick<Attempt, "order_id" | "fulfillment_id">) {
    const kept = await this.#keptOf([attempt]);
    return kept === undefined ? undefined : kept.has(attempt.fulfillment_id);
  }

  /**
   * Claims cash on delivery for an attempt: true when it is the order's one
   * live attempt that collects (it had the claim already, or no other live
   * attempt has it); false when another package of the order collects.
   */
  async claimCod(shipmentKey: string): Promise<boolean> {
    try {
      const { rowCount } = await this.#query(
        `update ${TABLE} set cod = true where shipment_key = $1`,
        [shipmentKey],
      );
      return (rowCount ?? 0) > 0;
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return false;
      throw error;
    }
  }

  /** A package was cancelled: its attempt is over (and no longer holds the order's COD). */
  async cancelled(storeId: string, packageId: number): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = 'cancelled', updated_at = now() where store_id = $1 and package_id = $2`,
      [storeId, packageId],
    );
  }

  /**
   * The run shipped its package. With `fulfillmentId`, only while the
   * attempt is still that run's (a batch whose attempt a fulfillment took
   * over leaves it to the taker).
   */
  async shipped(shipmentKey: string, packageId: number, fulfillmentId?: string): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = 'shipped', package_id = $2, updated_at = now()
        where shipment_key = $1 and ($3::text is null or fulfillment_id = $3)`,
      [shipmentKey, packageId, fulfillmentId ?? null],
    );
  }

  /**
   * The run was refused as invalid (by core or the service). Final only on
   * the first run of a fresh name (nothing under it can have been paid): its
   * name is never taken over (a retry after the merchant fixed the order
   * ships under a name of its own) and it holds no quantities. A refused
   * takeover, or a repeat of the same fulfillment, may stand on a package an
   * earlier run paid for: it is `failed`, holds its items, and the reconcile
   * job settles that package.
   */
  async refused(shipmentKey: string, fulfillmentId: string): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = case when runs <= 1 then 'refused' else 'failed' end,
              updated_at = now()
        where shipment_key = $1 and fulfillment_id = $2 and state = 'running'`,
      [shipmentKey, fulfillmentId],
    );
  }

  /**
   * The run threw: its name waits for a retry to take it over, or for the
   * reconcile job. Only while the attempt is still this fulfillment's (a
   * retry that took it over keeps it running).
   */
  async failed(shipmentKey: string, fulfillmentId: string): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = 'failed', updated_at = now()
        where shipment_key = $1 and fulfillment_id = $2 and state = 'running'`,
      [shipmentKey, fulfillmentId],
    );
  }

  /**
   * For the reconcile job: first, the failed or stale attempts whose
   * fulfillment Medusa has after all (a run that shipped but could not mark
   * it) are marked shipped and answered with that state, never cancelled.
   * Then takes, once, the attempts Medusa holds no fulfillment for, to settle
   * (state `reconciling`): failed at least `graceMs` ago, a run that has not
   * renewed its lease for `staleMs` (its process gone), or shipped `graceMs`
   * ago with a fulfillment Medusa never kept (its process died after the
   * provider returned). `staleMs` is never shorter than the lease plus
   * `graceMs`: a lapsed run waits for the admin's retry as long as a failed
   * one, and a live run (its lease renewed) is never taken.
   */
  async takeUnclaimed(storeId: string, graceMs: number, staleMs: number): Promise<Attempt[]> {
    staleMs = Math.max(staleMs, this.leaseMs + graceMs);
    const ago = (n: number) =>
      `updated_at <= now() - ($${n}::double precision * interval '1 millisecond')`;
    const unclaimed = `((state = 'failed' and ${ago(2)}) or (state = 'running' and ${ago(3)}))`;
    const lost = `(state = 'shipped' and ${ago(2)})`;
    const { rows } = await this.#query(
      `select fulfillment_id, order_id, state from ${TABLE}
        where store_id = $1 and (${unclaimed}${this.#kept === undefined ? "" : ` or ${lost}`})`,
      [storeId, graceMs, staleMs],
    );
    const kept = await this.#keptOf(rows);
    const keptIds = [...(kept ?? [])];
    const notKept = rows
      .map((row) => String(row["fulfillment_id"]))
      .filter((id) => !(kept?.has(id) ?? false));
    const returning = "returning shipment_key, order_id, fulfillment_id, state, package_id";
    const shipped = await this.#query(
      `update ${TABLE} set state = 'shipped', updated_at = now()
        where store_id = $1 and ${unclaimed} and fulfillment_id = any($4::text[]) ${returning}`,
      [storeId, graceMs, staleMs, keptIds],
    );
    const taken = await this.#query(
      `update ${TABLE} set state = 'reconciling', updated_at = now()
        where store_id = $1 and fulfillment_id = any($4::text[])
          and (${unclaimed}${this.#kept === undefined ? "" : ` or ${lost}`}) ${returning}`,
      [storeId, graceMs, staleMs, notKept],
    );
    return [...(shipped.rows as Attempt[]), ...(taken.rows as Attempt[])];
  }

  /**
   * Which of the attempts' fulfillments Medusa keeps; undefined when the
   * ledger cannot ask. An attempt without an order (its order id is its
   * fulfillment's id: the standalone fulfillment workflow, which never links
   * one) is kept while its fulfillment is.
   */
  async #keptOf(
    rows: readonly Record<string, unknown>[],
  ): Promise<ReadonlySet<string> | undefined> {
    const ids = rows.map((row) => String(row["fulfillment_id"]));
    if (this.#kept === undefined || ids.length === 0) return this.#kept && new Set();
    const standalone = rows
      .filter((row) => String(row["order_id"]) === String(row["fulfillment_id"]))
      .map((row) => String(row["fulfillment_id"]));
    return this.#kept([...new Set(ids)], [...new Set(standalone)]);
  }

  /** How the reconcile job settled an attempt. */
  async settle(
    shipmentKey: string,
    state: "cancelled" | "abandoned" | "failed",
    packageId?: number,
  ): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = $2, package_id = coalesce($3, package_id), updated_at = now() where shipment_key = $1`,
      [shipmentKey, state, packageId ?? null],
    );
  }

  /** One attempt by its shipment name (for diagnostics and tests). */
  async get(shipmentKey: string): Promise<Attempt | undefined> {
    const { rows } = await this.#query(
      `select shipment_key, order_id, fulfillment_id, state, package_id from ${TABLE} where shipment_key = $1`,
      [shipmentKey],
    );
    return rows[0] as Attempt | undefined;
  }

  async close(): Promise<void> {
    if (this.#ownsPool) await this.#pool.end();
  }
}
