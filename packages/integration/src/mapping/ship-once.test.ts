import {
  MemoryTokenStore,
  OAuthClient,
  type ShipOrderOptions,
  ShippingClient,
  shipOrder,
  shipOrderReference,
} from "@shipbridge/core";
import { IBAN, SENDER, sampleOrder } from "@shipbridge/core/testing";
import { type RunningSandbox, startSandbox } from "@shipbridge/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLedger } from "../testing/order-ledger.ts";
import {
  countingFetch,
  DEMO,
  type SandboxServer,
  sandboxControl,
  sandboxTime,
} from "../testing/sandbox-server.ts";
import { FAST_RETRY, useSandbox } from "../testing/shared-sandbox.ts";

const STORE = "shop-once";
const shipOptions: ShipOrderOptions = { storeId: STORE, sender: SENDER, cod: { iban: IBAN } };
/** What a run asks before it takes the lock: the service's country list. */
const COUNTRIES = "GET /configuration/allowed-countries";
/** The postcode's cities, asked once per client before anything is created. */
const CITIES = "GET /cities?country_code=PL&postcode=80-831&limit=100";

const sandbox = useSandbox({ clearFaultsAfterEach: true, client: { retry: FAST_RETRY } });

/** The order's package ids and their charges (order confirmations). */
async function ledger(orderId: string) {
  const { ids, charges } = await orderLedger(
    sandbox.timedClient(),
    shipOrderReference(STORE, orderId),
  );
  return { ids, charges };
}

describe("shipOrder called at the same moment in one process", () => {
  it("10 concurrent calls for one order share one run: one package, one order command", async () => {
    const order = sampleOrder({ id: "once-10" });
    const { fetch, requests } = countingFetch();
    // A client per call, as webhook handlers make them.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => shipOrder(sandbox.timedClient(fetch), order, shipOptions)),
    );
    const ids = new Set(results.map((result) => result.packageId));
    expect(ids.size).toBe(1);
    expect(requests.filter((r) => r.startsWith("POST /packages"))).toHaveLength(1);
    expect(requests.filter((r) => r.startsWith("PUT /order-commands/"))).toHaveLength(1);
    const { ids: stored, charges } = await ledger("once-10");
    expect(stored).toEqual([...ids]);
    expect(charges).toBe(1);
    // Once the run is over, a new call runs again and finds it all.
    const later = await shipOrder(sandbox.timedClient(), order, shipOptions);
    expect(later).toMatchObject({
      packageId: results[0]?.packageId,
      steps: { package: "found", order: "resumed" },
    });
  });

  it("a call that asks for another label waits for the running one, then finds the package and the order", async () => {
    const order = sampleOrder({ id: "once-labels" });
    const { fetch, requests } = countingFetch();
    const [pdf, zpl] = await Promise.all([
      shipOrder(sandbox.timedClient(fetch), order, shipOptions),
      shipOrder(sandbox.timedClient(fetch), order, {
        ...shipOptions,
        label: { file_format: "zpl", page_format: "a6" },
      }),
    ]);
    expect(zpl.packageId).toBe(pdf.packageId);
    expect(pdf.steps).toEqual({ package: "created", order: "sent" });
    expect(zpl.steps).toEqual({ package: "found", order: "resumed" });
    expect(pdf.label.contentType).toBe("application/pdf");
    expect(zpl.label.contentType).not.toBe("application/pdf");
    expect(requests.filter((r) => r.startsWith("POST /packages"))).toHaveLength(1);
    expect(requests.filter((r) => r.startsWith("PUT /order-commands/"))).toHaveLength(1);
    expect(await ledger("once-labels")).toEqual({ ids: [pdf.packageId], charges: 1 });
  });

  it("a call whose order maps to another package never takes the running one's result", async () => {
    const order = sampleOrder({ id: "once-content" });
    const other = sampleOrder({
      id: "once-content",
      shipping_address: { ...order.shipping_address, first_name: "Beata", postcode: "80-950" },
    });
    const [first, second] = await Promise.allSettled([
      shipOrder(sandbox.timedClient(), order, shipOptions),
      shipOrder(sandbox.timedClient(), other, shipOptions),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second).toMatchObject({
      status: "rejected",
      reason: { name: "ShipOrderError", code: "package_mismatch" },
    });
    expect((await ledger("once-content")).charges).toBe(1);
  });

  it("a call whose shared run was aborted by its own caller runs by itself", async () => {
    const order = sampleOrder({ id: "once-aborted" });
    const controller = new AbortController();
    const first = shipOrder(sandbox.timedClient(), order, {
      ...shipOptions,
      signal: controller.signal,
    });
    const second = shipOrder(sandbox.timedClient(), order, shipOptions);
    controller.abort(new Error("the first caller gave up"));
    await expect(first).rejects.toThrow("the first caller gave up");
    const result = await second;
    expect(await ledger("once-aborted")).toEqual({ ids: [result.packageId], charges: 1 });
  });
});

describe("shipOrder with a lock", () => {
  const key = (orderId: string) => `shipbridge:ship-order:${STORE}:${orderId}`;

  it("waits while another run holds the order's lease, then ships it once", async () => {
    const lock = new MemoryTokenStore();
    const order = sampleOrder({ id: "lock-wait" });
    expect(lock.acquireLease(key("lock-wait"), "another-process", 60_000)).toBe(true);
    const { fetch, requests } = countingFetch();
    let settled = false;
    const run = shipOrder(sandbox.timedClient(fetch), order, { ...shipOptions, lock }).finally(
      () => {
        settled = true;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(settled).toBe(false);
    expect(requests).toEqual([COUNTRIES, CITIES]);
    lock.releaseLease(key("lock-wait"), "another-process");
    const result = await run;
    expect(result.steps).toEqual({ package: "created", order: "sent" });
    // The run gave the lease back.
    expect(lock.acquireLease(key("lock-wait"), "next", 1_000)).toBe(true);
    expect(await ledger("lock-wait")).toEqual({ ids: [result.packageId], charges: 1 });
  });

  it("stops waiting at the deadline with deadline_exceeded, and at the signal with its reason, sending nothing", async () => {
    const lock = new MemoryTokenStore();
    const order = sampleOrder({ id: "lock-busy" });
    lock.acquireLease(key("lock-busy"), "another-process", 60_000);
    const { fetch, requests } = countingFetch();
    await expect(
      shipOrder(sandbox.timedClient(fetch), order, {
        ...shipOptions,
        lock,
        deadline: Date.now() + 300,
      }),
    ).rejects.toMatchObject({ code: "deadline_exceeded" });
    const controller = new AbortController();
    const aborted = shipOrder(sandbox.timedClient(fetch), order, {
      ...shipOptions,
      lock,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("shutting down")), 300);
    await expect(aborted).rejects.toThrow("shutting down");
    expect(requests).toEqual([COUNTRIES, CITIES, COUNTRIES, CITIES]);
    expect((await ledger("lock-busy")).ids).toEqual([]);
  });

  it("refuses a lock without acquireLease and releaseLease at options.lock, sending nothing", async () => {
    const { fetch, requests } = countingFetch();
    await expect(
      shipOrder(sandbox.timedClient(fetch), sampleOrder({ id: "lock-bad" }), {
        ...shipOptions,
        lock: {} as never,
      }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      issues: [expect.objectContaining({ path: "options.lock", rule: "invalid_type" })],
    });
    expect(requests).toEqual([]);
  });
});

describe("shipOrder for two accounts at the same moment", () => {
  const ANNA = { username: "anna@shipbridge.dev", password: "anna-password" };
  const BEATA = { username: "beata@shipbridge.dev", password: "beata-password" };
  let running: RunningSandbox | undefined;

  beforeAll(async () => {
    running = await startSandbox({
      port: 0,
      accountPort: 0,
      config: {
        applications: [
          {
            client_id: DEMO.clientId,
            client_secret: DEMO.clientSecret,
            redirect_uri: "http://127.0.0.1:3000/oauth/callback",
          },
        ],
        users: [
          { ...ANNA, companies: [{ id: "1001", name: "Sklep Anny" }] },
          { ...BEATA, companies: [{ id: "2002", name: "Sklep Beaty" }] },
        ],
      },
    });
  });
  afterAll(async () => {
    await running?.close();
  });

  async function clientOf(user: { username: string; password: string }) {
    if (running === undefined) throw new Error("the sandbox did not start");
    const oauth = new OAuthClient({
      clientId: DEMO.clientId,
      clientSecret: DEMO.clientSecret,
      baseUrl: running.baseUrl,
      accountUrl: running.accountUrl,
    });
    await oauth.loginWithPassword(user);
    const baseUrl = running.baseUrl;
    // Pollers move the sandbox clock instead of waiting.
    const { clock, sleep } = sandboxTime({
      advanceClock: async (seconds: number) => {
        await sandboxControl(baseUrl, "/clock/advance", { seconds });
      },
    } as SandboxServer);
    return new ShippingClient({ baseUrl, auth: oauth, retry: FAST_RETRY, clock, sleep });
  }

  const forBeata = (id: string) =>
    sampleOrder({
      id,
      shipping_address: {
        first_name: "Beata",
        last_name: "Kowalska",
        street: "ul. Krótka 7",
        postcode: "00-950",
        city: "Warszawa",
        country_code: "pl",
      },
    });
  const options = (storeId: string): ShipOrderOptions => ({
    storeId,
    sender: SENDER,
    cod: { iban: IBAN },
  });

  it("the same storeId and order id in two accounts: no account takes the other's package", async () => {
    const [anna, beata] = await Promise.all([clientOf(ANNA), clientOf(BEATA)]);
    const settled = await Promise.allSettled([
      shipOrder(anna, sampleOrder({ id: "1001" }), options("shop")),
      shipOrder(beata, forBeata("1001"), options("shop")),
    ]);
    const receivers = ["Anna Nowak", "Beata Kowalska"];
    const clients = [anna, beata];
    let shipped = 0;
    for (const [index, outcome] of settled.entries()) {
      const client = clients[index] as ShippingClient;
      // Each account has its own package for the order, with its own receiver.
      const { packages } = await client.packages.list({
        user_reference_number: shipOrderReference("shop", "1001"),
      });
      expect(packages.map((pkg) => pkg.receiver?.name)).toEqual([receivers[index]]);
      if (outcome.status === "fulfilled") {
        shipped += 1;
        expect(outcome.value.packageId).toBe(packages[0]?.package_id);
        const pkg = await client.packages.get(outcome.value.packageId);
        expect(pkg.receiver?.name).toBe(receivers[index]);
      } else {
        // The order command's uuid comes from storeId and order id, and the
        // service's uuids are global: a storeId shared by two accounts
        // collides there, which is why storeId must name one store of one account.
        expect(outcome.reason).toMatchObject({ status: 409 });
      }
    }
    expect(shipped).toBeGreaterThanOrEqual(1);
  });

  it("distinct storeIds in two accounts, one order id, at once: each ships its own", async () => {
    const [anna, beata] = await Promise.all([clientOf(ANNA), clientOf(BEATA)]);
    const [a, b] = await Promise.all([
      shipOrder(anna, sampleOrder({ id: "2002" }), options("shop-anna")),
      shipOrder(beata, forBeata("2002"), options("shop-beata")),
    ]);
    expect((await anna.packages.get(a.packageId)).receiver?.name).toBe("Anna Nowak");
    expect((await beata.packages.get(b.packageId)).receiver?.name).toBe("Beata Kowalska");
    expect(a.commandId).not.toBe(b.commandId);
  });
});
