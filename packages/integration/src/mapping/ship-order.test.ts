// shipOrder end to end against the sandbox over real HTTP: one order becomes
// one package and one paid order, with tracking numbers and a PDF label; run
// twice, under 20% injected 502/429 with lost answers on POST /packages, or
// aborted at any step and run again, it still leaves exactly one package and
// one charge. Sleeping moves the sandbox's test clock, so commands and labels
// complete without waiting.

import {
  isShipOrderError,
  orderCommandId,
  RULE_CODES,
  SHIP_ORDER_ERROR_CODES,
  type ShipOrderOptions,
  type ShipOrderResult,
  shipOrder,
  shipOrderReference,
  toPackage,
  ValidationError,
} from "@shipbridge/core";
import { IBAN, SENDER, sampleOrder } from "@shipbridge/core/testing";
import { describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import { countingFetch, onPackageCreation, sandboxTime } from "../testing/sandbox-server.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-test";
const shipOptions: ShipOrderOptions = { storeId: STORE, sender: SENDER, cod: { iban: IBAN } };

const sandbox = useSandbox({ clearFaultsAfterEach: true, client: { retry: FAST_RETRY } });

/** What the sandbox holds for one order: its packages, and the charges (order confirmations) of each. */
async function ledger(orderId: string) {
  const { packages, charges } = await orderLedger(
    sandbox.timedClient(),
    shipOrderReference(STORE, orderId),
  );
  return { packages, charges };
}

async function expectOneShipment(orderId: string, result: ShipOrderResult): Promise<void> {
  const { packages, charges } = await ledger(orderId);
  expect(packages.map((pkg) => pkg.package_id)).toEqual([result.packageId]);
  expect(charges).toBe(1);
  expect(result.commandId).toBeDefined();
  const command = await sandbox.timedClient().orderCommands.get(result.commandId as string);
  expect(command.status).toBe("successful");
  expect(command.successfully_ordered_packages?.map((p) => p.package_id)).toEqual([
    result.packageId,
  ]);
}

/** toPackage's options as shipOrder uses them: the package carries the store's reference. */
function asShipOrderMaps(order: { id: string | number }) {
  return { ...shipOptions, userReferenceNumber: shipOrderReference(STORE, String(order.id)) };
}

function expectShipped(result: ShipOrderResult): void {
  expect(result.trackingNumbers).toHaveLength(1);
  expect(result.trackingNumbers[0]).toMatch(/\S/);
  expect(result.trackingUrls.length).toBeGreaterThan(0);
  expect(result.label.contentType).toBe("application/pdf");
  expect(new TextDecoder().decode(result.label.bytes.subarray(0, 5))).toBe("%PDF-");
}

/**
 * An order whose package was created before a crash, and whose own command
 * uuid is used up by a command that failed (it named no such package).
 */
async function packageWithFailedCommand(orderId: string) {
  const order = sampleOrder({ id: orderId });
  const client = sandbox.timedClient();
  const created = await client.packages.create(toPackage(order, asShipOrderMaps(order)).package);
  const commandId = orderCommandId(STORE, orderId);
  await client.orderCommands.run(commandId, { packages: [{ id: 987654321 }] });
  return { order, id: created.package.package_id, commandId };
}

describe("shipOrder", () => {
  it("ships an order: one package, ordered, with tracking numbers and a PDF label", async () => {
    const order = sampleOrder({ id: "ship-1", cod: { amount: 193.69, currency: "PLN" } });
    const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expectShipped(result);
    expect(result.commandId).toBe(orderCommandId(STORE, "ship-1"));
    expect(result.steps).toEqual({ package: "created", order: "sent" });
    const pkg = await sandbox.timedClient().packages.get(result.packageId);
    expect(pkg.user_reference_number).toBe(`${STORE}:ship-1`);
    expect(pkg.additional_services?.cod?.amount).toBe(193.69);
    await expectOneShipment("ship-1", result);
  });

  it("links each parcel to its public tracking page: the configured one, else the service's", async () => {
    const order = sampleOrder({ id: "ship-tracking-page" });
    const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
    // The service's public page of each parcel: under the account site, not the API.
    expect(result.trackingUrls).toEqual(
      result.trackingNumbers.map((number) => `${sandbox.accountUrl}/zlokalizuj/${number}`),
    );
    for (const url of result.trackingUrls) {
      expect(url.startsWith(sandbox.baseUrl)).toBe(false);
      // A customer opens it as it is: no token.
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain(result.trackingNumbers[0]);
    }
    const { clock, sleep } = sandboxTime(sandbox);
    const configured = sandbox.client({
      clock,
      sleep,
      trackingPage: "https://konto-test.furgonetka.pl/zlokalizuj/{number}",
    });
    const again = await shipOrder(configured, order, shipOptions);
    expect(again.trackingUrls).toEqual(
      result.trackingNumbers.map(
        (number) => `https://konto-test.furgonetka.pl/zlokalizuj/${number}`,
      ),
    );
  });

  it("run twice: the second run finds the package and the order, and charges nothing", async () => {
    const order = sampleOrder({ id: "ship-twice" });
    const first = await shipOrder(sandbox.timedClient(), order, shipOptions);
    const { fetch, requests } = countingFetch();
    const second = await shipOrder(sandbox.timedClient(fetch), order, shipOptions);
    expect(second.steps).toEqual({ package: "found", order: "resumed" });
    expect(second.packageId).toBe(first.packageId);
    expect(second.trackingNumbers).toEqual(first.trackingNumbers);
    expect(requests.filter((r) => r.startsWith("POST /packages"))).toEqual([]);
    expect(requests.filter((r) => r.startsWith("PUT /order-commands"))).toEqual([]);
    await expectOneShipment("ship-twice", second);
  });

  it("does not order again a package that was ordered another way", async () => {
    const order = sampleOrder({ id: "ship-ordered-elsewhere" });
    const client = sandbox.timedClient();
    const created = await client.packages.create(toPackage(order, asShipOrderMaps(order)).package);
    await client.orderCommands.run("0b8f5a4e-2c1d-4e3f-8a9b-7c6d5e4f3a2b", {
      packages: [{ id: created.package.package_id }],
    });
    const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(result.steps).toEqual({ package: "found", order: "before" });
    // No command of its own ordered it: it names none rather than one never sent.
    expect(result.commandId).toBeUndefined();
    expectShipped(result);
    const { packages, charges } = await ledger("ship-ordered-elsewhere");
    expect(packages).toHaveLength(1);
    expect(charges).toBe(1);
  });

  it("refuses to ship again an order whose package was cancelled", async () => {
    const order = sampleOrder({ id: "ship-cancelled" });
    const first = await shipOrder(sandbox.timedClient(), order, shipOptions);
    await sandbox.timedClient().cancelCommands.run("3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a", {
      packages: [{ id: first.packageId }],
      reasonType: "other",
      reasonContent: "The customer cancelled the order.",
    });
    const error = await shipOrder(sandbox.timedClient(), order, shipOptions).catch(
      (e: unknown) => e,
    );
    expect(isShipOrderError(error)).toBe(true);
    expect((error as { code: string }).code).toBe("shipment_cancelled");
    const { packages, charges } = await ledger("ship-cancelled");
    expect(packages).toHaveLength(1);
    expect(charges).toBe(1);
  });

  it("a command that ended without ordering the package never blocks it: the next attempt has its own uuid", async () => {
    const { order, id, commandId } = await packageWithFailedCommand("ship-failed-command");
    const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(result.steps).toEqual({ package: "found", order: "sent" });
    expect(result.packageId).toBe(id);
    expect(result.commandId).not.toBe(commandId);
    expectShipped(result);
    const again = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(again).toMatchObject({ commandId: result.commandId, steps: { order: "resumed" } });
    const { packages, charges } = await ledger("ship-failed-command");
    expect(packages).toHaveLength(1);
    expect(charges).toBe(1);
  });

  it("a package ordered by hand after a failed command is not ordered again", async () => {
    const { order, id } = await packageWithFailedCommand("ship-by-hand");
    const client = sandbox.timedClient();
    await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
    const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(result.steps).toEqual({ package: "found", order: "before" });
    // Its own attempt exists but did not order it: that one is not named either.
    expect(result.commandId).toBeUndefined();
    expect(result.packageId).toBe(id);
    expectShipped(result);
    const { packages, charges } = await ledger("ship-by-hand");
    expect(packages).toHaveLength(1);
    expect(charges).toBe(1);
  });

  it("sends nothing for an invalid order", async () => {
    const { fetch, requests } = countingFetch();
    const order = sampleOrder({ id: "ship-invalid", cod: { amount: 10, currency: "PLN" } });
    await expect(
      shipOrder(sandbox.timedClient(fetch), order, { storeId: STORE, sender: SENDER }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect(requests).toEqual([]);
  });
});

describe("two stores on one shipping account", () => {
  const storeA: ShipOrderOptions = { ...shipOptions, storeId: "store-a" };
  const storeB: ShipOrderOptions = { ...shipOptions, storeId: "store-b" };
  const orderOfA = sampleOrder({ id: "1001" });
  const orderOfB = sampleOrder({
    id: "1001",
    shipping_address: {
      first_name: "Piotr",
      last_name: "Zieliński",
      street: "ul. Krótka 2",
      postcode: "00-950",
      city: "Warszawa",
      country_code: "pl",
    },
  });

  it("ship the same order id as two packages, each to its own receiver", async () => {
    const a = await shipOrder(sandbox.timedClient(), orderOfA, storeA);
    const b = await shipOrder(sandbox.timedClient(), orderOfB, storeB);
    expect(b.steps).toEqual({ package: "created", order: "sent" });
    expect(b.packageId).not.toBe(a.packageId);
    expect(b.commandId).not.toBe(a.commandId);
    const client = sandbox.timedClient();
    const [pkgA, pkgB] = await Promise.all([
      client.packages.get(a.packageId),
      client.packages.get(b.packageId),
    ]);
    expect(pkgA.user_reference_number).toBe("store-a:1001");
    expect(pkgB.user_reference_number).toBe("store-b:1001");
    expect(pkgA.receiver?.postcode).toBe("80-831");
    expect(pkgB.receiver?.postcode).toBe("00-950");
    // Each rerun finds its own store's package again.
    const again = await shipOrder(sandbox.timedClient(), orderOfB, storeB);
    expect(again).toMatchObject({ packageId: b.packageId, steps: { package: "found" } });
  });

  it("refuses, with package_mismatch, a package under the reference whose receiver is not the order's", async () => {
    // A reference shared by both stores' orders (a userReferenceNumber chosen without the store).
    const shared = "shared-ref-1002";
    const a = await shipOrder(
      sandbox.timedClient(),
      { ...orderOfA, id: "1002" },
      {
        ...storeA,
        userReferenceNumber: shared,
      },
    );
    const { fetch, requests } = countingFetch();
    const error = await shipOrder(
      sandbox.timedClient(fetch),
      { ...orderOfB, id: "1002" },
      {
        ...storeB,
        userReferenceNumber: shared,
      },
    ).catch((e: unknown) => e);
    expect(isShipOrderError(error)).toBe(true);
    expect(error).toMatchObject({
      code: SHIP_ORDER_ERROR_CODES.package_mismatch,
      packageId: a.packageId,
      commandId: orderCommandId("store-b", "1002"),
    });
    const { problems } = error as { problems: { path: string; rule: string }[] };
    expect(problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(["receiver.postcode", "receiver.name"]),
    );
    expect(problems.every((p) => p.rule === "package_mismatch")).toBe(true);
    // Nothing was created, ordered or fetched for the other store's package.
    expect(requests.filter((r) => !r.startsWith("GET /packages?"))).toEqual([
      "GET /configuration/allowed-countries",
      "GET /cities?country_code=PL&postcode=00-950&limit=100",
    ]);
    const { packages } = await sandbox.timedClient().packages.list({
      user_reference_number: shared,
    });
    expect(packages.map((pkg) => pkg.package_id)).toEqual([a.packageId]);
  });
});

describe("shipOrder's options", () => {
  /** Runs shipOrder with options of any shape; returns the thrown error. */
  async function refusal(options: unknown, requests: string[], fetch: typeof globalThis.fetch) {
    const order = sampleOrder({ id: "ship-bad-options" });
    const run = shipOrder(sandbox.timedClient(fetch), order, options as ShipOrderOptions);
    const error = await run.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(requests).toEqual([]);
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).issues.map(({ path, rule }) => ({ path, rule }));
  }

  it("refuses a missing, empty, non-text or colon store id at options.storeId, sending nothing", async () => {
    const { fetch, requests } = countingFetch();
    const { storeId: _, ...withoutStore } = shipOptions;
    expect(await refusal(withoutStore, requests, fetch)).toEqual([
      { path: "options.storeId", rule: RULE_CODES.required },
    ]);
    expect(await refusal({ ...shipOptions, storeId: "" }, requests, fetch)).toEqual([
      { path: "options.storeId", rule: RULE_CODES.required },
    ]);
    expect(await refusal({ ...shipOptions, storeId: 42 }, requests, fetch)).toEqual([
      { path: "options.storeId", rule: RULE_CODES.invalid_type },
    ]);
    expect(await refusal({ ...shipOptions, storeId: "a:b" }, requests, fetch)).toEqual([
      { path: "options.storeId", rule: RULE_CODES.reserved_character },
    ]);
    expect(await refusal(undefined, requests, fetch)).toEqual([
      { path: "options", rule: RULE_CODES.required },
    ]);
  });

  it("lists the run's option problems beside the order's, in one error", async () => {
    const { fetch, requests } = countingFetch();
    const issues = await refusal(
      {
        storeId: "a:b",
        sender: SENDER,
        skipEmailSend: "yes",
        deadline: "soon",
        label: { file_format: "gif" },
      },
      requests,
      fetch,
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "options.storeId", rule: RULE_CODES.reserved_character },
        { path: "options.skipEmailSend", rule: RULE_CODES.invalid_type },
        { path: "options.deadline", rule: RULE_CODES.invalid_type },
        expect.objectContaining({ path: expect.stringMatching(/^options\.label/) }),
      ]),
    );
  });
});

describe("shipOrder under injected faults", () => {
  it("with 20% 502/429 and lost answers on POST /packages, never makes a duplicate", async () => {
    await sandbox.injectFaults({ status: 502, rate: 0.2, seed: 21 });
    await sandbox.injectFaults({ status: 429, rate: 0.2, retry_after: 0, seed: 22 });
    await sandbox.injectFaults(
      onPackageCreation({ status: 502, rate: 0.5, after: true, seed: 23 }),
    );
    const references = Array.from({ length: 8 }, (_, i) => `ship-faults-${i}`);
    const results = new Map<string, ShipOrderResult>();
    const firstSteps: string[] = [];
    for (const reference of references) {
      const order = sampleOrder({ id: reference });
      // Each order is shipped twice; a run that runs out of retries is simply run again.
      for (let run = 0; run < 2; run++) {
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            const result = await shipOrder(sandbox.timedClient(), order, shipOptions);
            const before = results.get(reference);
            if (before !== undefined) expect(result.packageId).toBe(before.packageId);
            else firstSteps.push(result.steps.package);
            results.set(reference, result);
            break;
          } catch (error) {
            if (isShipOrderError(error)) throw error;
          }
        }
      }
    }
    // Some first runs lost the answer to their create (or gave up after creating):
    // they found the package by its reference instead of creating a second one.
    expect(firstSteps).toContain("found");
    const stats = (await sandbox.control("/stats")) as { faults_injected: number };
    expect(stats.faults_injected).toBeGreaterThan(10);
    await sandbox.clearFaults();
    expect([...results.keys()]).toEqual(references);
    for (const reference of references) {
      const result = results.get(reference);
      if (result === undefined) throw new Error(`${reference} was never shipped`);
      expectShipped(result);
      await expectOneShipment(reference, result);
    }
  });
});

describe("shipOrder after a crash", () => {
  /**
   * A fetch that "crashes" the run: it aborts the run's signal once the
   * `nth` request matching `at` has been answered (or, `inFlight`, as soon as
   * it reached the service, before its answer is read).
   */
  function crashingFetch(controller: AbortController, crash: CrashPoint): typeof globalThis.fetch {
    let seen = 0;
    return async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      const hit =
        !controller.signal.aborted && crash.at(request.method, path) && ++seen === crash.nth;
      if (hit && crash.inFlight) {
        const sent = fetch(request.clone());
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.abort(new Error("crash"));
        await sent.catch(() => undefined);
        throw controller.signal.reason;
      }
      const response = await fetch(request);
      if (hit) controller.abort(new Error("crash"));
      return response;
    };
  }

  interface CrashPoint {
    readonly at: (method: string, path: string) => boolean;
    readonly nth: number;
    readonly inFlight?: boolean;
    /** The order command had been answered before the crash: the rerun only waits for it. */
    readonly commandSent?: boolean;
  }

  const createPackage = (m: string, p: string) => m === "POST" && p === "/packages";
  const crashPoints: [string, CrashPoint][] = [
    ["while POST /packages is in flight", { at: createPackage, nth: 1, inFlight: true }],
    ["after the package was created", { at: createPackage, nth: 1 }],
    [
      "while PUT /order-commands is in flight",
      { at: (m, p) => m === "PUT" && p.startsWith("/order-commands/"), nth: 1, inFlight: true },
    ],
    [
      "after the order command was sent",
      {
        at: (m, p) => m === "PUT" && p.startsWith("/order-commands/"),
        nth: 1,
        commandSent: true,
      },
    ],
    // The first GET finds no command; the second polls the running one.
    [
      "while the order command runs",
      {
        at: (m, p) => m === "GET" && p.startsWith("/order-commands/"),
        nth: 2,
        commandSent: true,
      },
    ],
    [
      "while the label is not ready",
      { at: (m, p) => m === "GET" && p.endsWith("/label"), nth: 1, commandSent: true },
    ],
  ];

  it.each(crashPoints)("aborted %s, then rerun: one package, one order", async (name, crash) => {
    const reference = `ship-crash-${name.replaceAll(/\W+/g, "-")}`;
    const order = sampleOrder({ id: reference });
    const controller = new AbortController();
    const crashed = await shipOrder(sandbox.timedClient(crashingFetch(controller, crash)), order, {
      ...shipOptions,
      signal: controller.signal,
    }).then(
      () => "finished",
      (error: unknown) => error,
    );
    expect(controller.signal.aborted).toBe(true);
    expect(crashed).not.toBe("finished");
    const { fetch, requests } = countingFetch();
    const rerun = await shipOrder(sandbox.timedClient(fetch), order, shipOptions);
    expectShipped(rerun);
    await expectOneShipment(reference, rerun);
    if (crash.commandSent) {
      // The rerun found the command and waited for it; it never sent it again.
      expect(rerun.steps).toEqual({ package: "found", order: "resumed" });
      expect(requests.filter((r) => r.startsWith("PUT /order-commands/"))).toEqual([]);
    }
  });
});
