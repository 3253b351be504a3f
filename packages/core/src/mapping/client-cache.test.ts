// Tests of the per-client cache of shipOrder's loads: one load per client and
// key shared by every caller, a failed load forgotten, a caller's signal
// ending its own wait only.
import { describe, expect, it } from "vitest";
import { ClientCache } from "./client-cache.ts";

describe("ClientCache", () => {
  it("loads once per client and key, and apart for another client or key", async () => {
    const cache = new ClientCache<object, string>(60_000);
    const [a, b] = [{}, {}];
    const loads: string[] = [];
    const load = (name: string) => () => {
      loads.push(name);
      return Promise.resolve(name);
    };
    expect(await cache.get(a, "80-831", load("a1"))).toBe("a1");
    expect(await cache.get(a, "80-831", load("a2"))).toBe("a1");
    expect(await cache.get(a, "30-001", load("a3"))).toBe("a3");
    expect(await cache.get(b, "80-831", load("b1"))).toBe("b1");
    expect(loads).toEqual(["a1", "a3", "b1"]);
  });

  it("forgets a failed load, so the next caller asks again", async () => {
    const cache = new ClientCache<object, string>(60_000);
    const client = {};
    await expect(cache.get(client, "", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cache.get(client, "", () => Promise.resolve("up"))).toBe("up");
  });

  it("asks again once the value is older than its age", async () => {
    const cache = new ClientCache<object, number>(0);
    const client = {};
    expect(await cache.get(client, "", () => Promise.resolve(1))).toBe(1);
    expect(await cache.get(client, "", () => Promise.resolve(2))).toBe(2);
  });

  it("ends a caller's wait at its signal, without ending the shared load", async () => {
    const cache = new ClientCache<object, string>(60_000);
    const client = {};
    let finish: (value: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const controller = new AbortController();
    const waiting = cache.get(client, "", () => slow, controller.signal);
    controller.abort(new Error("gave up"));
    await expect(waiting).rejects.toThrow("gave up");
    const other = cache.get(client, "", () => Promise.resolve("second load"));
    finish("shared");
    expect(await other).toBe("shared");
  });
});
