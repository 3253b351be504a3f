// Orders placed the way a shopper places them, over the store API of the
// store openAdmin() started: a cart to Gdańsk with two mugs, one of the
// plugin's shipping options (a locker chosen near the address for the
// locker option), the system payment, the cart completed.
import { ADDRESS } from "../sandbox-account.ts";
import type { OpenAdmin } from "./admin-browser.ts";

type Json = Record<string, unknown>;
interface Answers {
  keys: { api_keys: { title: string; token: string }[] };
  products: { products: { handle: string; variants: { id: string }[] }[] };
  regions: { regions: { id: string }[] };
  points: { points: { code: string }[] };
  cart: { cart: { id: string } };
  options: { shipping_options: { id: string; data?: { id?: string } }[] };
  collection: { payment_collection: { id: string } };
  completed: { type: string; order: { id: string; display_id: number } };
}

export interface Shopper {
  /** Places an order shipped with the option whose code is `optionCode` ("dpd", "inpost-point"). */
  place(optionCode: string): Promise<{ id: string; display_id: number }>;
  /** A locker near the address (its code). */
  readonly locker: string;
  /** Another locker near the address. */
  readonly otherLocker: string;
}

export async function shopper(admin: OpenAdmin): Promise<Shopper> {
  const { body: keys } = await admin.adminApi<Answers["keys"]>(
    "/admin/api-keys?type=publishable&limit=50",
  );
  const key = keys.api_keys.find((entry) => entry.title === "Web shop");
  if (key === undefined) throw new Error("the seeded publishable key is missing");
  const store = async <T = Json>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${admin.baseUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "x-publishable-api-key": key.token,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const products = await store<Answers["products"]>("/store/products?fields=*variants");
  const regions = await store<Answers["regions"]>("/store/regions");
  const variant = products.products.find((product) => product.handle === "kubek")?.variants[0];
  const region = regions.regions[0];
  if (variant === undefined || region === undefined) throw new Error("the store is not seeded");
  const near = await store<Answers["points"]>(
    "/store/shipbridge/pickup-points?service=inpost&postcode=80-831",
  );
  const locker = near.points[0]?.code ?? "";
  const otherLocker = near.points[1]?.code ?? "";

  return {
    locker,
    otherLocker,
    async place(optionCode) {
      const { cart } = await store<Answers["cart"]>("/store/carts", {
        region_id: region.id,
        email: "anna@example.com",
        shipping_address: ADDRESS,
        items: [{ variant_id: variant.id, quantity: 2 }],
      });
      const listed = await store<Answers["options"]>(`/store/shipping-options?cart_id=${cart.id}`);
      const option = listed.shipping_options.find((entry) => entry.data?.id === optionCode);
      if (option === undefined) throw new Error(`no shipping option ${optionCode}`);
      await store(`/store/carts/${cart.id}/shipping-methods`, {
        option_id: option.id,
        data: optionCode === "inpost-point" ? { point_id: locker } : {},
      });
      const { payment_collection } = await store<Answers["collection"]>(
        "/store/payment-collections",
        { cart_id: cart.id },
      );
      await store(`/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        provider_id: "pp_system_default",
      });
      const completed = await store<Answers["completed"]>(`/store/carts/${cart.id}/complete`, {});
      if (completed.type !== "order")
        throw new Error(`not completed: ${JSON.stringify(completed)}`);
      return completed.order;
    },
  };
}
