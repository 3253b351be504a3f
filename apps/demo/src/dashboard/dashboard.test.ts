// The dashboard's browser modules that need no browser: texts in both
// languages, the map's outline and projection, the chart and the table rows.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Translate = (key: string, values?: Record<string, unknown>) => string;
interface Point {
  id: string;
  name?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  orders?: number;
}
interface TextsModule {
  LANGUAGES: string[];
  TEXTS: Record<string, Record<string, string>>;
  initialLanguage(remembered: string | null, browser: readonly string[]): string;
  translate(language: string, key: string, values?: Record<string, unknown>): string;
}
interface MapModule {
  POLAND_OUTLINE: [number, number][];
  project(longitude: number, latitude: number): { x: number; y: number };
  renderMap(points: Point[], t: Translate): string;
}
interface ChartModule {
  niceCeiling(value: number): number;
  renderChart(
    days: { date: string; shipments: number; spend: { amount: number; currency: string } }[],
    language: string,
    t: Translate,
  ): string;
}
interface OrdersModule {
  STATUSES: string[];
  canShip(order: { status: string }): boolean;
  renderOrderRow(
    order: Record<string, unknown>,
    selected: Set<string>,
    language: string,
    t: Translate,
    busy: boolean,
  ): string;
}

interface BatchBannerModule {
  batchBanner(batch: {
    state: string;
    total: number;
    done: number;
    failed: number;
    skipped?: number;
  }): {
    key: string;
    values: Record<string, number>;
    tone: string;
  };
  timeLeft(ms: number | null): { key: string; values: Record<string, number> };
  partLines(batch: { parts: Record<string, unknown>[] }): {
    key: string;
    values: Record<string, unknown>;
  }[];
}
interface DayPanelModule {
  labelLinks(
    batch: Record<string, unknown>,
    format: string,
    t: Translate,
    language?: string,
  ): string;
  protocolLinks(protocols: Record<string, unknown>[], t: Translate, language?: string): string;
  courierMarkup(courier: Record<string, unknown>, language: string, t: Translate): string;
}
interface ReckoningModule {
  renderReckoning(reckoning: Record<string, unknown>, language: string, t: Translate): string;
}

const publicDir = join(import.meta.dirname, "public");
// The browser modules are plain JavaScript served as they are; loaded by URL
// so the type checker does not need declarations for them.
const load = async <T>(file: string) =>
  (await import(new URL(`./public/${file}`, import.meta.url).href)) as T;
const texts = await load<TextsModule>("texts.js");
const map = await load<MapModule>("map.js");
const chart = await load<ChartModule>("chart.js");
const orders = await load<OrdersModule>("orders.js");
const banner = await load<BatchBannerModule>("batch-banner.js");
const day = await load<DayPanelModule>("day-panel.js");
const reckoning = await load<ReckoningModule>("reckoning.js");
const pl: Translate = (key, values) => texts.translate("pl", key, values);
const en: Translate = (key, values) => texts.translate("en", key, values);

function placeholders(text: string) {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
}

describe("texts", () => {
  it("has every key in English and Polish, with the same placeholders", () => {
    const { en: english, pl: polish } = texts.TEXTS;
    expect(Object.keys(polish!).sort()).toEqual(Object.keys(english!).sort());
    for (const [key, text] of Object.entries(english!)) {
      expect(text.length, key).toBeGreaterThan(0);
      expect(placeholders(polish![key]!), key).toEqual(placeholders(text));
    }
  });

  it("knows every key the page and the modules use", () => {
    const html = readFileSync(join(publicDir, "index.html"), "utf8");
    const used = [...html.matchAll(/data-i18n(?:-aria-label)?="([^"]+)"/g)].map((m) => m[1]!);
    for (const file of readdirSync(publicDir).filter((name) => name.endsWith(".js"))) {
      const source = readFileSync(join(publicDir, file), "utf8");
      used.push(...[...source.matchAll(/\bt\(\s*"([\w.]+)"/g)].map((m) => m[1]!));
    }
    for (const status of orders.STATUSES) used.push(`status.${status}`);
    for (const state of ["connected", "reconnect", "not_connected"])
      used.push(`connection.${state}`);
    for (const store of ["shopify", "medusa"]) used.push(`store.${store}`, `store.${store}.about`);
    expect(used.length).toBeGreaterThan(50);
    const missing = used.filter((key) => !(key in texts.TEXTS.en!));
    expect(missing).toEqual([]);
  });

  it("starts in the remembered language, else the browser's first known one, else English", () => {
    expect(texts.initialLanguage("pl", ["en-US"])).toBe("pl");
    expect(texts.initialLanguage(null, ["de-DE", "pl-PL", "en"])).toBe("pl");
    expect(texts.initialLanguage("xx", ["en-GB"])).toBe("en");
    expect(texts.initialLanguage(null, ["de-DE"])).toBe("en");
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    expect(texts.translate("pl", "batch.progress", { done: 3, total: 10 })).toBe("Nadano 3 z 10");
    expect(texts.translate("en", "batch.progress", { done: 3 })).toBe("3 of {total} shipped");
  });
});

// Ray casting on the projected outline.
function inside(x: number, y: number, polygon: { x: number; y: number }[]) {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) result = !result;
  }
  return result;
}

describe("map", () => {
  const outline = map.POLAND_OUTLINE.map(([lon, lat]) => map.project(lon, lat));
  const at = (lon: number, lat: number) => {
    const { x, y } = map.project(lon, lat);
    return inside(x, y, outline);
  };

  it("draws an outline that holds Polish cities and leaves out the neighbours'", () => {
    for (const [city, lon, lat] of [
      ["Warszawa", 21.01, 52.23],
      ["Kraków", 19.94, 50.06],
      ["Poznań", 16.93, 52.41],
      ["Wrocław", 17.04, 51.11],
      ["Białystok", 23.16, 53.13],
      ["Olsztyn", 20.49, 53.78],
      ["Szczecin", 14.55, 53.43],
      ["Rzeszów", 22.0, 50.04],
    ] as const) {
      expect(at(lon, lat), city).toBe(true);
    }
    for (const [city, lon, lat] of [
      ["Berlin", 13.4, 52.52],
      ["Praha", 14.42, 50.08],
      ["Vilnius", 25.28, 54.69],
      ["Lviv", 24.03, 49.84],
      ["Košice", 21.26, 48.72],
      ["Kaliningrad", 20.51, 54.71],
    ] as const) {
      expect(at(lon, lat), city).toBe(false);
    }
  });

  it("puts north up and east right", () => {
    const gdansk = map.project(18.65, 54.35);
    const krakow = map.project(19.94, 50.06);
    expect(gdansk.y).toBeLessThan(krakow.y);
    expect(gdansk.x).toBeLessThan(krakow.x);
  });

  it("draws located points as dots and lists the others, escaping their names", () => {
    const markup = map.renderMap(
      [
        { id: "WAW01M", name: "Paczkomat <WAW01M>", latitude: 52.23, longitude: 21.01, orders: 3 },
        { id: "KRK02", name: "Kraków 2", address: "ul. Długa 1" },
      ],
      en,
    );
    expect(markup).toContain('data-point-id="WAW01M"');
    expect(markup.match(/<circle /g)).toHaveLength(1);
    expect(markup).toContain("Paczkomat &lt;WAW01M&gt;");
    expect(markup).not.toContain("<WAW01M>");
    expect(markup).toContain('<li data-point-id="KRK02">');
    expect(markup).toContain("Points without coordinates");
  });

  it("says so when no point was chosen", () => {
    expect(map.renderMap([], en)).toContain("No pickup points chosen yet.");
  });
});

describe("chart", () => {
  it("rounds axes up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 0.3, 1, 3, 7, 10, 11, 42, 180].map(chart.niceCeiling)).toEqual([
      1, 0.5, 1, 5, 10, 10, 20, 50, 200,
    ]);
  });

  it("draws one bar per day, oldest first, tallest for the busiest day", () => {
    const markup = chart.renderChart(
      [
        { date: "2026-08-25", shipments: 10, spend: { amount: 120.5, currency: "PLN" } },
        { date: "2026-08-24", shipments: 2, spend: { amount: 24, currency: "PLN" } },
      ],
      "pl",
      (key, values) => texts.translate("pl", key, values),
    );
    const bars = [...markup.matchAll(/data-date="([^"]+)"[\s\S]*?height="([\d.]+)"/g)];
    expect(bars.map((bar) => bar[1])).toEqual(["2026-08-24", "2026-08-25"]);
    expect(Number(bars[1]![2])).toBeGreaterThan(Number(bars[0]![2]) * 4);
    expect(markup).toContain("Przesyłki");
  });
});

describe("orders table", () => {
  const order = {
    store: "medusa",
    id: "order_01",
    name: "#1001",
    status: "needs_attention",
    service: "inpost",
    point: { id: "WAW01M", name: "Paczkomat WAW01M", address: "ul. Marszałkowska 1" },
    packageId: null,
    trackingNumber: null,
    trackingUrl: null,
    trackingState: null,
    labelUrl: null,
    serviceName: "InPost",
    problems: [
      {
        path: "receiver.phone",
        rule: "phone_format",
        message: "Telefon <zły>",
        field: "Receiver's phone",
      },
    ],
    price: null,
  };

  it("shows a problem by its field's name, with the path and rule on hover and for screen readers, and offers a retry", () => {
    const row = orders.renderOrderRow(order, new Set(), "en", en, false);
    expect(row).toContain('data-status="needs_attention"');
    expect(row).toContain(
      '<span class="problem-field" title="field receiver.phone, rule phone_format">Receiver&#39;s phone</span><span class="visually-hidden"> (field receiver.phone, rule phone_format)</span>',
    );
    expect(row).not.toContain(">receiver.phone<");
    expect(row).toContain('data-rule="phone_format"');
    // The carrier by its name, never its code.
    expect(row).toContain('data-label="Service">InPost</td>');
    expect(row).toContain("Telefon &lt;zły&gt;");
    expect(row).toContain('data-action="ship"');
    expect(row).toContain(">Retry<");
  });

  it("offers the label and tracking of a shipped order, and no ship button", () => {
    const shipped = {
      ...order,
      status: "shipped",
      problems: [],
      packageId: "pkg_1",
      trackingNumber: "TRK123",
      trackingUrl: "https://track.example/TRK123",
      labelUrl: "/api/labels/medusa/order_01?number=1001",
    };
    const row = orders.renderOrderRow(
      shipped,
      new Set(),
      "pl",
      (key, values) => texts.translate("pl", key, values),
      false,
    );
    expect(orders.canShip(shipped)).toBe(false);
    expect(row).not.toContain('data-action="ship"');
    // The file comes named by the order number in the dashboard's language.
    expect(row).toContain('href="/api/labels/medusa/order_01?number=1001&amp;lang=pl" download');
    // At phone width each field shows under its column's name.
    expect(row).toContain('data-field="tracking" data-label="Numer przesyłki"');
    expect(row).toContain('aria-label="PDF: pobierz etykietę zamówienia #1001"');
    expect(row).toContain('href="https://track.example/TRK123"');
    expect(row).toContain("Nadane");
  });
});

describe("the batch's line", () => {
  const say = (language: string, batch: Parameters<BatchBannerModule["batchBanner"]>[0]) => {
    const { key, values } = banner.batchBanner(batch);
    return texts.translate(language, key, values);
  };

  it("calls a batch without failures a success once finished", () => {
    const batch = { state: "finished", total: 10, done: 10, failed: 0 };
    expect(banner.batchBanner(batch).tone).toBe("success");
    expect(say("en", batch)).toBe("Batch finished: 10 of 10 shipped.");
    expect(banner.batchBanner({ ...batch, state: "running", done: 4 }).tone).toBe("info");
  });

  it("never calls a batch with failures a success, and says how many failed in both languages", () => {
    const batch = { state: "finished", total: 10, done: 7, failed: 3 };
    expect(banner.batchBanner(batch).tone).toBe("warning");
    expect(say("en", batch)).toBe("Batch finished: 7 of 10 shipped, 3 could not ship.");
    expect(say("pl", batch)).toBe("Wysyłka zakończona: nadano 7 z 10, nie udało się: 3.");
    // Failing while it runs already warns.
    expect(banner.batchBanner({ ...batch, state: "running", done: 2, failed: 1 }).tone).toBe(
      "warning",
    );
    expect(say("pl", { ...batch, state: "running", done: 2, failed: 1 })).toBe(
      "Nadano 2 z 10, nieudane: 1",
    );
  });

  it("names the orders its stores left out, and calls a batch that shipped none no success", () => {
    const batch = { state: "finished", total: 8, done: 0, failed: 0, skipped: 8 };
    expect(banner.batchBanner(batch).tone).toBe("warning");
    expect(say("en", batch)).toBe(
      "Batch finished: 0 of 8 shipped, 8 shipped or cancelled already.",
    );
    expect(say("pl", { ...batch, done: 6, skipped: 2 })).toBe(
      "Wysyłka zakończona: nadano 6 z 8, już nadane lub anulowane: 2.",
    );
    expect(banner.batchBanner({ ...batch, done: 6, skipped: 2 }).tone).toBe("success");
  });

  it("shows a batch where nothing shipped as an error", () => {
    expect(banner.batchBanner({ state: "finished", total: 2, done: 0, failed: 2 }).tone).toBe(
      "error",
    );
  });
});

describe("the batch's time left and its stores", () => {
  it("says seconds under a minute, minutes and seconds above, in both languages", () => {
    const say = (language: string, ms: number | null) => {
      const { key, values } = banner.timeLeft(ms);
      return texts.translate(language, key, values);
    };
    expect(say("en", 12_300)).toBe("About 13 s left.");
    expect(say("en", 95_000)).toBe("About 1 min 35 s left.");
    expect(say("pl", 95_000)).toBe("Zostało około 1 min 35 s.");
    expect(say("en", null)).toBe("Estimating the time left…");
    // Never "0 s" while it runs.
    expect(say("en", 0)).toBe("About 1 s left.");
  });

  it("gives each store's part its line, with failures and orders left out", () => {
    const lines = banner.partLines({
      parts: [
        { store: "shopify", done: 4, total: 5, failed: 1, skipped: 0 },
        { store: "medusa", done: 3, total: 5, failed: 0, skipped: 2 },
      ],
    });
    expect(lines.map((line) => texts.translate("en", line.key, line.values))).toEqual([
      "shopify: 4 of 5 shipped, 1 failed",
      "medusa: 3 of 5 shipped",
      "medusa: 2 shipped or cancelled already",
    ]);
  });
});

describe("the batch's day", () => {
  const batch = {
    id: "b-1",
    parts: [
      { store: "shopify", done: 5, total: 5 },
      { store: "medusa", done: 0, total: 3 },
    ],
  };

  it("offers one labels file per store that shipped something, in the chosen format", () => {
    const markup = day.labelLinks(batch, "zpl", en, "pl");
    expect(markup.match(/data-action="labels"/g)).toHaveLength(1);
    // The server names the file by batch and store, in the language asked.
    expect(markup).toContain(
      'href="/api/batches/b-1/labels/shopify?format=zpl&amp;lang=pl" download',
    );
    expect(markup).toContain("Print labels: Shopify (5)");
    expect(day.labelLinks({ id: "b-2", parts: [] }, "a6", pl)).toContain("Nie ma jeszcze etykiet");
  });

  it("offers one protocol per carrier and store", () => {
    const markup = day.protocolLinks(
      [
        {
          store: "shopify",
          service: "inpost",
          serviceName: "InPost",
          url: "/api/batches/b-1/protocols/shopify/inpost",
        },
        {
          store: "medusa",
          service: "dpd",
          serviceName: "DPD",
          url: "/api/batches/b-1/protocols/medusa/dpd",
        },
      ],
      pl,
      "pl",
    );
    expect(markup).toContain('href="/api/batches/b-1/protocols/shopify/inpost?lang=pl" download');
    expect(markup).toContain("Protokół: InPost (Shopify)");
    expect(markup).toContain("Protokół: DPD (Medusa)");
    expect(day.protocolLinks([], en)).toContain("No parcels to hand over yet.");
  });

  it("shows a carrier's slots to book, a booking to cancel, and parcels that need no courier", () => {
    const slots = [{ date: "2026-11-27", from: "10:00", to: "16:00" }];
    const markup = day.courierMarkup(
      {
        stores: [
          {
            store: "shopify",
            carriers: [
              {
                service: "inpost",
                serviceName: "InPost",
                packageIds: ["1", "2"],
                bookings: [],
                open: ["1", "2"],
                slots,
              },
            ],
            noPickupNeeded: [{ packageId: "3", service: "inpost", reason: "point" }],
          },
          {
            store: "medusa",
            carriers: [
              {
                service: "dpd",
                serviceName: "DPD",
                packageIds: ["7"],
                bookings: [
                  {
                    id: "cmd-1",
                    service: "dpd",
                    slot: slots[0],
                    packageIds: ["7"],
                    pickupNumber: "DPD-1",
                    cancelled: false,
                  },
                ],
                open: [],
                slots: [],
              },
            ],
            noPickupNeeded: [],
          },
        ],
      },
      "en",
      en,
    );
    expect(markup).toContain('data-action="book" data-store="shopify" data-service="inpost"');
    expect(markup).toContain('data-date="2026-11-27" data-from="10:00" data-to="16:00"');
    expect(markup).toContain("InPost (Shopify, parcels: 2): pickup slot");
    expect(markup).toContain('data-action="cancel-pickup" data-store="medusa"');
    expect(markup).toContain('data-booking="cmd-1"');
    expect(markup).toContain("Pickup number DPD-1.");
    expect(markup).toContain(
      "Shopify: no pickup needed for the parcels handed in at lockers or points (1).",
    );
    expect(day.courierMarkup({ stores: [] }, "pl", pl)).toContain(
      "Żadna paczka z partii nie wymaga kuriera.",
    );
  });
});

describe("the day's reckoning", () => {
  it("lists each paid package beside its order, flags what does not match, and offers the remedy", () => {
    const markup = reckoning.renderReckoning(
      {
        day: "2026-11-26",
        stores: [
          {
            store: "shopify",
            total: { amount: 29.5, currency: "PLN" },
            rows: [
              {
                packageId: "11",
                orderId: "1001",
                orderName: "#1001",
                service: "inpost",
                paid: { amount: 14.75, currency: "PLN" },
                order: "shipped",
                flags: [],
                remedy: null,
                note: null,
              },
              {
                packageId: "12",
                orderId: "1002",
                orderName: "#1002",
                service: "inpost",
                paid: { amount: 14.75, currency: "PLN" },
                order: "cancelled",
                flags: ["cancelled_order_paid"],
                remedy: "cancel_package",
                note: null,
              },
            ],
          },
          { store: "medusa", total: null, rows: [] },
        ],
      },
      "pl",
      pl,
    );
    expect(markup.match(/<tr data-store=/g)).toHaveLength(2);
    expect(markup).toContain("Zgodna z zamówieniem");
    expect(markup).toContain('data-flag="cancelled_order_paid"');
    expect(markup).toContain("Zamówienie anulowane, paczka wciąż opłacona");
    expect(markup).toContain('data-action="remedy" data-store="shopify" data-package-id="12"');
    expect(markup).toContain("Shopify: paczki: 2");
    expect(markup).toContain("Medusa: paczki: 0");
  });

  it("says so when nothing was paid", () => {
    expect(reckoning.renderReckoning({ day: "2026-11-26", stores: [] }, "en", en)).toContain(
      "Nothing was paid on this day.",
    );
  });
});
