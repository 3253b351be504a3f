// The routes of the day's work beyond shipping: a batch's courier (the
// page with each carrier's slots or booking, booking a slot, cancelling a
// booking) and the day's reckoning (the page, and running a flagged
// package's remedy). Every route first proves which shop is asking; a
// batch, a pickup or a remedy is only ever the asking shop's.
import {
  isApiError,
  isCourierError,
  isValidationApiError,
  isValidationError,
  type Language,
} from "@shipbridge/core";
import type { Context, Hono } from "hono";
import { batchCourier, bookBatchCourier, cancelBatchCourier } from "../day/batch-courier.ts";
import { applyShopRemedy, shopReckoning } from "../day/shop-reckoning.ts";
import type { AppRuntime } from "../runtime/app-runtime.ts";
import { loadBatch } from "../store/batches.ts";
import { loadSettings } from "../store/settings.ts";
import { courierPage } from "./courier-page.ts";
import { fieldName } from "./field-names.ts";
import { fill, orderTexts, UNAUTHORISED } from "./order-texts.ts";
import { type Form, formValues, shopTexts, who } from "./orders-routes.ts";
import { pageQuery } from "./page-frame.ts";
import { reckoningPage } from "./reckoning-page.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why the service (or core's checks) refused, in the shop's language; undefined for other errors. */
function refusal(error: unknown, language: Language): string | undefined {
  const t = orderTexts(language);
  if (isValidationError(error) || isValidationApiError(error)) {
    const lines = error.issues.map(
      (issue) => `${fieldName(issue.path, language)}: ${issue.message}`,
    );
    return fill(t.refused, lines.length > 0 ? lines.join("; ") : error.message);
  }
  if (isCourierError(error) || isApiError(error)) return fill(t.refused, error.message);
  return undefined;
}

/** Today in Warsaw ("YYYY-MM-DD"): the merchant's day, which the reckoning reads. */
function warsawToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(new Date());
}

function first(form: Form, name: string): string {
  return formValues(form, name)[0]?.trim() ?? "";
}

export function dayRoutes(hono: Hono, runtime: () => Promise<AppRuntime>): void {
  const courier = async (
    app: AppRuntime,
    c: Context,
    auth: { shop: string; idToken: string | undefined },
    message?: string,
    status: 200 | 400 | 409 | 502 = 200,
  ) => {
    const { settings } = await loadSettings(app.pool, auth.shop);
    const batchId = c.req.param("id") ?? "";
    try {
      return c.html(
        courierPage({
          auth,
          language: settings.language,
          batchId,
          courier: await batchCourier(app, auth.shop, batchId),
          ...(message ? { message } : {}),
        }),
        status,
      );
    } catch (error) {
      const why = refusal(error, settings.language);
      if (why === undefined) throw error;
      return c.text(why, isApiError(error) && !isValidationApiError(error) ? 502 : 409);
    }
  };

  hono.get("/orders/batches/:id/courier", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    if (!(await loadBatch(app.pool, shop, c.req.param("id")))) {
      return c.text((await shopTexts(app, shop)).noSuchBatch, 404);
    }
    // Its slots change, and booking one twice is one booking anyway: never cached.
    c.header("cache-control", "no-store");
    return courier(app, c, { shop, idToken });
  });

  // Book the chosen slot of one carrier's courier.
  hono.post("/orders/batches/:id/courier", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const id = c.req.param("id");
    const { settings } = await loadSettings(app.pool, shop);
    const t = orderTexts(settings.language);
    if (!(await loadBatch(app.pool, shop, id))) return c.text(t.noSuchBatch, 404);
    const [date = "", from = "", to = ""] = first(form, "slot").split("|");
    try {
      const booked = await bookBatchCourier(app, shop, id, first(form, "service"), {
        date,
        min_time: from,
        max_time: to,
      });
      if (!booked) return c.text(t.noCourierParcelsOf, 404);
    } catch (error) {
      const why = refusal(error, settings.language);
      if (why === undefined) throw error;
      return courier(app, c, { shop, idToken }, why, isValidationError(error) ? 400 : 409);
    }
    return c.redirect(`/orders/batches/${id}/courier${pageQuery({ shop, idToken })}`, 303);
  });

  // Cancel a booked courier while the service allows it.
  hono.post("/orders/batches/:id/courier/cancel", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const id = c.req.param("id");
    const { settings } = await loadSettings(app.pool, shop);
    let answer: Awaited<ReturnType<typeof cancelBatchCourier>>;
    try {
      answer = await cancelBatchCourier(app, shop, id, first(form, "command_id"));
    } catch (error) {
      const why = refusal(error, settings.language);
      if (why === undefined) throw error;
      return courier(app, c, { shop, idToken }, why, 409);
    }
    if (!answer) return c.text(orderTexts(settings.language).noSuchPickup, 404);
    if (!answer.cancelled) {
      return courier(
        app,
        c,
        { shop, idToken },
        fill(orderTexts(settings.language).refused, answer.reason ?? ""),
        409,
      );
    }
    return c.redirect(`/orders/batches/${id}/courier${pageQuery({ shop, idToken })}`, 303);
  });

  hono.get("/orders/reckoning", async (c) => {
    const app = await runtime();
    const { shop, idToken } = await who(app, c);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    const asked = c.req.query("day") ?? "";
    const day = DAY.test(asked) ? asked : warsawToday();
    const done = c.req.query("done");
    try {
      return c.html(
        reckoningPage({
          auth: { shop, idToken },
          language: settings.language,
          day,
          reckoning: await shopReckoning(app, shop, day),
          ...(done ? { message: fill(orderTexts(settings.language).remedyDone, done) } : {}),
        }),
      );
    } catch (error) {
      const why = refusal(error, settings.language);
      if (why === undefined) throw error;
      return c.text(why, isApiError(error) && !isValidationApiError(error) ? 502 : 400);
    }
  });

  // Run the remedy the day's reckoning offers for one package.
  hono.post("/orders/reckoning/remedy", async (c) => {
    const app = await runtime();
    const form = (await c.req.parseBody({ all: true })) as Form;
    const { shop, idToken } = await who(app, c, form);
    if (!shop) return c.text(UNAUTHORISED, 401);
    const { settings } = await loadSettings(app.pool, shop);
    const t = orderTexts(settings.language);
    const day = first(form, "day");
    const packageId = Number(first(form, "package_id"));
    if (!DAY.test(day) || !Number.isSafeInteger(packageId)) {
      return c.text(t.remedyNotFound, 400);
    }
    let result: Awaited<ReturnType<typeof applyShopRemedy>>;
    try {
      result = await applyShopRemedy(app, shop, day, packageId);
    } catch (error) {
      const why = refusal(error, settings.language);
      if (why === undefined) throw error;
      return c.text(why, 502);
    }
    if (!result) return c.text(t.remedyNotFound, 404);
    if (!result.cancelled) return c.text(fill(t.refused, result.problem?.message ?? ""), 409);
    const query = pageQuery({ shop, idToken }, `&day=${day}&done=${packageId}`);
    return c.redirect(`/orders/reckoning${query}`, 303);
  });
}
