// The dashboard's batch: one "Ship selected" across both stores. It ships
// nothing itself: each store gets its own batch of its orders (through the
// store's batch API), and the demo's batch row remembers which store batches
// are its parts, so the two read as one (one bar, one time left). A part's
// store batch is started under the demo batch's id, so starting it again (a
// repeat, or a restart after a crash between the row and the store's answer)
// finds the same store batch and ships nothing twice. The same request key
// (a double click) gives the same demo batch. Once a part's store batch has
// finished, what became of each of its orders is kept with the part.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Language } from "./language.ts";
import {
  STORES,
  type StoreBatches,
  type StoreBatchState,
  type StoreName,
  type StoreOrderOutcome,
} from "./store-batch.ts";

export interface BatchOrder {
  readonly store: StoreName;
  readonly id: string;
}

/** One store's part of a demo batch. */
export interface BatchPartView {
  readonly store: StoreName;
  /** The store's own batch id, once the store has taken the batch. */
  readonly storeBatchId: string | null;
  /**
   * `starting` (not taken by the store yet), `running`, `finished`, `empty`
   * (the store found none of its orders could ship), or `refused` (the store
   * refused the batch as asked: `error` says why).
   */
  readonly state: "starting" | "running" | "finished" | "empty" | "refused";
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly skipped: number;
  /** Why the store has not taken it yet (it is asked again). */
  readonly error: string | null;
}

export interface BatchView {
  readonly id: string;
  readonly createdAt: string;
  readonly state: "running" | "finished";
  readonly total: number;
  /** Orders shipped. */
  readonly done: number;
  /** Orders that could not ship (their problems are on their rows). */
  readonly failed: number;
  /** Orders left out: cancelled, or shipped already, when their store came to them. */
  readonly skipped: number;
  /** One bar over both stores, in orders (a store's own steps count as parts of an order). */
  readonly progress: { readonly value: number; readonly max: number };
  /** The time left, once known: the longer of the stores' (they run side by side). */
  readonly remainingMs: number | null;
  readonly parts: readonly BatchPartView[];
}

/** How an order of a recent batch stands in it (the latest batch of the order wins). */
export interface OrderInBatch {
  readonly state: StoreOrderOutcome;
  readonly problems: readonly { path: string; rule: string; message: string }[];
  /** ISO time of the batch. */
  readonly since: string;
}

export interface InFlight {
  /** By `itemKey`. */
  readonly items: ReadonlyMap<string, OrderInBatch>;
}

export const itemKey = (order: BatchOrder) => `${order.store}:${order.id}`;

/** How often parts no store has taken yet are offered again. */
const RESTART_PARTS_MS = 3_000;
/** How much of a part must be done before its rate so far estimates the rest. */
const RATE_AFTER = 0.1;
/** Batches the list and the order statuses look at. */
const RECENT_BATCHES = 20;

interface PartRow {
  readonly batchId: string;
  readonly createdAt: Date;
  readonly store: StoreName;
  readonly orderIds: readonly string[];
  readonly storeBatchId: string | null;
  readonly state: BatchPartView["state"];
  readonly error: string | null;
  /** The store's batch as it finished. */
  readonly result: StoreBatchState | null;
}

function toPart(row: Record<string, unknown>): PartRow {
  return {
    batchId: row.batch_id as string,
    createdAt: row.created_at as Date,
    store: row.store as StoreName,
    orderIds: row.order_ids as string[],
    storeBatchId: (row.store_batch_id as string | null) ?? null,
    state: row.state as PartRow["state"],
    error: (row.error as string | null) ?? null,
    result: (row.result as StoreBatchState | null) ?? null,
  };
}

const PART_COLUMNS = `p.batch_id, b.created_at, p.store, p.order_ids, p.store_batch_id, p.state, p.error, p.result`;

export class Batches {
  readonly #pool: pg.Pool;
  readonly #stores: ReadonlyMap<StoreName, StoreBatches>;
  #timer: NodeJS.Timeout | undefined;
  /** Each running part's store batch as last seen: a store that does not answer for a moment keeps its bar. */
  readonly #lastSeen = new Map<string, StoreBatchState>();
  #starting: Promise<void> | undefined;
  #stopped = false;

  constructor(pool: pg.Pool, stores: readonly StoreBatches[]) {
    this.#pool = pool;
    this.#stores = new Map(stores.map((store) => [store.store, store]));
  }

  /** Offers every part no store has taken yet again (after a crash), and keeps doing so. */
  start(): void {
    this.#stopped = false;
    const tick = () => {
      this.#timer = setTimeout(async () => {
        await this.#startParts().catch(() => {});
        if (!this.#stopped) tick();
      }, RESTART_PARTS_MS);
    };
    void this.#startParts().catch(() => {});
    tick();
  }

  /** Offers nothing more to the stores; what they run goes on in them. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#starting?.catch(() => {});
  }

  /**
   * A batch of `orders` (each store's part its own store batch). The same
   * `requestKey` answers the batch it made before, whatever the orders.
   */
  async create(orders: readonly BatchOrder[], requestKey?: string): Promise<BatchView> {
    const unique = [...new Map(orders.map((order) => [itemKey(order), order])).values()];
    const key = requestKey ?? randomUUID();
    const client = await this.#pool.connect();
    let id: string;
    try {
      await client.query("BEGIN");
      const made = await client.query(
        `INSERT INTO demo_batches (id, request_key) VALUES ($1, $2)
         ON CONFLICT (request_key) DO NOTHING RETURNING id`,
        [randomUUID(), key],
      );
      if (made.rows[0]) {
        id = made.rows[0].id as string;
        for (const store of STORES) {
          const ids = unique.filter((order) => order.store === store).map((order) => order.id);
          if (ids.length === 0) continue;
          await client.query(
            "INSERT INTO demo_batch_parts (batch_id, store, order_ids) VALUES ($1, $2, $3)",
            [id, store, JSON.stringify(ids)],
          );
        }
      } else {
        const found = await client.query("SELECT id FROM demo_batches WHERE request_key = $1", [
          key,
        ]);
        id = found.rows[0].id as string;
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    await this.#startParts(id);
    return (await this.get(id, "en")) as BatchView;
  }

  /** Hands each part not taken yet to its store (all batches', or one's). */
  async #startParts(batchId?: string): Promise<void> {
    const run = async () => {
      const { rows } = await this.#pool.query(
        `SELECT ${PART_COLUMNS} FROM demo_batch_parts p JOIN demo_batches b ON b.id = p.batch_id
         WHERE p.state = 'starting' ${batchId ? "AND p.batch_id = $1" : ""}`,
        batchId ? [batchId] : [],
      );
      await Promise.all(rows.map((row) => this.#startPart(toPart(row))));
    };
    // One at a time: a part is never offered twice at once from here.
    const previous = this.#starting ?? Promise.resolve();
    const next = previous.catch(() => {}).then(run);
    this.#starting = next;
    await next;
  }

  async #startPart(part: PartRow): Promise<void> {
    const store = this.#stores.get(part.store);
    if (!store) return;
    try {
      const storeBatchId = await store.start(part.batchId, part.orderIds);
      await this.#pool.query(
        `UPDATE demo_batch_parts SET store_batch_id = $3, state = $4, error = NULL
         WHERE batch_id = $1 AND store = $2 AND state = 'starting'`,
        [part.batchId, part.store, storeBatchId, storeBatchId === null ? "empty" : "running"],
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A refusal is final; anything else is offered again.
      const refused = (error as { final?: unknown }).final === true;
      await this.#pool.query(
        `UPDATE demo_batch_parts SET error = $3, state = $4
         WHERE batch_id = $1 AND store = $2 AND state = 'starting'`,
        [part.batchId, part.store, reason, refused ? "refused" : "starting"],
      );
    }
  }

  /** The store batch of a part as it stands now; a finished one is kept with the part. */
  async #partState(part: PartRow, language: Language): Promise<StoreBatchState | undefined> {
    if (part.state === "finished" && part.result) return part.result;
    if (part.state !== "running" || part.storeBatchId === null) return undefined;
    const store = this.#stores.get(part.store);
    const seen = `${part.batchId}:${part.store}`;
    const state =
      (await store?.state(part.storeBatchId, language).catch(() => undefined)) ??
      this.#lastSeen.get(seen);
    if (state && !state.finished) this.#lastSeen.set(seen, state);
    if (state?.finished) {
      this.#lastSeen.delete(seen);
      await this.#pool.query(
        `UPDATE demo_batch_parts SET state = 'finished', result = $3
         WHERE batch_id = $1 AND store = $2`,
        [part.batchId, part.store, JSON.stringify(state)],
      );
    }
    return state;
  }

  async #parts(where: string, params: unknown[]): Promise<PartRow[]> {
    const { rows } = await this.#pool.query(
      `SELECT ${PART_COLUMNS} FROM demo_batch_parts p JOIN demo_batches b ON b.id = p.batch_id
       ${where} ORDER BY b.created_at DESC`,
      params,
    );
    // Each batch's parts in the stores' order.
    return rows
      .map(toPart)
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() ||
          a.batchId.localeCompare(b.batchId) ||
          STORES.indexOf(a.store) - STORES.indexOf(b.store),
      );
  }

  async get(id: string, language: Language): Promise<BatchView | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const parts = await this.#parts("WHERE p.batch_id = $1", [id]);
    if (parts.length === 0) return undefined;
    return this.#view(parts, language);
  }

  /** The newest batches first. */
  async list(language: Language): Promise<BatchView[]> {
    const parts = await this.#parts(
      `WHERE p.batch_id IN (SELECT id FROM demo_batches ORDER BY created_at DESC LIMIT ${RECENT_BATCHES})`,
      [],
    );
    const byBatch = new Map<string, PartRow[]>();
    for (const part of parts)
      byBatch.set(part.batchId, [...(byBatch.get(part.batchId) ?? []), part]);
    return Promise.all([...byBatch.values()].map((batch) => this.#view(batch, language)));
  }

  /**
   * The store and its batch of a demo batch's part in `store` (for its files
   * and courier); undefined when the batch has no such part, or the store has
   * not taken it yet.
   */
  async part(
    id: string,
    store: StoreName,
  ): Promise<{ readonly store: StoreBatches; readonly storeBatchId: string } | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [part] = await this.#parts("WHERE p.batch_id = $1 AND p.store = $2", [id, store]);
    const batches = this.#stores.get(store);
    if (!part?.storeBatchId || !batches) return undefined;
    return { store: batches, storeBatchId: part.storeBatchId };
  }

  /** The store batches of both stores (for what is not about one batch: the reckoning). */
  stores(): readonly StoreBatches[] {
    return [...this.#stores.values()];
  }

  async #view(parts: readonly PartRow[], language: Language): Promise<BatchView> {
    const first = parts[0] as PartRow;
    const states = await Promise.all(parts.map((part) => this.#partState(part, language)));
    const views: BatchPartView[] = [];
    const elapsed = Date.now() - first.createdAt.getTime();
    let value = 0;
    let max = 0;
    // The parts run side by side: the batch takes as long as its slowest.
    let remaining: number | null = null;
    let unknown = false;
    parts.forEach((part, index) => {
      const state = states[index];
      const total = part.orderIds.length;
      const settled = part.state === "empty" || part.state === "refused";
      const finished = settled || state?.finished === true;
      const fraction = finished
        ? 1
        : state && state.progress.max > 0
          ? Math.min(1, state.progress.value / state.progress.max)
          : 0;
      value += fraction * total;
      max += total;
      if (!finished) {
        // The store's own estimate, else the part's rate so far (once a
        // tenth of it is done: the first steps say little of the rest).
        const estimate =
          state?.remainingMs ??
          (fraction >= RATE_AFTER ? (elapsed * (1 - fraction)) / fraction : null);
        if (estimate === null) unknown = true;
        else remaining = Math.max(remaining ?? 0, estimate);
      }
      views.push({
        store: part.store,
        storeBatchId: part.storeBatchId,
        state: settled ? part.state : finished ? "finished" : part.state,
        total,
        done: state?.shipped ?? 0,
        failed: part.state === "refused" ? total : (state?.failed ?? 0),
        skipped: part.state === "empty" ? total : (state?.skipped ?? 0),
        error: part.error,
      });
    });
    const finished = views.every((part) => ["finished", "empty", "refused"].includes(part.state));
    return {
      id: first.batchId,
      createdAt: first.createdAt.toISOString(),
      state: finished ? "finished" : "running",
      total: max,
      done: views.reduce((sum, part) => sum + part.done, 0),
      failed: views.reduce((sum, part) => sum + part.failed, 0),
      skipped: views.reduce((sum, part) => sum + part.skipped, 0),
      progress: { value: finished ? max : Math.round(value * 100) / 100, max },
      remainingMs: finished ? 0 : unknown || remaining === null ? null : Math.round(remaining),
      parts: views,
    };
  }

  /** How each order of the recent batches stands in its latest one. */
  async inFlight(language: Language): Promise<InFlight> {
    const parts = await this.#parts(
      `WHERE p.batch_id IN (SELECT id FROM demo_batches ORDER BY created_at DESC LIMIT ${RECENT_BATCHES})`,
      [],
    );
    const items = new Map<string, OrderInBatch>();
    // Newest first: an order's latest batch is the first seen.
    for (const part of parts) {
      const since = part.createdAt.toISOString();
      const fresh = part.orderIds.filter((id) => !items.has(itemKey({ store: part.store, id })));
      if (fresh.length === 0 || part.state === "empty") {
        for (const id of fresh) items.set(itemKey({ store: part.store, id }), skipped(since));
        continue;
      }
      if (part.state === "refused") {
        const problems = [{ path: "order", rule: "refused", message: part.error ?? "" }];
        for (const id of fresh) {
          items.set(itemKey({ store: part.store, id }), { state: "failed", problems, since });
        }
        continue;
      }
      const state = await this.#partState(part, language);
      const outcomes = new Map(state?.orders.map((order) => [order.orderId, order]) ?? []);
      for (const id of fresh) {
        const order = outcomes.get(id);
        items.set(itemKey({ store: part.store, id }), {
          state: order?.outcome ?? (state?.finished ? "skipped" : "shipping"),
          problems: order?.problems ?? [],
          since,
        });
      }
    }
    return { items };
  }
}

const skipped = (since: string): OrderInBatch => ({ state: "skipped", problems: [], since });
