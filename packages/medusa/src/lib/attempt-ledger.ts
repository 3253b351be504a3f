// The ledger of shipment attempts, in PostgreSQL beside the tokens: which
// shipment name (the package's reference at the service) belongs to which
// fulfillment, and whether its run finished. A fulfillment's name comes from
// its id; when a run throws (maybe after the service charged), Medusa deletes
// the fulfillment and the admin's retry brings a new id, so the retry of the
// same order and items takes over the failed attempt's name and finds its
// package. Attempts nobody took over are settled by the reconcile job.
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

const TABLE = "shipbridge_medusa_shipment_attempt";

export class AttemptLedger {
  readonly #pool: pg.Pool;
  #ready: Promise<void> | undefined;

  constructor(databaseUrl: string) {
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
   * already (the same fulfillment again); else the name of a failed attempt
   * of the same order and items, taken over once (an admin's retry after the
   * provider threw); else `fresh`, the name derived from the fulfillment id.
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
    const taken = await this.#query(
      `update ${TABLE} set state = 'running', fulfillment_id = $4, updated_at = now()
        where shipment_key = (
          select shipment_key from ${TABLE}
           where store_id = $1 and order_id = $2 and signature = $3 and state = 'failed'
           order by created_at limit 1 for update skip locked)
          and state = 'failed'
        returning shipment_key`,
      [entry.storeId, entry.orderId, entry.signature, entry.fulfillmentId],
    );
    if (taken.rows[0] !== undefined) return String(taken.rows[0]["shipment_key"]);
    await this.#query(
      `insert into ${TABLE} (shipment_key, store_id, order_id, signature, fulfillment_id, state)
        values ($1, $2, $3, $4, $5, 'running') on conflict (shipment_key) do nothing`,
      [entry.fresh, entry.storeId, entry.orderId, entry.signature, entry.fulfillmentId],
    );
    return entry.fresh;
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

  /** The run threw: its name waits for a retry to take it over, or for the reconcile job. */
  async failed(shipmentKey: string): Promise<void> {
    await this.#query(
      `update ${TABLE} set state = 'failed', updated_at = now() where shipment_key = $1 and state = 'running'`,
      [shipmentKey],
    );
  }

  /**
   * Takes, once, the attempts of a store that failed at least `graceMs` ago
   * (or whose run has said nothing for `staleMs`, its process gone), for the
   * reconcile job to settle.
   */
  async takeUnclaimed(storeId: string, graceMs: number, staleMs: number): Promise<Attempt[]> {
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
