// The behaviour every TokenStore must have, run against each implementation:
// compare-and-set by version, versions that keep growing across a delete, and
// an exclusive, expiring refresh lease that its holder can renew. Calls also
// run at once, so a store on a pool of connections shows that each one is atomic.
import { describe, expect, it } from "vitest";
import { TokenSet } from "../../src/oauth/token-set.ts";
import type { TokenStore } from "../../src/oauth/token-store.ts";

export function tokens(access: string, refresh?: string): TokenSet {
  return new TokenSet({
    access_token: access,
    token_type: "Bearer",
    refresh_token: refresh,
    expires_at: Date.UTC(2030, 0, 1),
    scope: "api",
    grant_type: "password",
  });
}

export function describeTokenStoreContract(
  name: string,
  makeStore: () => TokenStore & { close?(): void | Promise<void> },
): void {
  describe(`${name}: the TokenStore contract`, () => {
    it("reads nothing for an unknown key", async () => {
      const store = makeStore();
      expect(await store.get("missing")).toBeUndefined();
      await store.close?.();
    });

    it("writes only when the expected version matches", async () => {
      const store = makeStore();
      expect(await store.compareAndSet("k", 1, tokens("a"))).toBe(false);
      expect(await store.compareAndSet("k", undefined, tokens("a", "r1"))).toBe(true);
      const first = await store.get("k");
      expect(first?.tokens.accessToken).toBe("a");
      expect(first?.tokens.refreshToken).toBe("r1");
      expect(first?.tokens.expiresAt?.getTime()).toBe(Date.UTC(2030, 0, 1));
      expect(await store.compareAndSet("k", undefined, tokens("b"))).toBe(false);
      expect(await store.compareAndSet("k", (first?.version ?? 0) + 1, tokens("b"))).toBe(false);
      expect(await store.compareAndSet("k", first?.version, tokens("b"))).toBe(true);
      const second = await store.get("k");
      expect(second?.tokens.accessToken).toBe("b");
      expect(second?.version).toBeGreaterThan(first?.version ?? Number.POSITIVE_INFINITY);
      // A writer that read the first version loses.
      expect(await store.compareAndSet("k", first?.version, tokens("stale"))).toBe(false);
      expect((await store.get("k"))?.tokens.accessToken).toBe("b");
      await store.close?.();
    });

    it("keeps versions growing across a delete, so a stale writer never matches", async () => {
      const store = makeStore();
      await store.compareAndSet("k", undefined, tokens("a"));
      const first = await store.get("k");
      expect(await store.compareAndSet("k", first?.version, undefined)).toBe(true);
      expect(await store.get("k")).toBeUndefined();
      expect(await store.compareAndSet("k", undefined, tokens("c"))).toBe(true);
      const again = await store.get("k");
      expect(again?.version).not.toBe(first?.version);
      expect(await store.compareAndSet("k", first?.version, tokens("stale"))).toBe(false);
      await store.close?.();
    });

    it("keeps keys apart", async () => {
      const store = makeStore();
      await store.compareAndSet("one", undefined, tokens("1"));
      await store.compareAndSet("two", undefined, tokens("2"));
      expect((await store.get("one"))?.tokens.accessToken).toBe("1");
      expect((await store.get("two"))?.tokens.accessToken).toBe("2");
      await store.close?.();
    });

    it("gives the lease to one holder at a time until it is released or runs out", async () => {
      const store = makeStore();
      expect(await store.acquireLease("k", "A", 60_000)).toBe(true);
      expect(await store.acquireLease("k", "B", 60_000)).toBe(false);
      expect(await store.acquireLease("other", "B", 60_000)).toBe(true);
      // Releasing someone else's lease does nothing.
      await store.releaseLease("k", "B");
      expect(await store.acquireLease("k", "B", 60_000)).toBe(false);
      await store.releaseLease("k", "A");
      expect(await store.acquireLease("k", "B", 60_000)).toBe(true);
      // A lease that ran out (ttl 0) can be taken over.
      expect(await store.acquireLease("short", "A", 0)).toBe(true);
      expect(await store.acquireLease("short", "B", 60_000)).toBe(true);
      await store.close?.();
    });

    it("lets the holder renew its lease, and nobody else", async () => {
      const store = makeStore();
      expect(await store.acquireLease("k", "A", 60_000)).toBe(true);
      expect(await store.acquireLease("k", "A", 60_000)).toBe(true);
      expect(await store.acquireLease("k", "B", 60_000)).toBe(false);
      // Renewing a lease that ran out still works for its holder when nobody took it.
      expect(await store.acquireLease("gone", "A", 0)).toBe(true);
      expect(await store.acquireLease("gone", "A", 60_000)).toBe(true);
      expect(await store.acquireLease("gone", "B", 60_000)).toBe(false);
      await store.close?.();
    });

    it("lets exactly one of many simultaneous writers of one version win", async () => {
      const store = makeStore();
      await store.compareAndSet("k", undefined, tokens("start"));
      const start = await store.get("k");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.compareAndSet("k", start?.version, tokens(`w${i}`)),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await store.get("k"))?.tokens.accessToken).toBe(`w${winner}`);
      // The same for the first write of an empty key.
      const firsts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.compareAndSet("new", undefined, tokens(`n${i}`)),
        ),
      );
      expect(firsts.filter(Boolean)).toHaveLength(1);
      await store.close?.();
    });

    it("gives a lease asked for by many holders at once to exactly one", async () => {
      const store = makeStore();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.acquireLease("k", `H${i}`, 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      await store.close?.();
    });
  });
}
