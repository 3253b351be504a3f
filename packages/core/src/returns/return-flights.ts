// The shipReturn runs under way in this process, per account and return, so
// that cancelReturn waits for all of them (their checks before shipOrder
// included) before it looks for the package: a cancel that arrives while the
// parcel is being bought then finds it and gives it back. Across processes,
// the store's own record of the cancellation closes the gap (see
// cancel-return.ts).
const runsByAccount = new WeakMap<object, Map<string, Set<Promise<unknown>>>>();

/** Runs `run` as a shipReturn of `key`, seen by settledRuns until it ends. */
export async function trackRun<T>(account: object, key: string, run: () => Promise<T>): Promise<T> {
  let runs = runsByAccount.get(account);
  if (runs === undefined) {
    runs = new Map();
    runsByAccount.set(account, runs);
  }
  const current = runs.get(key) ?? new Set<Promise<unknown>>();
  runs.set(key, current);
  const promise = run();
  current.add(promise);
  try {
    return await promise;
  } finally {
    current.delete(promise);
    if (current.size === 0) runs.delete(key);
  }
}

/** Waits until every shipReturn of `key` under way in this process has ended (whatever its outcome). */
export async function settledRuns(account: object, key: string): Promise<void> {
  for (;;) {
    const runs = runsByAccount.get(account)?.get(key);
    if (runs === undefined || runs.size === 0) return;
    await Promise.allSettled([...runs]);
  }
}
