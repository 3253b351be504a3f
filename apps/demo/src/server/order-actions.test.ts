// The dashboard's order actions over the whole demo, started as `pnpm start`
// starts it: requests from another site or with a body that is not JSON are
// refused; every refusal of the routes (unknown store, a bad point code, no
// label, not shipped, not changeable) is a code and a message in English and
// Polish; a point change of an order a batch holds is refused; a Medusa
// return the service refuses halfway leaves nothing begun; two return starts
// at once buy one return parcel; the returns carry the orders' statuses and
// their label files are named by the order number.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStore } from "../test-support/connect.ts";
import {
  type DemoProcess,
  eventually,
  json,
  startDemoProcess,
  testFolder,
} from "../test-support/demo-process.ts";
import type { DemoReturn } from "./order-actions.ts";
import type { DemoOrder } from "./orders.ts";
import { MERCHANTS } from "./sandbox.ts";

const STORES = ["shopify", "medusa"] as const;
type Store = (typeof STORES)[number];
const ORDER_STATUSES = [
  "waiting",
  "shipping",
  "shipped",
  "in_transit",
  "delivered",
  "needs_attention",
  "cancelled",
];

let dir: string;
let demo: DemoProcess;
let api: string;

beforeAll(async () => {
  dir = testFolder("order-actions");
  demo = await startDemoProcess(join(dir, "data"));
  api = `${demo.addresses.dashboard}/api`;
});

afterAll(async () => {
  const code = await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (demo) expect(code).toBe(0);
});

interface Refusal {
  status: number;
  error: {
    code: string;
    message: string;
    issues?: { path: string; rule: string; message: string; field?: string }[];
  };
}

/** The answer of a request as status and body, whatever the status. */
async function call(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Refusal> {
  const response = await fetch(`${api}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const body = (await response.json()) as Omit<Refusal, "status">;
  return { status: response.status, ...body };
}

/** The same request in English and in Polish. */
async function inBoth(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ en: Refusal; pl: Refusal }> {
  const sep = path.includes("?") ? "&" : "?";
  return {
    en: await call(`${path}${sep}lang=en`, init),
    pl: await call(`${path}${sep}lang=pl`, init),
  };
}

const orders = async () => (await json<{ orders: DemoOrder[] }>(`${api}/orders`)).orders;
const returns = async () => (await json<{ returns: DemoReturn[] }>(`${api}/returns`)).returns;
const packages = async () =>
  (await json<{ rest: { packages: number } }>(`${demo.addresses.sandbox.baseUrl}/_sandbox/stats`))
    .rest.packages;

describe("the dashboard's order actions", () => {
  it("refuses state changes from another site and bodies that are not JSON", async () => {
    const evil = await inBoth("/clock", {
      body: JSON.stringify({ hours: 1 }),
      headers: { origin: "https://shop-offers.example" },
    });
    expect(evil.en).toMatchObject({ status: 403, error: { code: "cross_site" } });
    expect(evil.en.error.message).toMatch(/another site/);
    expect(evil.pl).toMatchObject({ status: 403, error: { code: "cross_site" } });
    expect(evil.pl.error.message).toMatch(/innej strony/);
    // A page's no-cors POST without a body: the browser says where it comes from.
    const bodiless = await call("/orders/medusa/order_1/return", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(bodiless).toMatchObject({ status: 403, error: { code: "cross_site" } });
    const plain = await inBoth("/orders/medusa/order_1/pickup-point", {
      method: "POST",
      body: JSON.stringify({ code: "WAW01M" }),
      headers: { "content-type": "text/plain" },
    });
    expect(plain.en).toMatchObject({ status: 415, error: { code: "json_required" } });
    expect(plain.pl.error.message).toMatch(/JSON/);
    expect(plain.pl.error.message).not.toBe(plain.en.error.message);
    // The dashboard's own fetch: same origin, JSON.
    const own = await call("/clock", {
      body: JSON.stringify({ hours: 0 }),
      headers: {
        origin: new URL(demo.addresses.dashboard).origin,
        "sec-fetch-site": "same-origin",
      },
    });
    expect(own.status).toBe(200);
  });

  it("refuses an unknown store, a bad point code and a missing label in both languages", async () => {
    const store = await inBoth("/orders/amazon/1/return", { method: "POST" });
    expect(store.en).toMatchObject({
      status: 404,
      error: { code: "unknown_store", message: "No store amazon" },
    });
    expect(store.pl).toMatchObject({
      status: 404,
      error: { code: "unknown_store", message: "Nie ma sklepu amazon" },
    });
    const code = await inBoth("/orders/medusa/order_1/pickup-point", {
      body: JSON.stringify({ code: "../WAW" }),
    });
    for (const answer of [code.en, code.pl]) {
      expect(answer).toMatchObject({
        status: 400,
        error: { code: "invalid_request", issues: [{ path: "code", rule: "point_code" }] },
      });
    }
    expect(code.en.error.issues?.[0]?.message).toMatch(/pickup point's code/);
    expect(code.pl.error.issues?.[0]?.message).toMatch(/kod punktu odbioru/);
    for (const store of STORES) {
      const label = await inBoth(`/returns/${store}/nothing/label`);
      expect(label.en).toMatchObject({
        status: 404,
        error: { code: "label_not_found", message: "This return has no label yet" },
      });
      expect(label.pl).toMatchObject({
        status: 404,
        error: { code: "label_not_found", message: "Ten zwrot nie ma jeszcze etykiety" },
      });
    }
  });

  const shipped = {} as Record<Store, { id: string; name: string }>;
  const waiting = {} as Record<Store, string>;
  /** A second shipped Medusa order, whose first return the service refuses. */
  let refusedReturn = "";

  it("refuses to return an order not shipped, and to change the point of one a batch holds", async () => {
    const { baseUrl } = demo.addresses.sandbox;
    for (const store of STORES) {
      await connectStore(demo.addresses.dashboard, store, MERCHANTS[store], baseUrl);
      const placed = await json<{ orders: { id: string }[] }>(`${api}/orders/sample`, {
        body: { store, count: store === "medusa" ? 3 : 2, locker: true },
      });
      shipped[store] = { id: placed.orders[0]?.id as string, name: "" };
      waiting[store] = placed.orders[1]?.id as string;
      if (store === "medusa") refusedReturn = placed.orders[2]?.id as string;
    }
    for (const store of STORES) {
      const early = await inBoth(`/orders/${store}/${waiting[store]}/return`, { method: "POST" });
      expect(early.en).toMatchObject({ status: 409, error: { code: "not_shipped" } });
      expect(early.en.error.message).toMatch(/is not shipped yet/);
      expect(early.pl.error.message).toMatch(/nie zostało jeszcze wysłane/);
    }
    const unknown = await inBoth("/orders/medusa/order_nothing/pickup-point");
    expect(unknown.en).toMatchObject({ status: 404, error: { code: "order_not_found" } });
    expect(unknown.pl.error.message).toMatch(/Nie ma zamówienia/);

    await json(`${api}/ship`, {
      body: {
        orders: [
          ...STORES.map((store) => ({ store, id: shipped[store].id })),
          { store: "medusa", id: refusedReturn },
        ],
        key: "order-actions-test",
      },
    });
    // Held by the batch (shipping) or shipped already: the point cannot change either way.
    for (const store of STORES) {
      const change = await inBoth(`/orders/${store}/${shipped[store].id}/pickup-point`, {
        body: JSON.stringify({ code: "WAW02M" }),
      });
      expect(change.en).toMatchObject({ status: 409, error: { code: "not_changeable" } });
      expect(["shipping", "shipped", "in_transit", "not_shippable", "parcel_bought"]).toContain(
        change.en.error.issues?.[0]?.rule,
      );
      expect(change.en.error.message).toMatch(/can no longer change/);
      expect(change.pl.error.message).toMatch(/nie można już zmienić/);
    }
    await eventually(
      async () => {
        const rows = await orders();
        for (const store of STORES) {
          const row = rows.find((order) => order.store === store && order.id === shipped[store].id);
          if (row?.status !== "shipped") return undefined;
          shipped[store].name = row.name;
        }
        const other = rows.find((order) => order.id === refusedReturn);
        return other?.status === "shipped" ? true : undefined;
      },
      240_000,
      "both orders shipped",
    );
    // Shipped: the same refusal in both stores, whoever says it.
    for (const store of STORES) {
      const change = await call(`/orders/${store}/${shipped[store].id}/pickup-point?lang=pl`, {
        body: JSON.stringify({ code: "WAW02M" }),
      });
      expect(change).toMatchObject({
        status: 409,
        error: { code: "not_changeable", issues: [{ path: "pickup_point", rule: "shipped" }] },
      });
    }
  });

  it("starts one return when two starts come at once, and buys one return parcel", async () => {
    const before = await packages();
    for (const store of STORES) {
      const answers = await Promise.all(
        [1, 2].map(() => call(`/orders/${store}/${shipped[store].id}/return`, { method: "POST" })),
      );
      expect(
        answers
          .map(
            (answer) =>
              `${store} ${answer.status} ${answer.error?.code ?? ""} ${JSON.stringify(answer.error?.issues ?? "")}`,
          )
          .sort(),
      ).toEqual([`${store} 201  ""`, `${store} 409 already_returned ""`]);
      expect(answers.find((answer) => answer.status === 409)?.error.code).toBe("already_returned");
    }
    const listed = await eventually(
      async () => {
        const rows = await returns();
        const mine = STORES.map((store) =>
          rows.filter((row) => row.store === store && row.orderId === shipped[store].id),
        );
        return mine.every((rows) => rows.length === 1 && rows[0]?.labelUrl)
          ? mine.flat()
          : undefined;
      },
      180_000,
      "both return parcels",
    );
    expect(await packages()).toBe(before + 2);
    for (const row of listed) {
      expect(ORDER_STATUSES).toContain(row.status);
      expect(row.status).toBe("shipped");
      const number = shipped[row.store].name.replace(/^#/, "");
      const label = await fetch(`${demo.addresses.dashboard}${row.labelUrl}?lang=pl`);
      expect(label.headers.get("content-disposition")).toBe(
        `attachment; filename="etykieta-zwrotu-${number}.pdf"`,
      );
      await label.arrayBuffer();
    }
  });
  it("cancels a Medusa return the service refused halfway, so the order is not blocked", async () => {
    const sandbox = demo.addresses.sandbox.baseUrl;
    await json(`${sandbox}/_sandbox/faults`, {
      body: { status: 502, path: "/packages", method: "POST" },
    });
    try {
      const refused = await call(`/orders/medusa/${refusedReturn}/return?lang=pl`, {
        method: "POST",
      });
      expect(refused).toMatchObject({ status: 409, error: { code: "return_refused" } });
      expect(refused.error.message).toMatch(/Sklep nie przyjął zwrotu/);
      expect(refused.error.message).not.toMatch(/\/admin\/|POST|GET/);
    } finally {
      await fetch(`${sandbox}/_sandbox/faults`, { method: "DELETE" });
    }
    // Begun and left, the return would be an active order change: the next start
    // would be refused by Medusa before it reached the plugin's return option.
    const again = await call(`/orders/medusa/${refusedReturn}/return`, { method: "POST" });
    expect(JSON.stringify(again)).not.toMatch(/active order change/i);
    if (again.status !== 201) {
      expect(again).toMatchObject({ status: 409, error: { code: "return_refused" } });
    }
  });
});
