// What shipOrder loads from the service once and shares between every run on
// one client (the live country list, a postcode's cities): one load per
// client and key at a time, used for a given age and then asked for again. A
// failed load is not kept: the next run asks again. Callers wait within their
// own signal; the load itself runs without it, because other runs share it.

/** A cache of loads per client and key. */
export class ClientCache<Client extends object, Value> {
  readonly #maxAgeMs: number;
  readonly #entries = new WeakMap<Client, Map<string, { at: number; value: Promise<Value> }>>();

  constructor(maxAgeMs: number) {
    this.#maxAgeMs = maxAgeMs;
  }

  /** The value for `client` and `key`, loaded by `load` when absent or too old. */
  get(
    client: Client,
    key: string,
    load: () => Promise<Value>,
    signal?: AbortSignal,
  ): Promise<Value> {
    const now = Date.now();
    let byKey = this.#entries.get(client);
    if (byKey === undefined) {
      byKey = new Map();
      this.#entries.set(client, byKey);
    }
    const entries = byKey;
    let entry = entries.get(key);
    if (entry === undefined || now - entry.at >= this.#maxAgeMs) {
      const current = { at: now, value: load() };
      entries.set(key, current);
      current.value.catch(() => {
        if (entries.get(key) === current) entries.delete(key);
      });
      entry = current;
    }
    return untilAborted(entry.value, signal);
  }
}

/** The promise, or the signal's reason when it aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
