// The storefronts' routes on the demo's server: `/storefront/shopify/` (the
// simulated Shopify store's checkout) and `/storefront/medusa/` (a checkout
// through the Medusa store API), each its page and a few JSON calls, in the
// customer's language (`?lang=`, then Accept-Language). A refused field is
// named as the form names it, with its path and rule beside; a refusal of the
// Medusa store reads in the customer's language, Medusa's own words aside.
import { type Context, Hono } from "hono";
import { apiError, languageOf } from "../server/api-answers.ts";
import type { DemoContext } from "../server/context.ts";
import { say } from "../server/language.ts";
import { readAddress } from "./customers.ts";
import { MedusaApiError } from "./medusa/medusa-api.ts";
import { StorefrontError } from "./shopify/storefront.ts";
import { formFieldName, storefrontPage } from "./storefront-page.ts";

/**
 * Medusa's own error codes (its MedusaError codes). Any other code is the
 * plugin's, whose messages follow the request's Accept-Language.
 */
const MEDUSA_CODES = new Set([
  "invalid_state_error",
  "invalid_request_error",
  "api_error",
  "unknown_error",
  "insufficient_inventory",
  "cart_incompatible_state",
]);

/** Sentences for Medusa's own kinds of refusal, which Medusa words in English only. */
const MEDUSA_REFUSALS: Readonly<Record<string, readonly [en: string, pl: string]>> = {
  not_found: [
    "this checkout is no longer in the store; get the rates again.",
    "tego zamówienia nie ma już w sklepie; pokaż opcje dostawy ponownie.",
  ],
  invalid_data: [
    "the order's details are not valid; check them and try again.",
    "dane zamówienia są niepoprawne; sprawdź je i spróbuj ponownie.",
  ],
  not_allowed: [
    "this checkout cannot be completed as it is; get the rates again.",
    "tego zamówienia nie da się złożyć w tej postaci; pokaż opcje dostawy ponownie.",
  ],
};
const MEDUSA_REFUSED: readonly [en: string, pl: string] = [
  "the order was not accepted; get the rates again.",
  "zamówienie nie zostało przyjęte; pokaż opcje dostawy ponownie.",
];

/**
 * The customer's sentence for the store's refusal: the plugin's own message
 * (already in the language asked for), else ours for Medusa's kind of
 * refusal; Medusa's own words go to `details`.
 */
function refusal(
  error: MedusaApiError,
  language: "en" | "pl",
): { reason: string; details?: string } {
  const plugin = error.medusaCode !== undefined && !MEDUSA_CODES.has(error.medusaCode);
  if (plugin && error.reason) return { reason: error.reason };
  const [en, pl] = MEDUSA_REFUSALS[error.medusaType ?? ""] ?? MEDUSA_REFUSED;
  return { reason: say(language, en, pl), ...(error.reason ? { details: error.reason } : {}) };
}

export function storefrontRoutes(demo: DemoContext): Hono {
  const routes = new Hono();
  routes.onError((error, c) => {
    if (error instanceof StorefrontError)
      return apiError(c, error.status, error.code, error.message);
    const language = languageOf(c);
    console.error(`demo storefront: ${c.req.method} ${c.req.path}: ${error.message}`);
    // The store refused the checkout's request: why, in the customer's language.
    if (error instanceof MedusaApiError && error.final) {
      const { reason, details } = refusal(error, language);
      return c.json(
        {
          error: {
            code: "store_refused",
            message: say(language, `The store refused: ${reason}`, `Sklep odmówił: ${reason}`),
            ...(details ? { details } : {}),
          },
        },
        400,
      );
    }
    return apiError(
      c,
      502,
      "store_error",
      say(
        language,
        "The store did not answer; try again in a moment.",
        "Sklep nie odpowiedział; spróbuj ponownie za chwilę.",
      ),
    );
  });

  const address = async (c: Context) => {
    const body = await c.req.json().catch(() => ({}));
    const parsed = readAddress(body);
    return { body: body as Record<string, unknown>, parsed };
  };
  const invalid = (c: Context, missing: string[]) => {
    const language = languageOf(c);
    return apiError(
      c,
      400,
      "invalid_request",
      say(language, "Fill in the address", "Uzupełnij adres"),
      missing.map((path) => {
        const field = formFieldName(path, language);
        return {
          path,
          rule: "required",
          field,
          message: say(language, `${field} is required`, `Pole „${field}” jest wymagane`),
        };
      }),
    );
  };

  for (const store of ["shopify", "medusa"] as const) {
    routes.get(`/${store}`, (c) => c.redirect(`/storefront/${store}/`, 301));
    routes.get(`/${store}/`, (c) =>
      c.html(storefrontPage(store, languageOf(c), demo.addresses.dashboard)),
    );
  }

  routes.post("/shopify/rates", async (c) => {
    const { parsed } = await address(c);
    if ("missing" in parsed) return invalid(c, parsed.missing);
    return c.json({
      rates: await demo.shopify.storefront.ratesWithPlaces(parsed, languageOf(c)),
    });
  });
  routes.post("/shopify/orders", async (c) => {
    const { body, parsed } = await address(c);
    if ("missing" in parsed) return invalid(c, parsed.missing);
    if (typeof body["rate"] !== "string") return invalid(c, ["rate"]);
    return c.json(await demo.shopify.storefront.placeOrder(parsed, body["rate"], languageOf(c)));
  });
  routes.post("/shopify/orders/:id/paid", async (c) => {
    await demo.shopify.storefront.markPaid(c.req.param("id"));
    return c.json({ ok: true });
  });
  routes.post("/shopify/orders/:id/cancel", async (c) => {
    await demo.shopify.storefront.cancel(c.req.param("id"));
    return c.json({ ok: true });
  });

  routes.post("/medusa/rates", async (c) => {
    const { parsed } = await address(c);
    if ("missing" in parsed) return invalid(c, parsed.missing);
    return c.json(await demo.medusa.checkout.rates(parsed, languageOf(c)));
  });
  routes.post("/medusa/orders", async (c) => {
    const { body } = await address(c);
    const missing = ["rate", "cartId"].filter((name) => typeof body[name] !== "string");
    if (missing.length > 0) return invalid(c, missing);
    return c.json(
      await demo.medusa.checkout.placeOrder(
        String(body["cartId"]),
        String(body["rate"]),
        languageOf(c),
      ),
    );
  });
  return routes;
}
