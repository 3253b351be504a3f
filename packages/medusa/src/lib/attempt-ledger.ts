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
// reconcile job.
import pg from "pg";

export type AttemptState =
  | "running"
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
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now())`,
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
   */
  async begin(entry: {
    storeId: string;
    orderId: string;
    signature: string;
    fulfillmentId: string;
    fresh: string;
  }): Promise<string> {
    const same = await this.#query(
      `update ${TABLE} set state = 'running', updated_at = now()
        where store_id = $1 and fulfillment_id = $2 and state in ('running', 'failed', 'shipped')
        returning shipment_key`,
      [entry.storeId, entry.fulfillmentId],
    );
    if (same.rows[0] !== undefined) return String(same.rows[0]["shipment_key"]);
    // A run of the same order and items that has not finished may be one
    // whose process just died: wait for its lease to lapse (at most one
    // lease) and take it over; one still renewing after that is live.
    const waitUntil = Date.now() + this.leaseMs + Math.ceil(this.leaseMs / 6);
    for (;;) {
      const taken = await this.#query(
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
      const running = await this.#query(
        `select greatest(0, extract(epoch from updated_at - now()) * 1000 + $5::double precision) as left_ms
           from ${TABLE}
          where store_id = $1 and order_id = $2 and signature = $3 and state = 'running'
            and fulfillment_id <> $4
          order by updated_at limit 1`,
        [entry.storeId, entry.orderId, entry.signature, entry.fulfillmentId, this.leaseMs],
      );
      const left = running.rows[0] === undefined ? undefined : Number(running.rows[0]["left_ms"]);
      const now = Date.now();
      if (left === undefined || now >= waitUntil) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(left + 10, waitUntil - now)));
    }
    await this.#query(
      `insert into ${TABLE} (shipment_key, store_id, order_id, signature, fulfillment_id, state)
        values ($1, $2, $3, $4, $5, 'running') on conflict (shipment_key) do nothing`,
      [entry.fresh, entry.storeId, entry.orderId, entry.signature, entry.fulfillmentId],
    );
    return entry.fresh;
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
