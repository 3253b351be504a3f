// Test support: the sandbox's demo account, as the plugin's tests look at it.
import { OAuthClient, ShippingClient } from "@shipbridge/core";

/** A client of the demo account, to look at what the sandbox holds. */
export async function demoClient(baseUrl: string, accountUrl: string): Promise<ShippingClient> {
  const oauth = new OAuthClient({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    baseUrl,
    accountUrl,
  });
  await oauth.loginWithPassword({ username: "demo@shipbridge.dev", password: "demo-password" });
  return new ShippingClient({ baseUrl, auth: oauth });
}

/** How many order commands the account has been charged for (its "order" messages). */
export async function orderCharges(client: ShippingClient): Promise<number> {
  return (await client.messages.list({ type: "order", limit: 500 })).messages.length;
}

/** A sandbox fault: the order command is accepted (and charged), every answer to it lost. */
export const LOST_ORDER_ANSWERS = {
  status: 502,
  rate: 1,
  path: "/order-commands",
  method: "PUT",
  after: true,
  count: 50,
} as const;
