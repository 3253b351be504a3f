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
// reconcile job. Each shipment attempt also holds the quantities of its order
// lines while it runs and once it shipped, so a second fulfilment of items
// already fulfilled or being fulfilled (the same request sent twice) is
// refused before anything reaches the service, also when two race. An attempt
// the service or core refused as invalid is `refused`: final, never taken over.
import pg from "pg";
import { PluginError } from "./plugin-error.ts";

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

/**
 * The lines an attempt would over-fulfil, described: for each line of
 * `lines` whose ordered quantity is known, what Medusa counts as fulfilled
 * (or, when more, what shipped attempts hold) plus what running attempts hold
 * plus the attempt's own quantity must not exceed what was ordered.
 */
function overFulfilled(
  lines: Readonly<Record<string, number>> | undefined,
  order: Readonly<Record<string, OrderedLine>> | undefined,
  others: readonly { state: string; lines: unknown }[],
): string[] {
  if (lines === undefined || order === undefined) return [];
  const held = (state: string, line: string) =>
    others
      .filter((other) => other.state === state)
      .reduce((sum, other) => {
        const quantity = (other.lines as Record<string, unknown> | null)?.[line];
        return sum + (typeof quantity === "number" ? quantity : 0);
      }, 0);
  const over: string[] = [];
  for (const [line, quantity] of Object.entries(lines)) {
    const ordered = order[line]?.ordered;
    if (ordered === undefined) continue;
    const fulfilled = Math.max(order[line]?.fulfilled ?? 0, held("shipped", line));
    const running = held("running", line);
    if (fulfilled + running + quantity > ordered) {
      over.push(
        `line ${line}: ${ordered} ordered, ${fulfilled} fulfilled, ${running} being fulfilled, ${quantity} asked`,
      );
    }
  }
  return over;
}

/** A run's hold on its attempt: renewed on a timer until `stop`. */
export interface AttemptLease {
  /** Stops renewing (and waits for a renewal under way). */
  stop(): Promise<void>;
}

export interface AttemptLedgerOptions {
  /** How long a running attempt's lease lasts without renewal; `ATTEMPT_LEASE_MS` unless given (tests). */
  readonly leaseMs?: number;
}

const TABLE = "shipbridge_medusa_shipment_attempt";
/** An attempt a retry may take over: it failed, or its run's lease (`$5` ms) lapsed. */
const TAKEABLE = `(state = 'failed' or (state = 'running'
  and updated_at <= now() - ($5::double precision * interval '1 millisecond')))`;

export class AttemptLedger {
  readonly #pool: pg.Pool;
  #ready: Promise<void> | undefined;
  /** How long a running attempt's lease lasts without renewal. */
  readonly leaseMs: number;

  constructor(databaseUrl: string, options: AttemptLedgerOptions = {}) {
    this.leaseMs = options.leaseMs ?? ATTEMPT_LEASE_MS;
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle client's error must not crash the process; the next query reports it.
    this.#pool.on("error", () => {});
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
   * same order and items that failed (an admin's retry after the provider
   * threw) or whose run's lease lapsed (its process died mid-run), taken over
   * once; else `fresh`, the name derived from the fulfillment id. While
   * another run of the same order and items is running, it waits (at most
   * one lease) for that run to finish or its lease to lapse, so a retry
   * right after a crash still finds the dead run's package. The caller then
   * holds the attempt's lease (`hold`) while its run works.
   *
   * With `lines` (line id to quantity) and `order` (each line's ordered and
   * fulfilled quantity, as Medusa says), a new attempt is refused (a
   * PluginError `already_fulfilled`) when its quantities and those fulfilled
   * or held by other attempts (running with a live lease, or shipped) exceed
   * what was ordered. The check and the new attempt are one transaction under
   * the order's advisory lock, so of two racing requests one ships.
   */
  async begin(entry: {
    storeId: string;
    orderId: string;
    signature: string;
    fulfillmentId: string;
    fresh: string;
    lines?: Readonly<Record<string, number>>;
    order?: Readonly<Record<string, OrderedLine>>;
  }): Promise<string> {
    const waitUntil = Date.now() + this.leaseMs + Math.ceil(this.leaseMs / 6);
    for (;;) {
      const step = await this.#transaction((client) => this.#beginOnce(client, entry, waitUntil));
      if (typeof step === "string") return step;
      await new Promise((resolve) => setTimeout(resolve, Math.max(10, step.waitMs)));
    }
  }

  /** One try of `begin`: a name, or how long to wait for a running run of the same items. */
  async #beginOnce(
    client: pg.PoolClient,
    entry: Parameters<AttemptLedger["begin"]>[0],
    waitUntil: number,
  ): Promise<string | { waitMs: number }> {
    await client.query("select pg_advisory_xact_lock(hashtext($1))", [
      `shipbridge-attempt:${entry.storeId}:${entry.orderId}`,
    ]);
    const same = await client.query(
      `update ${TABLE} set state = 'running', updated_at = now()
        where store_id = $1 and fulfillment_id = $2
          and state in ('running', 'failed', 'shipped', 'refused')
        returning shipment_key`,
      [entry.storeId, entry.fulfillmentId],
    );
    if (same.rows[0] !== undefined) return String(same.rows[0]["shipment_key"]);
    const taken = await client.query(
      `update ${TABLE} set state = 'running', fulfillment_id = $4, updated_at = now()
        where shipment_key = (
          select shipment_key from ${TABLE}
           where store_id = $1 and order_id = $2 and signature = $3 and ${TAKEABLE}
           order by created_at limit 1 for update skip locked)
          and ${TAKEABLE}
        returning shipment_key`,
      [entry.storeId, entry.orderId, entry.signature, entry.fulfillmentId, this.leaseMs],
    );
    if (taken.rows[0] !== undefined) return String(taken.rows[0]["shipment_key"]);
    // What the order's other attempts hold: running ones with a live lease,
    // and shipped ones (Medusa may not have counted them as fulfilled yet).
    const others = await client.query(
      `select signature, state, lines,
              greatest(0, extract(epoch from updated_at - now()) * 1000 + $4::double precision) as left_ms
         from ${TABLE}
        where store_id = $1 and order_id = $2 and fulfillment_id <> $3
          and (state = 'shipped' or (state = 'running'
            and updated_at > now() - ($4::double precision * interval '1 millisecond')))`,
      [entry.storeId, entry.orderId, entry.fulfillmentId, this.leaseMs],
    );
    const rows = others.rows as {
      signature: string;
      state: string;
      lines: unknown;
      left_ms: unknown;
    }[];
    // A run of the same order and items that has not finished may be one
    // whose process just died: wait for its lease to lapse (at most one
    // lease) and take it over; one still renewing after that is live.
    const sameRunning = rows.filter(
      (r) => r.state === "running" && r.signature === entry.signature,
    );
    const now = Date.now();
    if (sameRunning.length > 0 && now < waitUntil) {
      const left = Math.min(...sameRunning.map((r) => Number(r.left_ms)));
      return { waitMs: Math.min(left + 10, waitUntil - now) };
    }
    const over = overFulfilled(entry.lines, entry.order, rows);
    if (over.length > 0) {
      throw new PluginError(
        "already_fulfilled",
        "invalid_data",
        `Cannot ship more items than were ordered: ${over.join("; ")}. Nothing was sent to the shipping service.`,
      );
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

  /** The run shipped its package. */
  async shipped(shipmentKey: string, packageId: number): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = 'shipped', package_id = $2, updated_at = now() where shipment_key = $1`,
      [shipmentKey, packageId],
    );
  }

  /**
   * The run was refused as invalid (by core or the service): final. Its
   * name is never taken over (a retry after the merchant fixed the order
   * ships under a name of its own) and it holds no quantities.
   */
  async refused(shipmentKey: string, fulfillmentId: string): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = 'refused', updated_at = now()
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
   * Takes, once, the attempts of a store that failed at least `graceMs` ago
   * (or whose run has not renewed its lease for `staleMs`, its process gone),
   * for the reconcile job to settle. `staleMs` is never shorter than the
   * lease plus `graceMs`: a lapsed run waits for the admin's retry as long as
   * a failed one, and a live run (its lease renewed) is never taken.
   */
  async takeUnclaimed(storeId: string, graceMs: number, staleMs: number): Promise<Attempt[]> {
    staleMs = Math.max(staleMs, this.leaseMs + graceMs);
    const { rows } = await this.#query(
      `update ${TABLE} set state = 'reconciling', updated_at = now()
        where store_id = $1 and (
          (state = 'failed' and updated_at <= now() - ($2::double precision * interval '1 millisecond'))
          or (state = 'running' and updated_at <= now() - ($3::double precision * interval '1 millisecond')))
        returning shipment_key, order_id, fulfillment_id, state, package_id`,
      [storeId, graceMs, staleMs],
    );
    return rows as Attempt[];
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
    await this.#pool.end();
  }
}
