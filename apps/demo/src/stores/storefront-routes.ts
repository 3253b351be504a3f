// The storefronts' routes on the demo's server: `/storefront/shopify/` (the
// simulated Shopify store's checkout) and `/storefront/medusa/` (a checkout
// through the Medusa store API), each its page and a few JSON calls, in the
// customer's language (`?lang=`, then Accept-Language). A refused field is
// named as the form names it, with its path and rule beside.
import { type Context, Hono } from "hono";
import { apiError, languageOf } from "../server/api-answers.ts";
import type { DemoContext } from "../server/context.ts";
import { say } from "../server/language.ts";
import { readAddress } from "./customers.ts";
import { MedusaApiError } from "./medusa/medusa-api.ts";
import { StorefrontError } from "./shopify/storefront.ts";
import { formFieldName, storefrontPage } from "./storefront-page.ts";

export function storefrontRoutes(demo: DemoContext): Hono {
  const routes = new Hono();
  routes.onError((error, c) => {
    if (error instanceof StorefrontError)
      return apiError(c, error.status, error.code, error.message);
    const language = languageOf(c);
    console.error(`demo storefront: ${c.req.method} ${c.req.path}: ${error.message}`);
    // The store refused the checkout's request: its reason, without the store API's path.
    if (error instanceof MedusaApiError && error.final) {
      const reason = error.message.replace(/^[A-Z]+ \S+: \d{3} /, "");
      return apiError(
        c,
        400,
        "store_refused",
        say(language, `The store refused: ${reason}`, `Sklep odmówił: ${reason}`),
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
