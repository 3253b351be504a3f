// Shipping orders in batches: a batch and its items are rows in the demo's
// database, and each item is a pg-boss job whose id derives from the batch,
// store and order, so queueing it again (after a crash between the rows and
// the jobs) adds nothing. A job never ships twice: the Shopify app's own
// ship path runs once per order, and a Medusa order gets a fulfillment only
// while it has no live one (checked under a lock on the order; the
// provider's shipment key finds an earlier attempt's package besides). At
// start, jobs a killed run left active are failed, so they are retried.
import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import { PgBoss } from "pg-boss";
import { failStaleJobs } from "./stale-jobs.ts";

export const SHIP_QUEUE = "demo-ship-order";
/** Retries of one order's job (about five minutes with backoff); then the item failed. */
const RETRY_LIMIT = 12;

export type StoreName = "shopify" | "medusa";

export interface BatchOrder {
  readonly store: StoreName;
  readonly id: string;
}

export interface BatchView {
  readonly id: string;
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly state: "running" | "finished";
  readonly createdAt: string;
}

/**
 * A batch item's state: `queued` and `running` (its job has not handed the
 * order to the store yet), `sent` (handed to a store that ships on its own
 * time: shipping until the store says shipped or failed), `done`, `failed`.
 */
export type ItemState = "queued" | "running" | "sent" | "done" | "failed";

export interface LatestItem {
  readonly state: ItemState;
  readonly error: string | null;
  /** ISO time of the item's last change. */
  readonly updatedAt: string;
}

/** The latest batch item of each order, by `itemKey`. */
export interface InFlight {
  readonly items: ReadonlyMap<string, LatestItem>;
}

/** How an item's order stands at its store once its job has run. */
export type ItemOutcome = "done" | "failed" | "pending";

export interface BatchShippers {
  /** Ships one order (safe to repeat); answers failed with a reason when refused. */
  ship(order: BatchOrder): Promise<{ state: "sent" | "done" | "failed"; error?: string }>;
  /** For items sent to a store that ships on its own time: how they stand now. */
  outcomes(orders: readonly BatchOrder[]): Promise<Map<string, ItemOutcome>>;
}

interface ShipJob {
  readonly batchId: string;
  readonly store: StoreName;
  readonly orderId: string;
}

/** A UUID from a name (the layout of a version-5 UUID over SHA-256). */
function jobId(batchId: string, store: string, orderId: string): string {
  const hex = createHash("sha256").update(`${batchId}/${store}/${orderId}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export const itemKey = (order: BatchOrder) => `${order.store}:${order.id}`;

export class Batches {
  readonly #pool: pg.Pool;
  readonly #boss: PgBoss;
  readonly #shippers: BatchShippers;

  constructor(pool: pg.Pool, databaseUrl: string, shippers: BatchShippers) {
    this.#pool = pool;
    this.#shippers = shippers;
    this.#boss = new PgBoss({ connectionString: databaseUrl, max: 3 });
    this.#boss.on("error", () => {});
  }

  async start(): Promise<void> {
    await this.#boss.start();
    await this.#boss.createQueue(SHIP_QUEUE, {
      retryLimit: RETRY_LIMIT,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 30,
      expireInSeconds: 300,
    });
    await failStaleJobs(this.#boss, [SHIP_QUEUE]);
    await this.#requeueUnsent();
    await this.#boss.work<ShipJob>(
      SHIP_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 1, localConcurrency: 2, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        try {
          await this.#run(job.data);
        } catch (error) {
          // The last try: the item failed with the reason, so the batch can finish.
          if (job.retryCount < RETRY_LIMIT) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          await this.#setState(job.data, "failed", reason, ["queued", "running"]);
        }
      },
    );
  }

  /**
   * Takes no more jobs; a job still running after a few seconds is handed
   * back (left active, so the next start fails it and it is retried at once).
   */
  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 3_000 });
  }

  async create(orders: readonly BatchOrder[]): Promise<BatchView> {
    const unique = [...new Map(orders.map((order) => [itemKey(order), order])).values()];
    const id = randomUUID();
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("INSERT INTO demo_batches (id) VALUES ($1)", [id]);
      for (const order of unique) {
        await client.query(
          "INSERT INTO demo_batch_items (batch_id, store, order_id) VALUES ($1, $2, $3)",
          [id, order.store, order.id],
        );
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
    await this.#send(id, unique);
    return this.get(id) as Promise<BatchView>;
  }

  async #send(batchId: string, orders: readonly BatchOrder[]): Promise<void> {
    if (orders.length === 0) return;
    await this.#boss.insert(
      SHIP_QUEUE,
      orders.map((order) => ({
        id: jobId(batchId, order.store, order.id),
        data: { batchId, store: order.store, orderId: order.id } satisfies ShipJob,
      })),
    );
  }

  /** Items whose jobs may never have been sent (a crash right after the rows): send them. */
  async #requeueUnsent(): Promise<void> {
    const { rows } = await this.#pool.query(
      "SELECT batch_id, store, order_id FROM demo_batch_items WHERE state IN ('queued', 'running')",
    );
    const byBatch = new Map<string, BatchOrder[]>();
    for (const row of rows) {
      const list = byBatch.get(row.batch_id) ?? [];
      list.push({ store: row.store, id: row.order_id });
      byBatch.set(row.batch_id, list);
    }
    for (const [batchId, orders] of byBatch) {
      // The same ids as before: jobs that exist are left as they are.
      await this.#send(batchId, orders);
    }
  }

  async #run(job: ShipJob): Promise<void> {
    const order: BatchOrder = { store: job.store, id: job.orderId };
    await this.#setState(job, "running", null, ["queued", "running"]);
    const result = await this.#shippers.ship(order);
    await this.#setState(job, result.state, result.error ?? null, ["queued", "running"]);
  }

  async #setState(
    job: ShipJob,
    state: string,
    error: string | null,
    from: string[],
  ): Promise<void> {
    await this.#pool.query(
      `UPDATE demo_batch_items SET state = $4, error = $5, updated_at = now()
       WHERE batch_id = $1 AND store = $2 AND order_id = $3 AND state = ANY($6)`,
      [job.batchId, job.store, job.orderId, state, error, from],
    );
  }

  /** Each order's latest batch item: how it stands, and since when (see `ItemState`). */
  async inFlight(): Promise<InFlight> {
    const { rows } = await this.#pool.query(
      `SELECT DISTINCT ON (store, order_id) store, order_id, state, error, updated_at
       FROM demo_batch_items ORDER BY store, order_id, updated_at DESC`,
    );
    const items = new Map<string, LatestItem>();
    for (const row of rows) {
      items.set(itemKey({ store: row.store, id: row.order_id }), {
        state: row.state as ItemState,
        error: (row.error as string | null) ?? null,
        updatedAt: (row.updated_at as Date).toISOString(),
      });
    }
    return { items };
  }

  async get(id: string): Promise<BatchView | undefined> {
    const batches = await this.#views("WHERE b.id::text = $1", [id]);
    return batches[0];
  }

  async list(): Promise<BatchView[]> {
    return this.#views("", []);
  }

  async #views(where: string, params: unknown[]): Promise<BatchView[]> {
    const { rows } = await this.#pool.query(
      `SELECT b.id, b.created_at, i.store, i.order_id, i.state
       FROM demo_batches b JOIN demo_batch_items i ON i.batch_id = b.id ${where}
       ORDER BY b.created_at DESC`,
      params,
    );
    const sent = rows
      .filter((row) => row.state === "sent")
      .map((row) => ({ store: row.store as StoreName, id: row.order_id as string }));
    const outcomes = sent.length > 0 ? await this.#shippers.outcomes(sent) : new Map();
    const views = new Map<
      string,
      { id: string; createdAt: string; total: number; done: number; failed: number }
    >();
    for (const row of rows) {
      const view = views.get(row.id) ?? {
        id: row.id as string,
        createdAt: (row.created_at as Date).toISOString(),
        total: 0,
        done: 0,
        failed: 0,
      };
      views.set(row.id, view);
      view.total += 1;
      const outcome =
        row.state === "sent"
          ? outcomes.get(itemKey({ store: row.store, id: row.order_id }))
          : row.state;
      if (outcome === "done") view.done += 1;
      if (outcome === "failed") view.failed += 1;
    }
    return [...views.values()].map((view) => ({
      ...view,
      state: view.done + view.failed >= view.total ? "finished" : "running",
    }));
  }
}
