// The order's lease while a shipOrder run works: renewed while the run lasts,
// given back at the end, and the run stopped with lease_lost when it cannot be
// renewed. (Concurrent shipOrder calls against the sandbox are tested in the
// integration package.)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteTokenStore } from "../oauth/sqlite-token-store.ts";
import { isOrderLockError, OrderLockError } from "./order-lock-error.ts";
import { withLease } from "./ship-once.ts";

describe("the order's lease while a run works", () => {
  const dir = mkdtempSync(join(tmpdir(), "shipbridge-lease-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("is renewed while the run lasts longer than its time to live, and given back at the end", async () => {
    const lock = new SqliteTokenStore(join(dir, "renew.db"));
    const takenDuringRun = await withLease(
      lock,
      "order",
      {},
      async () => {
        // Well past the lease's time to live (1 s), renewed every third of it.
        await pause(2_500);
        return lock.acquireLease("order", "another-process", 1_000);
      },
      1_000,
    );
    expect(takenDuringRun).toBe(false);
    expect(lock.acquireLease("order", "another-process", 1_000)).toBe(true);
    lock.close();
  });

  it("stops the run with lease_lost when the lease cannot be renewed in time", async () => {
    const lock = new SqliteTokenStore(join(dir, "lost.db"));
    const run = withLease(
      lock,
      "order",
      {},
      (signal) =>
        new Promise((_, reject) => {
          // The lock's storage goes away: every renewal fails from now on.
          lock.close();
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
        }),
      300,
    );
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderLockError);
    expect(isOrderLockError(error)).toBe(true);
    expect(error).toMatchObject({ code: "lease_lost", key: "order" });
  });
});
