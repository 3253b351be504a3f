// What the merchant does to one order of the simulated Shopify store after
// checkout, as Shopify runs it: a return made in the shop's admin
// (`returnCreate` through the fake Admin API, whose returns/* webhooks go to
// the app signed, as Shopify sends them; the app buys the return parcel and
// attaches its label and tracking to the return), and the order's pickup
// point changed through the app's own order block (its extension API, with
// the ID token Shopify's admin would give it, minted with the app's secret).
import type { ShopMerchant } from "@shipbridge/shopify";
import { makeSessionToken, webhookRequest } from "@shipbridge/shopify/testing";
import { OrderActionError } from "../order-action-error.ts";
import type { FakeStore } from "./fake-store.ts";

export interface ShopifyActionsOptions {
  readonly store: FakeStore;
  readonly shop: string;
  readonly appUrl: string;
  readonly apiKey: string;
  readonly apiSecretKey: string;
  readonly merchant: ShopMerchant;
}

/** One return of the shop as the dashboard lists it. */
export interface ShopifyReturnView {
  readonly returnId: string;
  readonly name: string;
  readonly orderId: string;
  readonly status: string;
  readonly packageId: string | null;
  readonly trackingNumber: string | null;
  readonly trackingState: string | null;
  readonly hasLabel: boolean;
}

/** The part of the app's order block (its `OrderCard`) the demo reads. */
export interface OrderBlock {
  readonly order: {
    readonly pickupPoint: string | null;
    readonly service: string | null;
    readonly actions: { readonly changePoint: boolean };
  } & Record<string, unknown>;
}

function isOrderBlock(answer: unknown): answer is OrderBlock {
  const order = (answer as { order?: unknown } | null)?.order as
    | Record<string, unknown>
    | undefined;
  const actions = order?.["actions"] as { changePoint?: unknown } | undefined;
  return (
    typeof order === "object" &&
    order !== null &&
    (order["pickupPoint"] === null || typeof order["pickupPoint"] === "string") &&
    (order["service"] === null || typeof order["service"] === "string") &&
    typeof actions?.changePoint === "boolean"
  );
}

const RETURN_CREATE = `mutation MerchantReturnCreate($input: ReturnInput!) {
  returnCreate(returnInput: $input) { return { id name status } userErrors { field message code } }
}`;

export class ShopifyOrderActions {
  readonly #options: ShopifyActionsOptions;

  constructor(options: ShopifyActionsOptions) {
    this.#options = options;
    // Shopify sends the returns webhooks to the app, signed with its secret.
    // Shopify sends the returns webhooks to the app, signed with its secret. A
    // refused delivery is logged once per topic and status (never its payload):
    // the clock's reconcile pass recovers the return later.
    const logged = new Set<string>();
    options.store.fake.returns.onWebhook = async (shop, topic, payload) => {
      const response = await fetch(
        webhookRequest({
          url: new URL("/webhooks", options.appUrl).href,
          apiSecretKey: options.apiSecretKey,
          shop,
          topic,
          payload,
        }),
      );
      await response.arrayBuffer();
      const seen = `${topic} ${response.status}`;
      if (!response.ok && !logged.has(seen)) {
        logged.add(seen);
        console.error(`demo: the Shopify app answered ${response.status} to a ${topic} webhook`);
      }
    };
  }

  /** The merchant starts a return of the whole order in the shop's admin. */
  async startReturn(
    orderId: string,
    language: "en" | "pl",
  ): Promise<{ returnId: string; name: string }> {
    const { fake } = this.#options.store;
    const shop = this.#options.shop;
    const orderGid = `gid://shopify/Order/${orderId}`;
    const lines = fake.returns
      .fulfillmentLines(shop, orderGid)
      .map((line) => ({ fulfillmentLineItemId: line.id, quantity: line.quantity }));
    if (lines.length === 0) {
      throw new OrderActionError(
        "not_returnable",
        language === "pl"
          ? "To zamówienie nie ma nic wysłanego do zwrotu"
          : "This order has nothing shipped to return",
        409,
      );
    }
    const response = await fake.fetch(`https://${shop}/admin/api/${fake.apiVersion}/graphql.json`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-access-token": fake.issueAccessToken(shop),
      },
      body: JSON.stringify({
        query: RETURN_CREATE,
        variables: { input: { orderId: orderGid, returnLineItems: lines } },
      }),
    });
    this.#options.store.save();
    const body = (await response.json()) as {
      data?: {
        returnCreate?: {
          return: { id: string; name: string } | null;
          userErrors: { field?: string[] | null; message: string; code?: string | null }[];
        };
      };
      errors?: { message: string }[];
    };
    const made = body.data?.returnCreate;
    if (!made?.return) {
      // The shop's own (English) words go into the issues, each with its field and code.
      const issues = [
        ...(body.errors ?? []).map((error) => ({
          path: "return",
          rule: "admin_api_error",
          message: error.message,
        })),
        ...(made?.userErrors ?? []).map((error) => ({
          path: error.field?.join(".") || "return",
          rule: error.code ?? "invalid",
          message: error.message,
        })),
      ];
      throw new OrderActionError(
        "return_refused",
        language === "pl" ? "Sklep odmówił zwrotu tego zamówienia" : "The shop refused the return",
        409,
        issues,
      );
    }
    return { returnId: made.return.id, name: made.return.name };
  }

  /** The shop's returns with the parcels the app bought for them. */
  async returns(language: "en" | "pl"): Promise<ShopifyReturnView[]> {
    const rows = await this.#options.merchant.returns({ language });
    return rows.map((row) => ({
      returnId: row.returnId,
      name: row.returnName,
      orderId: row.orderId,
      status: row.status,
      packageId: row.packageId === null ? null : String(row.packageId),
      trackingNumber: row.trackingNumbers[0] ?? null,
      trackingState: row.trackingState,
      hasLabel: this.#label(row.returnId) !== undefined,
    }));
  }

  /** The return's label as the shop keeps it (fetched by Shopify from the app's link). */
  returnLabel(returnId: string): { body: Uint8Array; contentType: string } | null {
    const label = this.#label(returnId);
    return label ? { body: label.bytes, contentType: label.contentType } : null;
  }

  #label(returnId: string) {
    const gid = /^\d+$/.test(returnId) ? `gid://shopify/Return/${returnId}` : returnId;
    const found = this.#options.store.fake.returns.get(this.#options.shop, gid);
    for (const rfo of found?.reverseFulfillmentOrders ?? []) {
      for (const delivery of rfo.deliveries) if (delivery.label) return delivery.label;
    }
    return undefined;
  }

  /** Where the order goes (its shipping address's postcode and city), from the shop. */
  address(orderId: string): { postcode: string; city: string } | undefined {
    const order = this.#options.store.fake.order(
      this.#options.shop,
      `gid://shopify/Order/${orderId}`,
    );
    const address = order?.details?.shipping_address;
    if (!address?.zip || !address.city) return undefined;
    return { postcode: String(address.zip), city: String(address.city) };
  }

  /** The order's block in the Shopify admin, as the app's extension API answers it. */
  async orderBlock(orderId: string, language: "en" | "pl"): Promise<OrderBlock> {
    const answer = await this.#extension("GET", `/orders/${encodeURIComponent(orderId)}`, language);
    if (!isOrderBlock(answer)) {
      throw new OrderActionError(
        "store_error",
        language === "pl"
          ? "Aplikacja odpowiedziała czymś, co nie jest blokiem zamówienia"
          : "The app answered something that is not an order block",
        502,
      );
    }
    return answer;
  }

  /**
   * Changes the order's pickup point through the admin block's check at the
   * service; a refused point throws OrderActionError with the service's issues.
   */
  async changePickupPoint(
    orderId: string,
    code: string,
    language: "en" | "pl",
  ): Promise<{ code: string; service: string }> {
    const answer = await this.#extension(
      "POST",
      `/orders/${encodeURIComponent(orderId)}/pickup-point`,
      language,
      { code },
    );
    const point = (answer as { pickupPoint?: unknown }).pickupPoint as
      | { code?: unknown; service?: unknown }
      | undefined;
    if (typeof point?.code !== "string" || typeof point.service !== "string") {
      throw new OrderActionError(
        "store_error",
        language === "pl"
          ? "Aplikacja nie podała nowego punktu odbioru"
          : "The app did not name the new pickup point",
        502,
      );
    }
    return { code: point.code, service: point.service };
  }

  async #extension(
    method: string,
    path: string,
    language: "en" | "pl",
    body?: unknown,
  ): Promise<unknown> {
    const token = makeSessionToken({
      apiKey: this.#options.apiKey,
      apiSecretKey: this.#options.apiSecretKey,
      shop: this.#options.shop,
    });
    const url = new URL(`/extension-api${path}`, this.#options.appUrl);
    url.searchParams.set("language", language);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "accept-language": language,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return answer;
    // The app's refusal: `{ error: code, message, messages, issues? }` in the language asked.
    const error = answer as {
      error?: string;
      message?: string;
      issues?: { path: string; rule: string; message: string }[];
    };
    const status = response.status;
    throw new OrderActionError(
      typeof error.error === "string" ? error.error : "store_error",
      error.message ??
        (language === "pl" ? `Aplikacja odpowiedziała ${status}` : `The app answered ${status}`),
      status === 404 || status === 409 || status === 422 ? status : status === 400 ? 422 : 502,
      error.issues,
    );
  }
}
