// The dashboard's shipping day: "Ship selected" as one batch across both
// stores, its progress, and for the batch the labels (one file per store, in
// A6, A4 or ZPL), the handover protocols (one per carrier), the courier
// (slots, booking, cancelling) and the day's reckoning. Each answer comes
// from the stores' own batches.
import { type Context, Hono } from "hono";
import { type ApiIssue, apiError, download, invalidRequest, languageOf } from "./api-answers.ts";
import type { BatchOrder } from "./batches.ts";
import type { DemoContext } from "./context.ts";
import { type Language, say } from "./language.ts";
import { carrierName } from "./people-names.ts";
import { isStore, LABEL_FORMATS, type LabelFormat, type StoreName } from "./store-batch.ts";

const KEY = /^[\w-]{8,100}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

function storeMessage(language: "en" | "pl") {
  return say(language, "store must be shopify or medusa", "store musi być shopify albo medusa");
}

function noBatch(c: Context) {
  return apiError(
    c,
    404,
    "batch_not_found",
    say(
      languageOf(c),
      "No such batch, or it has no orders of that store",
      "Nie ma takiej partii albo nie ma w niej zamówień tego sklepu",
    ),
  );
}

/**
 * A batch's file named for people: what it is, the batch and the store (and
 * carrier), in the language asked ("etykiety-partia-3f2a9c1b-shopify.pdf"),
 * with the extension of the store's file.
 */
function batchFileName(
  language: Language,
  [en, pl]: readonly [string, string],
  batchId: string,
  parts: readonly string[],
  file: { readonly filename: string },
): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.filename)?.[1] ?? "pdf";
  const batch = batchId.replace(/[^A-Za-z0-9]/g, "").slice(0, 8);
  const name = [say(language, en, pl), say(language, "batch", "partia"), batch, ...parts]
    .join("-")
    .replace(/[^A-Za-z0-9_-]+/g, "-");
  return `${name}.${extension}`;
}

export function batchRoutes(demo: DemoContext): Hono {
  const api = new Hono();

  api.post("/ship", async (c) => {
    const language = languageOf(c);
    const body = (await c.req.json().catch(() => ({}))) as { orders?: unknown; key?: unknown };
    const orders = Array.isArray(body.orders) ? body.orders : undefined;
    const issues: ApiIssue[] = [];
    if (!orders || orders.length === 0) {
      issues.push({
        path: "orders",
        rule: "required",
        message: say(language, "Choose at least one order", "Wybierz co najmniej jedno zamówienie"),
      });
    }
    if (body.key !== undefined && (typeof body.key !== "string" || !KEY.test(body.key))) {
      issues.push({
        path: "key",
        rule: "invalid_value",
        message: say(
          language,
          "key must be 8 to 100 letters, digits, _ or -",
          "key musi mieć od 8 do 100 liter, cyfr, _ lub -",
        ),
      });
    }
    const chosen: BatchOrder[] = [];
    (orders ?? []).forEach((order: unknown, index: number) => {
      const { store, id } = (order ?? {}) as { store?: unknown; id?: unknown };
      if (!isStore(store)) {
        issues.push({
          path: `orders.${index}.store`,
          rule: "invalid_value",
          message: storeMessage(language),
        });
      } else if (typeof id !== "string" || id === "") {
        issues.push({
          path: `orders.${index}.id`,
          rule: "required",
          message: say(language, "id is required", "id jest wymagane"),
        });
      } else chosen.push({ store, id });
    });
    if (issues.length > 0) return invalidRequest(c, issues);
    const key = typeof body.key === "string" ? body.key : undefined;
    const batch = await demo.batches.create(chosen, key);
    return c.json({ batch: (await demo.batches.get(batch.id, language)) ?? batch });
  });

  api.get("/batches", async (c) => c.json({ batches: await demo.batches.list(languageOf(c)) }));

  api.get("/batches/:id", async (c) => {
    const batch = await demo.batches.get(c.req.param("id"), languageOf(c));
    if (!batch) return noBatch(c);
    return c.json({ batch });
  });

  api.get("/batches/:id/labels/:store", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const format = c.req.query("format") ?? "a6";
    const issues: ApiIssue[] = [];
    if (!isStore(store))
      issues.push({ path: "store", rule: "invalid_value", message: storeMessage(language) });
    if (!(LABEL_FORMATS as readonly string[]).includes(format)) {
      issues.push({
        path: "format",
        rule: "invalid_value",
        message: say(language, "format must be a6, a4 or zpl", "format musi być a6, a4 albo zpl"),
      });
    }
    if (issues.length > 0 || !isStore(store)) return invalidRequest(c, issues);
    const part = await demo.batches.part(c.req.param("id"), store);
    if (!part) return noBatch(c);
    const file = await part.store.labels(part.storeBatchId, format as LabelFormat);
    return download({
      ...file,
      filename: batchFileName(language, ["labels", "etykiety"], c.req.param("id"), [store], file),
    });
  });

  // The protocols to print: one per carrier of each store's parcels.
  api.get("/batches/:id/protocols", async (c) => {
    const id = c.req.param("id");
    const batch = await demo.batches.get(id, languageOf(c));
    if (!batch) return noBatch(c);
    const protocols: {
      store: StoreName;
      service: string;
      serviceName: string | null;
      url: string;
    }[] = [];
    for (const part of batch.parts) {
      const found = await demo.batches.part(id, part.store);
      if (!found || part.done === 0) continue;
      const state = await found.store.state(found.storeBatchId, languageOf(c));
      const services = new Set(
        (state?.orders ?? [])
          .filter((order) => order.outcome === "shipped" && order.service)
          .map((order) => order.service as string),
      );
      for (const service of [...services].sort()) {
        protocols.push({
          store: part.store,
          service,
          serviceName: carrierName(service, languageOf(c)),
          url: `/api/batches/${id}/protocols/${part.store}/${encodeURIComponent(service)}`,
        });
      }
    }
    return c.json({ protocols });
  });

  api.get("/batches/:id/protocols/:store/:service", async (c) => {
    const store = c.req.param("store");
    if (!isStore(store)) {
      return invalidRequest(c, [
        { path: "store", rule: "invalid_value", message: storeMessage(languageOf(c)) },
      ]);
    }
    const part = await demo.batches.part(c.req.param("id"), store);
    if (!part) return noBatch(c);
    const service = c.req.param("service");
    const file = (await part.store.protocols(part.storeBatchId)).find(
      (protocol) => protocol.service === service,
    );
    if (!file) {
      return apiError(
        c,
        404,
        "protocol_not_found",
        say(
          languageOf(c),
          `The batch has no ${service} parcels`,
          `W partii nie ma paczek przewoźnika ${service}`,
        ),
      );
    }
    return download({
      ...file,
      filename: batchFileName(
        languageOf(c),
        ["protocol", "protokol"],
        c.req.param("id"),
        [store, service],
        file,
      ),
    });
  });

  api.get("/batches/:id/courier", async (c) => {
    const language = languageOf(c);
    const id = c.req.param("id");
    const batch = await demo.batches.get(id, language);
    if (!batch) return noBatch(c);
    const stores = [];
    for (const view of batch.parts) {
      const part = await demo.batches.part(id, view.store);
      if (!part || view.done === 0) continue;
      const courier = await part.store.courier(part.storeBatchId);
      stores.push({
        store: view.store,
        ...courier,
        carriers: courier.carriers.map((carrier) => ({
          ...carrier,
          serviceName: carrierName(carrier.service, language),
        })),
        noPickupNeeded: courier.noPickupNeeded.map((parcel) => ({
          ...parcel,
          serviceName: carrierName(parcel.service, language),
        })),
      });
    }
    return c.json({ stores });
  });

  api.post("/batches/:id/courier", async (c) => {
    const language = languageOf(c);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const issues: ApiIssue[] = [];
    const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
    if (!isStore(body.store))
      issues.push({ path: "store", rule: "invalid_value", message: storeMessage(language) });
    if (text("service") === "") {
      issues.push({
        path: "service",
        rule: "required",
        message: say(language, "service is required", "service jest wymagane"),
      });
    }
    if (!DAY.test(text("date"))) {
      issues.push({
        path: "date",
        rule: "invalid_value",
        message: say(language, "date must be YYYY-MM-DD", "date musi mieć postać RRRR-MM-DD"),
      });
    }
    for (const name of ["from", "to"]) {
      if (body[name] !== undefined && body[name] !== null && !TIME.test(text(name))) {
        issues.push({
          path: name,
          rule: "invalid_value",
          message: say(language, `${name} must be HH:MM`, `${name} musi mieć postać GG:MM`),
        });
      }
    }
    if (issues.length > 0 || !isStore(body.store)) return invalidRequest(c, issues);
    const part = await demo.batches.part(c.req.param("id"), body.store);
    if (!part) return noBatch(c);
    const bookings = await part.store.book(part.storeBatchId, text("service"), {
      date: text("date"),
      from: text("from") || null,
      to: text("to") || null,
    });
    return c.json({ bookings });
  });

  api.delete("/batches/:id/courier/:store/:booking", async (c) => {
    const store = c.req.param("store");
    if (!isStore(store)) {
      return invalidRequest(c, [
        { path: "store", rule: "invalid_value", message: storeMessage(languageOf(c)) },
      ]);
    }
    const part = await demo.batches.part(c.req.param("id"), store);
    if (!part) return noBatch(c);
    const outcome = await part.store.cancelBooking(part.storeBatchId, c.req.param("booking"));
    if (!outcome.cancelled) {
      return apiError(
        c,
        409,
        "pickup_not_cancellable",
        say(
          languageOf(c),
          `The pickup can no longer be cancelled: ${outcome.reason ?? ""}`,
          `Odbioru nie można już anulować: ${outcome.reason ?? ""}`,
        ),
      );
    }
    return c.json(outcome);
  });

  api.get("/reckoning", async (c) => {
    const language = languageOf(c);
    const day = c.req.query("day") ?? "";
    if (!DAY.test(day)) {
      return invalidRequest(c, [
        {
          path: "day",
          rule: "invalid_value",
          message: say(language, "day must be YYYY-MM-DD", "day musi mieć postać RRRR-MM-DD"),
        },
      ]);
    }
    const stores = await Promise.all(
      demo.batches.stores().map(async (store) => {
        const reckoning = await store.reckoning(day);
        return {
          store: store.store,
          ...reckoning,
          rows: reckoning.rows.map((row) => ({
            ...row,
            serviceName: carrierName(row.service, language),
          })),
        };
      }),
    );
    return c.json({ day, stores });
  });

  // The remedy the day's reckoning offers for one package (cancel it, refunded).
  api.post("/reckoning/:store/:packageId/remedy", async (c) => {
    const language = languageOf(c);
    const store = c.req.param("store");
    const day = c.req.query("day") ?? "";
    const issues: ApiIssue[] = [];
    if (!isStore(store))
      issues.push({ path: "store", rule: "invalid_value", message: storeMessage(language) });
    if (!DAY.test(day)) {
      issues.push({
        path: "day",
        rule: "invalid_value",
        message: say(language, "day must be YYYY-MM-DD", "day musi mieć postać RRRR-MM-DD"),
      });
    }
    if (!/^\d+$/.test(c.req.param("packageId"))) {
      issues.push({
        path: "packageId",
        rule: "invalid_value",
        message: say(language, "packageId must be a number", "packageId musi być liczbą"),
      });
    }
    if (issues.length > 0 || !isStore(store)) return invalidRequest(c, issues);
    const batches = demo.batches.stores().find((entry) => entry.store === store);
    const outcome = await batches?.applyRemedy(day, c.req.param("packageId"));
    if (!outcome?.applied) {
      return apiError(
        c,
        409,
        "remedy_not_applied",
        say(
          language,
          `The package was not cancelled${outcome?.problem ? `: ${outcome.problem}` : ": the reckoning offers no remedy for it"}`,
          `Paczka nie została anulowana${outcome?.problem ? `: ${outcome.problem}` : ": rozliczenie nie proponuje dla niej naprawy"}`,
        ),
      );
    }
    return c.json(outcome);
  });

  return api;
}
