// At most `limit` tasks at once, started in the order they were given: what
// bounds shipBatch's package creations (and its orders left to shipOrder), so
// that the first chunk's orders are created first and its command is sent
// while later orders are still being created.
export class FifoLimit {
  readonly #limit: number;
  readonly #queue: (() => void)[] = [];
  #running = 0;

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  /** Runs `task` once fewer than `limit` run, after every task given before it has started. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) {
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      if (next === undefined) this.#running--;
      else next();
    }
  }
}
