// The pollers in sandbox time: the client sleeps by moving the sandbox's
// clock, so a price calculated in the background, an order command and a
// label that is not ready yet finish without waiting; deadlines and abort
// signals are honoured.

import { API_ERROR_CODES, isNotFoundError, isTimeoutError, ShippingClient } from "@shipbridge/core";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { countingFetch, sandboxTime } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

describe("calculatePrice", () => {
  it("asks again while the calculation is pending in the background", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const { service: _carrier, user_reference_number: _ref, ...pkg } = packageV2();
    const { prices } = await client.packages.calculatePrice({
      package: pkg,
      services: { service: ["dpd", "inpost", "ups"] },
    });
    expect(prices.calculation_pending_in_background).toBe(false);
    expect(prices.services_prices.map((p) => p.service)).toEqual(["dpd", "inpost", "ups"]);
    // The first answer said "pending"; the client asked again.
    expect(requests.filter((r) => r === "POST /packages/calculate-price")).toHaveLength(2);
  });
});

describe("order commands", () => {
  it("run() puts the command and polls it to a final status", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const created = await client.packages.create(packageV2("poll-order-1"));
    const uuid = crypto.randomUUID();
    const first = await client.orderCommands.put(uuid, {
      packages: [{ id: created.package.package_id }],
    });
    expect(["queueing", "running"]).toContain(first.status);
    const final = await client.orderCommands.run(uuid, {
      packages: [{ id: created.package.package_id }],
    });
    expect(final.status).toBe("successful");
    expect(final.successfully_ordered_packages?.[0]?.package_id).toBe(created.package.package_id);
    expect(requests.filter((r) => r === `GET /order-commands/${uuid}`).length).toBeGreaterThan(0);
    // Running it again is harmless: same command, same result.
    const again = await client.orderCommands.run(uuid, {
      packages: [{ id: created.package.package_id }],
    });
    expect(again.status).toBe("successful");
  });

  it("run() asks again when Retry-After says the state changes, not on a fixed interval", async () => {
    const { fetch, requests } = countingFetch();
    const { clock, sleep } = sandboxTime(sandbox);
    const slept: number[] = [];
    const client = sandbox.client({
      clock,
      fetch,
      sleep: (ms, signal) => {
        slept.push(ms);
        return sleep(ms, signal);
      },
    });
    const created = await client.packages.create(packageV2("poll-retry-after"));
    const uuid = crypto.randomUUID();
    const final = await client.orderCommands.run(uuid, {
      packages: [{ id: created.package.package_id }],
    });
    expect(final.status).toBe("successful");
    // The PUT answered queueing (Retry-After: 2), the GET two seconds later
    // running (Retry-After: 3), the next one final: two asks, five seconds
    // (less the sandbox clock's milliseconds between each answer and its sleep).
    expect(slept).toHaveLength(2);
    expect(slept[0]).toBeGreaterThan(1_900);
    expect(slept[0]).toBeLessThanOrEqual(2_000);
    expect(slept[1]).toBeGreaterThan(2_900);
    expect(slept[1]).toBeLessThanOrEqual(3_000);
    expect(requests.filter((r) => r === `GET /order-commands/${uuid}`)).toHaveLength(2);
  });

  it("run() and wait() of a command already final answer at once, without sleeping", async () => {
    const client = sandbox.timedClient();
    const created = await client.packages.create(packageV2("poll-final-at-once"));
    const uuid = crypto.randomUUID();
    const body = { packages: [{ id: created.package.package_id }] };
    await client.orderCommands.run(uuid, body);
    const { fetch, requests } = countingFetch();
    const slept: number[] = [];
    const again = sandbox.client({
      fetch,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect((await again.orderCommands.run(uuid, body)).status).toBe("successful");
    expect((await again.orderCommands.wait(uuid)).status).toBe("successful");
    expect(slept).toEqual([]);
    expect(requests).toEqual([`PUT /order-commands/${uuid}`, `GET /order-commands/${uuid}`]);
  });

  it("wait() from an answer in hand asks when its Retry-After says, not at once", async () => {
    const { fetch, requests } = countingFetch();
    const { clock, sleep } = sandboxTime(sandbox);
    const slept: number[] = [];
    const client = sandbox.client({
      clock,
      fetch,
      sleep: (ms, signal) => {
        slept.push(ms);
        return sleep(ms, signal);
      },
    });
    const created = await client.packages.create(packageV2("poll-wait-in-hand"));
    const uuid = crypto.randomUUID();
    const body = { packages: [{ id: created.package.package_id }] };
    const sent = await client.orderCommands.put(uuid, body);
    expect(sent.status).toBe("queueing");
    const final = await client.orderCommands.wait(uuid, {}, sent);
    expect(final.status).toBe("successful");
    // Queueing with Retry-After: 2, running two seconds later with 3, then final.
    // Each wait is what is left of that Retry-After when the client sleeps, so
    // the sandbox clock's few milliseconds between the answer and the sleep
    // come off it.
    expect(slept).toHaveLength(2);
    expect(slept[0]).toBeGreaterThan(1_900);
    expect(slept[0]).toBeLessThanOrEqual(2_000);
    expect(slept[1]).toBeGreaterThan(2_900);
    expect(slept[1]).toBeLessThanOrEqual(3_000);
    expect(requests.filter((r) => r === `GET /order-commands/${uuid}`)).toHaveLength(2);
    // A final answer in hand is the answer: nothing is asked.
    const asked = requests.length;
    expect(await client.orderCommands.wait(uuid, {}, final)).toBe(final);
    expect(requests.length).toBe(asked);
  });

  it("wait() polls a command sent earlier to its final status without sending it again", async () => {
    const client = sandbox.timedClient();
    const created = await client.packages.create(packageV2("poll-wait-1"));
    const id = created.package.package_id;
    const uuid = crypto.randomUUID();
    const sent = await client.orderCommands.put(uuid, { packages: [{ id }] });
    expect(["queueing", "running"]).toContain(sent.status);
    const { fetch, requests } = countingFetch();
    const final = await sandbox.timedClient(fetch).orderCommands.wait(uuid);
    expect(final.status).toBe("successful");
    expect(final.successfully_ordered_packages?.map((p) => p.package_id)).toEqual([id]);
    expect(requests.filter((r) => !r.startsWith("GET "))).toEqual([]);
    expect(requests.filter((r) => r === `GET /order-commands/${uuid}`).length).toBeGreaterThan(0);
  });

  it("wait() on a uuid the service does not know is a NotFoundError, and sends nothing", async () => {
    const { fetch, requests } = countingFetch();
    const uuid = crypto.randomUUID();
    const error = await sandbox
      .timedClient(fetch)
      .orderCommands.wait(uuid)
      .catch((e: unknown) => e);
    expect(isNotFoundError(error)).toBe(true);
    expect(requests).toEqual([`GET /order-commands/${uuid}`]);
    await expect(sandbox.timedClient().orderCommands.wait("not-a-uuid")).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("wait() stops at the deadline", async () => {
    const client = sandbox.timedClient();
    const created = await client.packages.create(packageV2("poll-wait-deadline"));
    const uuid = crypto.randomUUID();
    await client.orderCommands.put(uuid, { packages: [{ id: created.package.package_id }] });
    const { clock } = sandboxTime(sandbox);
    const error = await client.orderCommands
      .wait(uuid, { deadline: clock().getTime() + 500 })
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe(API_ERROR_CODES.deadline_exceeded);
  });

  it("cancels through a cancel command", async () => {
    const client = sandbox.timedClient();
    const created = await client.packages.create(packageV2("poll-cancel-1"));
    const id = created.package.package_id;
    await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
    const cancelled = await client.cancelCommands.run(crypto.randomUUID(), {
      packages: [{ id }],
      reasonType: "other",
      reasonContent: "The customer changed their mind",
    });
    expect(cancelled.status).toBe("successful");
    expect((await client.packages.get(id)).state).toBe("canceled");
  });

  it("stops at the deadline", async () => {
    const client = sandbox.timedClient();
    const created = await client.packages.create(packageV2("poll-deadline-1"));
    const { clock } = sandboxTime(sandbox);
    const error = await client.orderCommands
      .run(
        crypto.randomUUID(),
        { packages: [{ id: created.package.package_id }] },
        {
          deadline: clock().getTime() + 500,
        },
      )
      .catch((e: unknown) => e);
    expect(isTimeoutError(error)).toBe(true);
    expect((error as { code: string }).code).toBe(API_ERROR_CODES.deadline_exceeded);
  });

  it("stops when the signal is aborted while it waits", async () => {
    const controller = new AbortController();
    const reason = new Error("the merchant closed the page");
    const { clock } = sandboxTime(sandbox);
    const client = new ShippingClient({
      baseUrl: sandbox.baseUrl,
      auth: sandbox.oauth,
      clock,
      // The first wait between two polls is where the merchant gives up.
      sleep: async (_ms, signal) => {
        controller.abort(reason);
        signal?.throwIfAborted();
      },
    });
    const created = await client.packages.create(packageV2("poll-abort-1"));
    const running = client.orderCommands.run(
      crypto.randomUUID(),
      { packages: [{ id: created.package.package_id }] },
      { signal: controller.signal },
    );
    await expect(running).rejects.toBe(reason);
  });

  it("an aborted signal stops a call before it is sent", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(client.countries({ signal: controller.signal })).rejects.toThrow("gone");
    expect(requests).toEqual([]);
  });
});

describe("labels", () => {
  it("waits while the label answers 204, then returns the PDF bytes", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const created = await client.packages.create(packageV2("poll-label-1"));
    const id = created.package.package_id;
    await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
    const label = await client.packages.label(id, { page_format: "a6" });
    // The label was not ready at first (204 with Retry-After), then it was.
    expect(
      requests.filter((r) => r.startsWith(`GET /packages/${id}/label`)).length,
    ).toBeGreaterThan(1);
    expect(label.contentType).toContain("application/pdf");
    expect(new TextDecoder().decode(label.bytes.slice(0, 5))).toBe("%PDF-");
  });

  it("stops at the deadline while the label is not ready", async () => {
    const client = sandbox.timedClient();
    const created = await client.packages.create(packageV2("poll-label-late"));
    const id = created.package.package_id;
    await client.orderCommands.put(crypto.randomUUID(), { packages: [{ id }] });
    const { clock } = sandboxTime(sandbox);
    const error = await client.packages
      .label(id, {}, { deadline: new Date(clock().getTime() + 1_000) })
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe(API_ERROR_CODES.deadline_exceeded);
  });
});
