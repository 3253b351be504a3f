// The framework-free client of the picker: what a storefront's shipping step
// asks a Medusa store with @shipbridge/medusa, over its store API (the
// publishable key in `x-publishable-api-key`), with the browser's fetch.
// - `pickupOptions`: the cart's shipping options that need a pickup point;
// - `points`: the open points near the cart's address, or for a city,
//   postcode or point code the shopper typed;
// - `price`: the option's price to a point (calculated options come without
//   a price from the list: each needs POST /store/shipping-options/:id/calculate);
// - `choose`: the point as the cart's shipping method, which the plugin
//   checks at the service (a point closed since the list was shown is refused
//   with the plugin's message, as a PickerError).
import { acceptLanguage, type PickerLanguage, say } from "../i18n/messages.ts";
import { PICKER_ERROR_CODES, PickerError } from "./picker-error.ts";
import { readSearch } from "./search-query.ts";

/** A pickup point as the store's route gives it (the service's point, tolerant). */
export interface PickupPoint {
  readonly code: string;
  readonly name?: string | null;
  readonly service?: string | null;
  readonly type?: string | null;
  readonly address?: {
    readonly street?: string | null;
    readonly postcode?: string | null;
    readonly city?: string | null;
    readonly country_code?: string | null;
  } | null;
  readonly coordinates?: { readonly latitude: number; readonly longitude: number } | null;
  readonly distance?: number | null;
  readonly description?: string | null;
  readonly cod?: boolean | null;
  readonly opening_hours?: Readonly<
    Record<
      string,
      { readonly start_hour?: string | null; readonly end_hour?: string | null } | null
    >
  > | null;
}

/** A shipping option of the cart that delivers to a pickup point. */
export interface PickupOption {
  /** Medusa's shipping option id (`so_…`). */
  readonly id: string;
  readonly name: string;
  /** The carrier whose points it delivers to (e.g. `inpost`). */
  readonly service: string;
  /** `calculated` options have no price until `price` is asked. */
  readonly priceType: "calculated" | "flat";
  /** The listed amount (flat options), else null. */
  readonly amount: number | null;
}

export interface PickupClientOptions {
  /** The Medusa backend's address, e.g. `https://shop.example.com`; `""` for the page's own origin. */
  readonly baseUrl: string;
  /** A publishable API key of the store's sales channel (`pk_…`). */
  readonly publishableKey: string;
  /** The language of the store's messages; English by default. */
  readonly language?: PickerLanguage;
  /** Another fetch (a server-side renderer's); the global one by default. */
  readonly fetch?: typeof globalThis.fetch;
}

/** Per call: the language of the store's messages, when not the client's. */
export interface CallOptions {
  readonly language?: PickerLanguage;
  readonly signal?: AbortSignal;
}

export interface PointsQuery {
  /** The carrier of the option (`PickupOption.service`). */
  readonly service: string;
  /** The cart, whose delivery address the points are near. */
  readonly cartId: string;
  /** What the shopper typed: a city, a postcode or a point code; the cart's address when absent. */
  readonly search?: string;
  readonly limit?: number;
}

export interface PickupClient {
  readonly language: PickerLanguage;
  pickupOptions(cartId: string, options?: CallOptions): Promise<PickupOption[]>;
  points(query: PointsQuery, options?: CallOptions): Promise<PickupPoint[]>;
  price(
    optionId: string,
    cartId: string,
    pointCode: string,
    options?: CallOptions,
  ): Promise<number>;
  choose(optionId: string, cartId: string, pointCode: string, options?: CallOptions): Promise<void>;
}

/** The shipping method's `data` for a point: what the plugin's provider reads. */
export function pointData(pointCode: string): { point_id: string } {
  return { point_id: pointCode };
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function createPickupClient(options: PickupClientOptions): PickupClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const language = options.language ?? "en";
  const fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));

  async function call(
    method: "GET" | "POST",
    path: string,
    body: Json | undefined,
    call: CallOptions | undefined,
  ): Promise<Json> {
    const lang = call?.language ?? language;
    const headers: Record<string, string> = {
      accept: "application/json",
      "accept-language": acceptLanguage(lang),
      "x-publishable-api-key": options.publishableKey,
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(call?.signal === undefined ? {} : { signal: call.signal }),
      });
    } catch (cause) {
      if (call?.signal?.aborted) throw cause;
      throw new PickerError(PICKER_ERROR_CODES.network_error, say(lang, "unreachable"), { cause });
    }
    const json: unknown = (response.headers.get("content-type") ?? "").includes("json")
      ? await response.json().catch(() => undefined)
      : undefined;
    if (response.ok && isRecord(json)) return json;
    const message = isRecord(json) && typeof json["message"] === "string" ? json["message"] : "";
    if (response.status >= 400 && response.status < 500 && message !== "") {
      const storeCode = isRecord(json)
        ? [json["code"], json["type"]].find((v): v is string => typeof v === "string")
        : undefined;
      throw new PickerError(PICKER_ERROR_CODES.refused, message, {
        status: response.status,
        ...(storeCode === undefined ? {} : { storeCode }),
      });
    }
    throw new PickerError(
      PICKER_ERROR_CODES.unexpected_response,
      say(lang, "unexpected", { status: response.status }),
      { status: response.status },
    );
  }

  return {
    language,

    async pickupOptions(cartId, callOptions) {
      const answer = await call(
        "GET",
        `/store/shipping-options?cart_id=${encodeURIComponent(cartId)}&fields=+data`,
        undefined,
        callOptions,
      );
      const listed = Array.isArray(answer["shipping_options"]) ? answer["shipping_options"] : [];
      return listed.filter(isRecord).flatMap((option): PickupOption[] => {
        const data = isRecord(option["data"]) ? option["data"] : {};
        if (data["pickup_point"] !== true || typeof data["service"] !== "string") return [];
        const calculated = option["price_type"] === "calculated";
        return [
          {
            id: String(option["id"]),
            name: typeof option["name"] === "string" ? option["name"] : String(data["service"]),
            service: data["service"],
            priceType: calculated ? "calculated" : "flat",
            amount: !calculated && typeof option["amount"] === "number" ? option["amount"] : null,
          },
        ];
      });
    },

    async points(query, callOptions) {
      const params = new URLSearchParams({ service: query.service, cart_id: query.cartId });
      const search = query.search === undefined ? undefined : readSearch(query.search);
      if (search !== undefined) {
        for (const [key, value] of Object.entries(search)) params.set(key, value);
      }
      if (query.limit !== undefined) params.set("limit", String(query.limit));
      const answer = await call(
        "GET",
        `/store/shipbridge/pickup-points?${params}`,
        undefined,
        callOptions,
      );
      const points = Array.isArray(answer["points"]) ? answer["points"] : [];
      return points.filter(
        (point): point is PickupPoint => isRecord(point) && typeof point["code"] === "string",
      );
    },

    async price(optionId, cartId, pointCode, callOptions) {
      const answer = await call(
        "POST",
        `/store/shipping-options/${encodeURIComponent(optionId)}/calculate`,
        { cart_id: cartId, data: pointData(pointCode) },
        callOptions,
      );
      const option = isRecord(answer["shipping_option"]) ? answer["shipping_option"] : {};
      const amount = option["amount"];
      if (typeof amount !== "number") {
        throw new PickerError(
          PICKER_ERROR_CODES.unexpected_response,
          say(callOptions?.language ?? language, "unexpected", { status: 200 }),
          { status: 200 },
        );
      }
      return amount;
    },

    async choose(optionId, cartId, pointCode, callOptions) {
      await call(
        "POST",
        `/store/carts/${encodeURIComponent(cartId)}/shipping-methods`,
        { option_id: optionId, data: pointData(pointCode) },
        callOptions,
      );
    },
  };
}
