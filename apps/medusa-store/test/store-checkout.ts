// How the store's tests buy through Medusa's store API as a storefront does
// (a cart to an address, the plugin's shipping option chosen by its code with
// its data, payment with the system provider, the cart completed), and how
// they read an HTTP answer, also when it is an error.
import { expect } from "vitest";
import { ADDRESS } from "./sandbox-account.ts";

// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
type Json = any;

/** The test runner's HTTP client (axios), as far as these helpers use it. */
export interface StoreApi {
  get(url: string, config?: unknown): Promise<{ data: Json }>;
  post(url: string, body: unknown, config?: unknown): Promise<{ data: Json }>;
}

export interface Answer {
  status: number;
  data: Record<string, unknown>;
  contentType: string;
  text: string;
}

/** The HTTP answer of a request, also when it is an error. */
export async function answer(request: Promise<unknown>): Promise<Answer> {
  const response = (await request.catch(
    (error: { response?: unknown }) => error.response ?? Promise.reject(error),
  )) as { status: number; data: unknown; headers?: Record<string, string> };
  const data = (typeof response.data === "object" ? response.data : {}) as Record<string, unknown>;
  return {
    status: response.status,
    data,
    contentType: String(response.headers?.["content-type"] ?? ""),
    text: typeof response.data === "string" ? response.data : JSON.stringify(response.data),
  };
}

export interface CartRequest {
  /** The plugin's option code (`data.id` of the shipping option), e.g. `dpd` or `inpost-point`. */
  readonly option: string;
  /** The shipping method's data, e.g. `{ point_id }` for a locker. */
  readonly data?: Record<string, unknown>;
  /** The variants and their quantities; the first product's first variant once when absent. */
  readonly items?: readonly { variant_id: string; quantity: number }[];
  readonly address?: Record<string, unknown>;
  readonly email?: string;
  /** An address the cart is moved to after its shipping method was chosen. */
  readonly later?: Record<string, unknown>;
}

interface OrderLine {
  id: string;
  quantity: number;
}

export interface PlacedOrder {
  id: string;
  /** An order has one line at least. */
  items: [OrderLine, ...OrderLine[]];
  [key: string]: unknown;
}

/** A cart with the option and its data, paid with the system provider, completed into an order. */
export async function placeOrder(
  api: StoreApi,
  store: unknown,
  request: CartRequest,
): Promise<PlacedOrder> {
  const { data: regions } = await api.get("/store/regions", store);
  let items = request.items;
  if (items === undefined) {
    const { data: products } = await api.get("/store/products?fields=*variants", store);
    items = [{ variant_id: products.products[0].variants[0].id, quantity: 1 }];
  }
  const { data: created } = await api.post(
    "/store/carts",
    {
      region_id: regions.regions[0].id,
      email: request.email ?? "anna@example.com",
      shipping_address: request.address ?? ADDRESS,
      items,
    },
    store,
  );
  const cartId = created.cart.id as string;
  const { data: listed } = await api.get(`/store/shipping-options?cart_id=${cartId}`, store);
  const option = listed.shipping_options.find(
    (o: { data: { id: string } }) => o.data.id === request.option,
  );
  expect(option, `the shipping option ${request.option}`).toBeDefined();
  await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: option.id, data: request.data ?? {} },
    store,
  );
  if (request.later !== undefined) {
    await api.post(`/store/carts/${cartId}`, { shipping_address: request.later }, store);
  }
  return payAndComplete(api, store, cartId);
}

/** Pays a cart with the system provider and completes it into an order. */
export async function payAndComplete(
  api: StoreApi,
  store: unknown,
  cartId: string,
): Promise<PlacedOrder> {
  const { data: collection } = await api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    store,
  );
  await api.post(
    `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    store,
  );
  const { data: completed } = await api.post(`/store/carts/${cartId}/complete`, {}, store);
  expect(completed.type).toBe("order");
  return completed.order as PlacedOrder;
}
