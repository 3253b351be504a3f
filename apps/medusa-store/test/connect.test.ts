// The authorization-code grant in the whole application: the account is
// connected from the admin API through the sandbox's real login and consent
// pages, the callback takes its state once, the provider and the module then
// work with the stored tokens, and a revoked authorization shows "reconnect".
import { medusaIntegrationTestRunner } from "@medusajs/test-utils";
import { authorizeInBrowser } from "@shipbridge/sandbox";
import { freePort } from "@shipbridge/tooling/free-port";
import { beforeAll, describe, expect, it } from "vitest";
import seed from "../src/scripts/seed.ts";
import { adminHeaders, storeHeaders } from "./admin-session.ts";
import { renderPanel } from "./render-panel.ts";

const sandbox = process.env["SHIPBRIDGE_BASE_URL"] as string;

let backend = "";

// Registered before the runner's own hooks, so it runs before Medusa boots
// and reads medusa-config.ts: the application as the service's management
// tool registers it, and the settings that use it.
beforeAll(async () => {
  const port = await freePort();
  backend = `http://localhost:${port}`;
  const response = await fetch(`${sandbox}/_sandbox/applications`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      redirect_uri: `${backend}/hooks/shipbridge/connect/callback`,
      name: "Medusa store",
    }),
  });
  const registered = (await response.json()) as { client_id: string; client_secret: string };
  process.env["PORT"] = String(port);
  process.env["SHIPBRIDGE_GRANT"] = "authorization_code";
  process.env["SHIPBRIDGE_CLIENT_ID"] = registered.client_id;
  process.env["SHIPBRIDGE_CLIENT_SECRET"] = registered.client_secret;
  process.env["SHIPBRIDGE_BACKEND_URL"] = backend;
  process.env["SHIPBRIDGE_CONNECT_RETURN_URLS"] = "http://localhost:3000/";
});

const merchant = { username: "demo@shipbridge.dev", password: "demo-password" };

/** The merchant's account's tracking webhook at the service: read, or set to `url`. */
async function trackingWebhookUrl(url?: string): Promise<string | undefined> {
  const token = (await fetch(`${sandbox}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("demo-client:demo-secret").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "password", ...merchant }),
  }).then((response) => response.json())) as { access_token: string };
  const response = await fetch(`${sandbox}/account/tracking-webhook`, {
    method: url === undefined ? "GET" : "PUT",
    headers: {
      authorization: `Bearer ${token.access_token}`,
      "content-type": "application/json",
    },
    ...(url === undefined
      ? {}
      : { body: JSON.stringify({ url, secret: "another-tool-secret-0001" }) }),
  });
  return response.ok ? ((await response.json()) as { url: string }).url : undefined;
}

medusaIntegrationTestRunner({
  cwd: process.cwd(),
  testSuite: ({ api, getContainer }) => {
    describe("connecting the shipping account with the authorization code", () => {
      it("connects through the service's pages, refuses a reused state, reconnects", async () => {
        const container = getContainer();
        await seed({ container, args: [] } as never);
        const admin = await adminHeaders(api, container);
        const store = await storeHeaders(container);
        const connection = async () => (await api.get("/admin/shipbridge/connection", admin)).data;

        expect(await connection()).toEqual({
          state: "not_connected",
          grant: "authorization_code",
        });
        // Without tokens the checkout still prices, with the flat price.
        const { data: regions } = await api.get("/store/regions", store);
        const { data: products } = await api.get("/store/products?fields=*variants", store);
        const variant = products.products[0].variants[0];
        const { data: created } = await api.post(
          "/store/carts",
          {
            region_id: regions.regions[0].id,
            shipping_address: {
              first_name: "Jan",
              last_name: "Kowalski",
              address_1: "ul. Długa 5",
              postal_code: "80-831",
              city: "Gdańsk",
              country_code: "pl",
              phone: "601234567",
            },
            items: [{ variant_id: variant.id, quantity: 1 }],
          },
          store,
        );
        const cartId = created.cart.id;
        const { data: listed } = await api.get(`/store/shipping-options?cart_id=${cartId}`, store);
        const courier = listed.shipping_options.find(
          (o: { data: { id: string } }) => o.data.id === "dpd",
        );
        const price = async () =>
          (
            await api.post(
              `/store/shipping-options/${courier.id}/calculate`,
              { cart_id: cartId, data: {} },
              store,
            )
          ).data.shipping_option.amount;
        expect(await price()).toBe(19.99);

        // return_to outside the allow-list is refused, naming the field.
        const refused = await api.post(
          "/admin/shipbridge/connection",
          { return_to: "https://attacker.example/app" },
          { ...admin, validateStatus: () => true },
        );
        expect(refused.status).toBe(400);
        expect(refused.data.message).toContain("return_to");
        const lookalike = await api.post(
          "/admin/shipbridge/connection",
          { return_to: "http://localhost:3000.attacker.example/" },
          { ...admin, validateStatus: () => true },
        );
        expect(lookalike.status).toBe(400);

        // Connect: the admin asks for the service's page, the merchant logs
        // in and consents there, the browser comes back to the callback.
        const returnTo = "http://localhost:3000/?connected=medusa";
        const { data: started } = await api.post(
          "/admin/shipbridge/connection",
          { return_to: returnTo },
          admin,
        );
        const authorizationUrl = new URL(started.authorization_url);
        expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(
          `${sandbox}/oauth/authorize`,
        );
        expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(
          `${backend}/hooks/shipbridge/connect/callback`,
        );
        // The service's pages speak the admin's language (ui_locales), the
        // plugin's (English unless configured) when the request names none.
        expect(authorizationUrl.searchParams.get("ui_locales")).toBe("en");
        const { data: inPolish } = await api.post(
          "/admin/shipbridge/connection",
          { return_to: returnTo },
          { headers: { ...admin.headers, "accept-language": "pl-PL,pl;q=0.9" } },
        );
        expect(new URL(inPolish.authorization_url).searchParams.get("ui_locales")).toBe("pl");
        const callback = await authorizeInBrowser(started.authorization_url, merchant);
        expect(callback.startsWith(`${backend}/hooks/shipbridge/connect/callback?`)).toBe(true);
        const back = await fetch(callback, { redirect: "manual" });
        expect(back.status).toBe(302);
        expect(back.headers.get("location")).toBe(returnTo);
        expect((await connection()).state).toBe("connected");
        // The account's tracking pushes now come to this store; pointed
        // elsewhere (another tool), the admin brings them back.
        const ours = `${backend}/hooks/shipbridge/tracking`;
        expect(await trackingWebhookUrl()).toBe(ours);
        await trackingWebhookUrl("https://another-tool.example/pushes");
        const { data: taken } = await api.post("/admin/shipbridge/tracking-webhook", {}, admin);
        expect(taken).toEqual({ result: "registered" });
        expect(await trackingWebhookUrl()).toBe(ours);

        // The state works once: the same callback again is refused.
        const replay = await fetch(callback, { redirect: "manual" });
        expect(replay.status).toBe(400);
        expect(await replay.text()).toContain("state");
        expect((await connection()).state).toBe("connected");

        // The provider and the module use the stored tokens.
        const quoted = await price();
        expect(quoted).toBeGreaterThan(0);
        expect(quoted).not.toBe(19.99);
        const { data: near } = await api.get(
          `/store/shipbridge/pickup-points?service=inpost&cart_id=${cartId}`,
          store,
        );
        expect(near.points.length).toBeGreaterThan(0);

        // The merchant denies access on a second try: nothing changes, and
        // the browser goes back with the error.
        const { data: again } = await api.post("/admin/shipbridge/connection", {}, admin);
        const denied = await authorizeInBrowser(again.authorization_url, {
          ...merchant,
          decision: "deny",
        });
        const deniedBack = await fetch(denied, { redirect: "manual" });
        expect(deniedBack.status).toBe(302);
        const deniedTo = new URL(deniedBack.headers.get("location") ?? "");
        expect(deniedTo.origin + deniedTo.pathname).toBe(`${backend}/app`);
        expect(deniedTo.searchParams.get("connect_error")).toMatch(/\S/);
        expect((await connection()).state).toBe("connected");

        // The service revokes every token: the account needs reconnecting,
        // and says so until it is.
        await fetch(`${sandbox}/_sandbox/reset`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ tokens: true }),
        });
        // Finding that out writes nothing: the account links stay as they were.
        const shipbridge = container.resolve("shipbridge") as {
          listAccountLinks(filters: object): Promise<{ id: string; updated_at: Date }[]>;
        };
        const links = async () =>
          JSON.stringify((await shipbridge.listAccountLinks({})).map((link) => ({ ...link })));
        const linksBefore = await links();
        expect(linksBefore).not.toBe("[]");
        expect((await connection()).state).toBe("reconnect");
        expect((await connection()).state).toBe("reconnect");
        const { data: panel } = await api.get(
          `/admin/shipbridge/orders/order_none/shipments`,
          admin,
        );
        expect(panel.account).toBe("reconnect");
        expect(await links()).toBe(linksBefore);
        // The widget's panel offers Reconnect (the connect flow), and before
        // the first connection it offers Connect.
        const reconnectHtml = await renderPanel(panel);
        expect(reconnectHtml).toMatch(
          /<button[^>]*data-shipbridge="reconnect"[^>]*>Reconnect<\/button>/,
        );
        expect(reconnectHtml).toContain("No shipments yet.");
        const neverHtml = await renderPanel({ ...panel, account: "not_connected" });
        expect(neverHtml).toMatch(/<button[^>]*data-shipbridge="connect"[^>]*>Connect<\/button>/);

        const { data: reconnect } = await api.post("/admin/shipbridge/connection", {}, admin);
        const reconnected = await fetch(
          await authorizeInBrowser(reconnect.authorization_url, merchant),
          { redirect: "manual" },
        );
        expect(reconnected.headers.get("location")).toBe(`${backend}/app`);
        expect((await connection()).state).toBe("connected");
      });
    });
  },
});
