// Test orders from the dashboard: some in one store, answered once placed
// (`POST /orders/sample`), or many across both stores as a run whose
// progress the dashboard follows (`POST /orders/samples`, then
// `GET /orders/samples/:id`).
import { Hono } from "hono";
import { type ApiIssue, apiError, invalidRequest, languageOf } from "./api-answers.ts";
import type { DemoContext } from "./context.ts";
import { say } from "./language.ts";
import { placeSamples, SampleRuns } from "./sample-orders.ts";
import { isStore } from "./store-batch.ts";

/** The most test orders one request places. */
const MAX_ONE_STORE = 100;
const MAX_RUN = 200;

function countIssue(language: "en" | "pl", max: number): ApiIssue {
  return {
    path: "count",
    rule: "invalid_value",
    message: say(
      language,
      `count must be a whole number from 1 to ${max}`,
      `count musi być liczbą całkowitą od 1 do ${max}`,
    ),
  };
}

const isCount = (value: unknown, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= max;

export function sampleRoutes(demo: DemoContext): Hono {
  const api = new Hono();
  const runs = new SampleRuns(demo);

  api.post("/orders/sample", async (c) => {
    const language = languageOf(c);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const count = body.count === undefined ? 1 : body.count;
    const issues: ApiIssue[] = [];
    if (!isStore(body.store)) {
      issues.push({
        path: "store",
        rule: "invalid_value",
        message: say(
          language,
          "store must be shopify or medusa",
          "store musi być shopify albo medusa",
        ),
      });
    }
    if (!isCount(count, MAX_ONE_STORE)) issues.push(countIssue(language, MAX_ONE_STORE));
    if (issues.length > 0 || !isStore(body.store) || !isCount(count, MAX_ONE_STORE)) {
      return invalidRequest(c, issues);
    }
    const orders = await placeSamples(demo, body.store, count, body.locker !== false);
    return c.json({ orders });
  });

  // `count` in `store`, or half in each store (the odd one in Shopify).
  api.post("/orders/samples", async (c) => {
    const language = languageOf(c);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const count = body.count === undefined ? 100 : body.count;
    const issues: ApiIssue[] = [];
    if (body.store !== undefined && !isStore(body.store)) {
      issues.push({
        path: "store",
        rule: "invalid_value",
        message: say(
          language,
          "store must be shopify or medusa",
          "store musi być shopify albo medusa",
        ),
      });
    }
    if (!isCount(count, MAX_RUN)) issues.push(countIssue(language, MAX_RUN));
    if (issues.length > 0 || !isCount(count, MAX_RUN)) return invalidRequest(c, issues);
    const medusa = Math.floor(count / 2);
    const counts = isStore(body.store)
      ? { [body.store]: count }
      : { shopify: count - medusa, medusa };
    const run = runs.start(counts, body.locker !== false);
    return c.json({ run }, 202);
  });

  api.get("/orders/samples/:id", (c) => {
    const run = runs.get(c.req.param("id"));
    if (!run) {
      return apiError(
        c,
        404,
        "run_not_found",
        say(languageOf(c), "No such run of test orders", "Nie ma takiego dodawania zamówień"),
      );
    }
    return c.json({ run });
  });

  return api;
}
