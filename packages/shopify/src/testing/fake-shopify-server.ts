// FakeShopify over HTTP, for an app in another process (the bin with
// SHOPIFY_ADMIN_API_URL set to this server's address). A shop's admin,
// `https://{shop}/admin/...`, is served at `/{shop}/admin/...`: the Admin
// GraphQL API and the OAuth token endpoint as FakeShopify answers them, and
// the install's authorize page, which approves at once (the merchant's
// "Install") and sends the browser back to the app's redirect URI with a
// signed query. Under `/_fake/` a script drives the store: shops, orders,
// returns (created, requested, approved, declined, cancelled, closed,
// reopened, processed: their returns/* webhooks go to the app signed, and
// the app's label links are fetched as Shopify fetches them), webhooks
// signed and delivered to the app (an orders/* one only for an order the
// store holds), and what the app wrote back.
import { randomUUID } from "node:crypto";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { APP_SCOPES } from "../admin/documents.ts";
import type { ShopifyOrder } from "../mapping/shopify-order.ts";
import { authCallbackUrl } from "./auth-callback-query.ts";
import type { FakeShopify } from "./fake-shopify.ts";
import { webhookRequest } from "./signed-requests.ts";

export interface FakeShopifyServerOptions {
  /** The app's secret (the fake's own): it signs the authorize page's redirect and the webhooks. */
  readonly apiSecretKey: string;
  /**
   * Where the app is reachable: webhooks go to `{appUrl}/webhooks`, and the
   * authorize page sends the browser only to a redirect URI under it.
   * Without it, webhooks cannot be sent and any redirect URI is allowed.
   */
  readonly appUrl?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
}

export interface FakeShopifyServer {
  /** Where it listens: the app's `adminApiUrl` (SHOPIFY_ADMIN_API_URL). */
  readonly url: string;
  close(): Promise<void>;
}

const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

function orderGid(id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/Order/${id}`;
}

function returnGid(id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/Return/${id}`;
}

/** What a returns mutation of the fake answers (its `return` a view with connection fields). */
type ReturnMutationAnswer =
  | {
      return: { id: string; name: string; status: string } | null;
      userErrors: readonly { field: string[] | null; message: string; code: string }[];
    }
  | Promise<unknown>;

/** The mutation's answer as JSON: the return's id, name and status, and its userErrors (409). */
async function returnAnswer(
  c: { json: (body: unknown, status: 200 | 201 | 409) => Response },
  answer: ReturnMutationAnswer,
  status: 200 | 201,
): Promise<Response> {
  const { return: made, userErrors } = (await answer) as {
    return: { id: string; name: string; status: string } | null;
    userErrors: readonly unknown[];
  };
  const body = {
    return: made ? { id: made.id, name: made.name, status: made.status } : null,
    userErrors,
  };
  return c.json(body, made ? status : 409);
}

export async function serveFakeShopify(
  fake: FakeShopify,
  options: FakeShopifyServerOptions,
): Promise<FakeShopifyServer> {
  const hono = new Hono();
  // Shopify sends the returns/* webhooks to the app after each change (unless a caller routes them).
  const { appUrl } = options;
  if (appUrl && !fake.returns.onWebhook) {
    fake.returns.onWebhook = async (shop, topic, payload) => {
      const answer = await fetch(
        webhookRequest({
          url: new URL("/webhooks", appUrl).href,
          apiSecretKey: options.apiSecretKey,
          shop,
          topic,
          payload,
          webhookId: randomUUID(),
        }),
      );
      await answer.body?.cancel();
    };
  }
  const problem = (status: 400 | 404 | 409, error: string, code?: string) =>
    new Response(JSON.stringify(code ? { error, code } : { error }), {
      status,
      headers: { "content-type": "application/json" },
    });
  // FakeShopify refuses (throws for) a shop it does not hold.
  const known = (shop: string) => {
    try {
      fake.order(shop, "");
      return true;
    } catch {
      return false;
    }
  };

  // The merchant approves the install the app's /auth sent the browser to.
  hono.get("/:shop/admin/oauth/authorize", (c) => {
    const shop = c.req.param("shop");
    const clientId = c.req.query("client_id");
    const redirectUri = c.req.query("redirect_uri") ?? "";
    const state = c.req.query("state") ?? "";
    if (!SHOP.test(shop)) return problem(404, `not a shop: ${shop}`);
    if (clientId !== fake.apiKey) return problem(400, "unknown client_id");
    if (!URL.canParse(redirectUri)) return problem(400, "redirect_uri must be an absolute URL");
    if (options.appUrl && new URL(redirectUri).origin !== new URL(options.appUrl).origin) {
      return problem(400, "redirect_uri is not under the app's URL");
    }
    const scopes = (c.req.query("scope") ?? "").split(",").filter(Boolean);
    if (known(shop)) fake.setScopes(shop, scopes);
    else fake.addShop(shop, scopes);
    const target = new URL(
      authCallbackUrl({
        appUrl: redirectUri,
        apiSecretKey: options.apiSecretKey,
        shop,
        code: fake.approveInstall(shop),
        state,
      }),
    );
    const back = new URL(redirectUri);
    back.search = target.search;
    return c.redirect(back.href, 302);
  });

  // The shop's Admin API and token endpoint, as FakeShopify answers them.
  hono.post("/:shop/admin/*", async (c) => {
    const shop = c.req.param("shop");
    if (!SHOP.test(shop)) return problem(404, `not a shop: ${shop}`);
    const url = new URL(c.req.url);
    const path = url.pathname.slice(shop.length + 1);
    const headers = new Headers(c.req.raw.headers);
    headers.delete("host");
    return fake.fetch(`https://${shop}${path}${url.search}`, {
      method: "POST",
      headers,
      body: await c.req.arrayBuffer(),
    });
  });

  hono.post("/_fake/shops", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { shop?: unknown; scopes?: unknown };
    const shop = typeof body.shop === "string" ? body.shop : "";
    if (!SHOP.test(shop)) return problem(400, "shop must be a {name}.myshopify.com domain");
    const scopes = Array.isArray(body.scopes) ? body.scopes.map(String) : [...APP_SCOPES];
    if (known(shop)) return problem(409, `${shop} exists`);
    fake.addShop(shop, scopes);
    return c.json({ shop, scopes }, 201);
  });

  hono.post("/_fake/shops/:shop/orders", async (c) => {
    const shop = c.req.param("shop");
    if (!known(shop)) return problem(404, `unknown shop: ${shop}`);
    const order = (await c.req.json().catch(() => undefined)) as ShopifyOrder | undefined;
    if (!order || typeof order.id !== "number") {
      return problem(400, "the body must be an order as the orders/* webhooks carry it (id, ...)");
    }
    return c.json(fake.addOrder(shop, order), 201);
  });

  hono.get("/_fake/shops/:shop/orders/:id", (c) => {
    const shop = c.req.param("shop");
    if (!known(shop)) return problem(404, `unknown shop: ${shop}`);
    const order = fake.order(shop, orderGid(c.req.param("id")));
    return order ? c.json(order) : problem(404, "unknown order");
  });

  // Shopify delivers a webhook: signed with the app's secret, sent to the app.
  hono.post("/_fake/shops/:shop/webhooks", async (c) => {
    const shop = c.req.param("shop");
    if (!known(shop)) return problem(404, `unknown shop: ${shop}`);
    if (!options.appUrl) return problem(400, "started without the app's URL: nowhere to send");
    const body = (await c.req.json().catch(() => ({}))) as {
      topic?: unknown;
      payload?: unknown;
      webhookId?: unknown;
    };
    if (typeof body.topic !== "string" || body.payload === undefined) {
      return problem(400, "topic (orders/paid, ...) and payload are required");
    }
    // The app reads an order from the store's Admin API: an orders/* webhook
    // for an order the store does not hold could only be left waiting there.
    if (body.topic.startsWith("orders/")) {
      const id = (body.payload as { id?: unknown } | null)?.id;
      if (
        (typeof id !== "number" && typeof id !== "string") ||
        !fake.order(shop, orderGid(String(id)))
      ) {
        return problem(
          409,
          `${shop} holds no order ${String(id)}: add it first (POST /_fake/shops/${shop}/orders), then send its ${body.topic}`,
          "unknown_order",
        );
      }
    }
    const webhookId = typeof body.webhookId === "string" ? body.webhookId : randomUUID();
    const answer = await fetch(
      webhookRequest({
        url: new URL("/webhooks", options.appUrl).href,
        apiSecretKey: options.apiSecretKey,
        shop,
        topic: body.topic,
        payload: body.payload,
        webhookId,
      }),
    );
    await answer.body?.cancel();
    return c.json({ webhookId, status: answer.status });
  });

  // Returns: the merchant creates one (or the customer requests one), then
  // approves, declines, cancels, closes, reopens or processes it; Shopify's
  // returns/* webhooks follow each, signed, to the app.
  hono.post("/_fake/shops/:shop/returns", async (c) => {
    const shop = c.req.param("shop");
    if (!known(shop)) return problem(404, `unknown shop: ${shop}`);
    const body = (await c.req.json().catch(() => ({}))) as {
      orderId?: unknown;
      lines?: unknown;
      requested?: unknown;
    };
    if (typeof body.orderId !== "string" && typeof body.orderId !== "number") {
      return problem(400, "orderId (the order's id or GID) is required");
    }
    const orderId = orderGid(String(body.orderId));
    const lines = Array.isArray(body.lines)
      ? (body.lines as { fulfillmentLineItemId: string; quantity: number }[])
      : fake.returns
          .fulfillmentLines(shop, orderId)
          .map((line) => ({ fulfillmentLineItemId: line.id, quantity: line.quantity }));
    const mutations = fake.returns.mutations(shop);
    const made =
      body.requested === true
        ? mutations.returnRequest({ input: { orderId, returnLineItems: lines } })
        : mutations.returnCreate({ returnInput: { orderId, returnLineItems: lines } });
    return returnAnswer(c, made, 201);
  });

  hono.post("/_fake/shops/:shop/returns/:id/:action", async (c) => {
    const shop = c.req.param("shop");
    if (!known(shop)) return problem(404, `unknown shop: ${shop}`);
    const id = returnGid(c.req.param("id"));
    const mutations = fake.returns.mutations(shop);
    const actions: Record<string, () => ReturnMutationAnswer> = {
      approve: () => mutations.returnApproveRequest({ input: { id } }),
      decline: () => mutations.returnDeclineRequest({ input: { id } }),
      cancel: () => mutations.returnCancel({ id }),
      close: () => mutations.returnClose({ id }),
      reopen: () => mutations.returnReopen({ id }),
      process: () =>
        mutations.returnProcess({
          input: {
            returnId: id,
            returnLineItems: (fake.returns.get(shop, id)?.lines ?? []).map((line) => ({
              id: line.id,
              quantity: line.quantity,
            })),
          },
        }),
    };
    const action = actions[c.req.param("action")];
    if (!action) return problem(404, `no such action; one of: ${Object.keys(actions).join(", ")}`);
    return returnAnswer(c, action(), 200);
  });

  hono.get("/_fake/shops/:shop/returns/:id", (c) => {
    const shop = c.req.param("shop");
    if (!known(shop)) return problem(404, `unknown shop: ${shop}`);
    const found = fake.returns.get(shop, returnGid(c.req.param("id")));
    if (!found) return problem(404, "unknown return");
    // Label bytes are left out: their size says they were fetched.
    return c.json({
      ...found,
      reverseFulfillmentOrders: found.reverseFulfillmentOrders.map((rfo) => ({
        ...rfo,
        deliveries: rfo.deliveries.map((delivery) => ({
          ...delivery,
          label: delivery.label
            ? {
                fileUrl: delivery.label.fileUrl,
                publicFileUrl: delivery.label.publicFileUrl,
                contentType: delivery.label.contentType,
                size: delivery.label.bytes.byteLength,
              }
            : null,
        })),
      })),
    });
  });

  hono.get("/_fake/calls", (c) => c.json(fake.calls));
  hono.notFound(() => problem(404, "not found"));

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve(
      { fetch: hono.fetch, port: options.port ?? 0, hostname: options.host ?? "127.0.0.1" },
      () => resolve(started),
    );
    started.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const host = options.host === "0.0.0.0" || !options.host ? "127.0.0.1" : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
