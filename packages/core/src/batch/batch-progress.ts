// The counts shipBatch reports as it goes (created, ordered, labelled,
// failed) and its estimate of the time left. The estimate is known once one
// chunk's order command is final: from then on each chunk still to come is
// expected to be sent when the orders before it are created, at the pace
// measured so far, to take as long to be ordered as the chunks before it
// did, and its labels as long again after that (until a label has been seen
// ready: then as long as they took). The time left is until the last of
// them. A callback that throws is ignored: progress never stops a batch.
import type { BatchProgress } from "./ship-batch-types.ts";

type Event = BatchProgress["event"];

interface ChunkTimes {
  /** Orders of the chunk not yet created (nor failed). */
  pending: number;
  /** Nothing more to wait for (labelled, or every order failed or left to shipOrder). */
  closed: boolean;
  sentAt?: number;
  finalAt?: number;
  labelledAt?: number;
}

export class BatchProgressTracker {
  readonly #total: number;
  readonly #report: ((progress: BatchProgress) => void) | undefined;
  readonly #now: () => number;
  readonly #startedAt: number;
  readonly #chunks: ChunkTimes[];
  #created = 0;
  #ordered = 0;
  #labelled = 0;
  #failed = 0;
  /** Orders that went through creation (created or failed there). */
  #prepared = 0;

  constructor(
    chunkSizes: readonly number[],
    report: ((progress: BatchProgress) => void) | undefined,
    now: () => number = Date.now,
  ) {
    this.#total = chunkSizes.reduce((sum, size) => sum + size, 0);
    this.#report = report;
    this.#now = now;
    this.#startedAt = now();
    this.#chunks = chunkSizes.map((size) => ({ pending: size, closed: false }));
  }

  /** An order's package exists (created or found); `chunk` unless it was settled already. */
  created(orderId: string, chunk?: number): void {
    this.#created++;
    if (chunk !== undefined) this.#settle(chunk);
    this.#emit("created", orderId);
  }

  /** An order is left to another run for now: its chunk does not wait for it. */
  deferred(chunk: number): void {
    this.#settle(chunk);
  }

  /** An order's package is ordered. */
  ordered(orderId: string): void {
    this.#ordered++;
    this.#emit("ordered", orderId);
  }

  /** An order's label is ready. */
  labelled(orderId: string): void {
    this.#labelled++;
    this.#emit("labelled", orderId);
  }

  /** An order will not ship in this run; `beforeCreation` when it failed before its package existed. */
  failed(orderId: string, chunk: number, beforeCreation: boolean): void {
    this.#failed++;
    if (beforeCreation) this.#settle(chunk);
    this.#emit("failed", orderId);
  }

  chunkSent(chunk: number): void {
    const times = this.#chunks[chunk];
    if (times !== undefined) times.sentAt ??= this.#now();
  }

  chunkFinal(chunk: number): void {
    const times = this.#chunks[chunk];
    if (times !== undefined) times.finalAt ??= this.#now();
  }

  chunkLabelled(chunk: number): void {
    const times = this.#chunks[chunk];
    if (times === undefined) return;
    times.labelledAt ??= this.#now();
    times.closed = true;
  }

  /** The chunk has nothing more to wait for. */
  chunkClosed(chunk: number): void {
    const times = this.#chunks[chunk];
    if (times !== undefined) times.closed = true;
  }

  done(): void {
    this.#emit("done");
  }

  #settle(chunk: number): void {
    this.#prepared++;
    const times = this.#chunks[chunk];
    if (times !== undefined) times.pending = Math.max(0, times.pending - 1);
  }

  /** Milliseconds until every order is labelled or failed; undefined until one chunk is ordered. */
  remainingMs(): number | undefined {
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const ordered = this.#chunks.filter((c) => c.sentAt !== undefined && c.finalAt !== undefined);
    if (ordered.length === 0) return undefined;
    const orderMs = mean(ordered.map((c) => (c.finalAt as number) - (c.sentAt as number)));
    const labelled = ordered.filter((c) => c.labelledAt !== undefined);
    const labelMs =
      labelled.length === 0
        ? orderMs
        : mean(labelled.map((c) => (c.labelledAt as number) - (c.finalAt as number)));
    const now = this.#now();
    const perOrderMs = this.#prepared === 0 ? 0 : (now - this.#startedAt) / this.#prepared;
    let waiting = 0;
    let last = now;
    for (const chunk of this.#chunks) {
      waiting += chunk.pending;
      if (chunk.closed) continue;
      let end: number;
      if (chunk.finalAt !== undefined) end = chunk.finalAt + labelMs;
      else if (chunk.sentAt !== undefined) end = chunk.sentAt + orderMs + labelMs;
      else end = now + waiting * perOrderMs + orderMs + labelMs;
      last = Math.max(last, end);
    }
    return Math.round(last - now);
  }

  #emit(event: Event, orderId?: string): void {
    if (this.#report === undefined) return;
    const remainingMs = event === "done" ? 0 : this.remainingMs();
    const progress: BatchProgress = {
      event,
      ...(orderId === undefined ? {} : { orderId }),
      total: this.#total,
      created: this.#created,
      ordered: this.#ordered,
      labelled: this.#labelled,
      failed: this.#failed,
      ...(remainingMs === undefined ? {} : { remainingMs }),
    };
    try {
      this.#report(progress);
    } catch {
      // Progress is for the store's eyes; it never stops the batch.
    }
  }
}
