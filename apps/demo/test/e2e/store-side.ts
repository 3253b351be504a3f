// What each store itself says about an order's delivery, read where the store
// keeps it rather than through the dashboard: the simulated Shopify store's
// fulfilment events (saved in the data folder after every Admin API call) and
// the Medusa fulfilment, through Medusa's own admin API.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FakeShopify } from "@shipbridge/shopify/testing";
import type { DemoAddressesFile } from "../../src/test-support/demo-process.ts";

/** The simulated shop, and where the demo saves its Shopify store. */
const DEMO_SHOP = "shipbridge-demo.myshopify.com";
const SHOPIFY_STATE = "shopify-fake.json";
/** The Medusa admin user the demo creates; its password is one of the demo's secrets. */
const MEDUSA_ADMIN = "admin@shipbridge.dev";

/** What the simulated Shopify store keeps of an order's fulfilments. */
export function shopifyFulfillments(
  dataDir: string,
  orderId: string,
): { trackingNumbers: string[]; events: string[] } {
  const fake = new FakeShopify({ apiKey: "read-only", apiSecretKey: "read-only" });
  fake.restore(readFileSync(join(dataDir, SHOPIFY_STATE), "utf8"));
  const gid = `gid://shopify/Order/${orderId}`;
  const order = fake.order(DEMO_SHOP, gid);
  if (!order) throw new Error(`the Shopify store has no order ${orderId}`);
  return {
    trackingNumbers: order.fulfillments.flatMap((fulfillment) =>
      fulfillment.trackingInfo.flatMap((info) => (info.number ? [info.number] : [])),
    ),
    // Delivery statuses (fulfillmentEventCreate): IN_TRANSIT, DELIVERED, ...
    events: fake.fulfillmentEvents(DEMO_SHOP, gid).map((event) => event.status),
  };
}

/** The Medusa order's fulfilments with their shipped and delivered times. */
export async function medusaFulfillments(
  dataDir: string,
  addresses: DemoAddressesFile,
  orderId: string,
): Promise<{ id: string; shipped_at: string | null; delivered_at: string | null }[]> {
  const secrets = JSON.parse(readFileSync(join(dataDir, "secrets.json"), "utf8"));
  const backend = addresses.medusa.backend;
  const login = await fetch(`${backend}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: MEDUSA_ADMIN, password: secrets.medusaAdminPassword }),
  });
  if (!login.ok) throw new Error(`Medusa admin sign-in answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const fields = "id,fulfillments.id,fulfillments.shipped_at,fulfillments.delivered_at";
  const response = await fetch(
    `${backend}/admin/orders/${encodeURIComponent(orderId)}?fields=${encodeURIComponent(fields)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!response.ok)
    throw new Error(`Medusa GET /admin/orders/${orderId} answered ${response.status}`);
  const { order } = (await response.json()) as {
    order: {
      fulfillments?: { id: string; shipped_at: string | null; delivered_at: string | null }[];
    };
  };
  return order.fulfillments ?? [];
}
