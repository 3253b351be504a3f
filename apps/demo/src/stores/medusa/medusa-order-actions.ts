// What the merchant does to one order of the Medusa store after checkout,
// through its admin API as the admin UI does: a return with the plugin's
// return shipping option (begin, request the shipped items, the option, then
// request: the plugin buys the return parcel), its parcel, label and tracking
// from the plugin's shipments; and the order's pickup point, listed and
// changed through the plugin's pickup-point route (checked at the service).
import { OrderActionError } from "../order-action-error.ts";
import type { RoutePoint } from "../points.ts";
import { type MedusaApi, MedusaApiError } from "./medusa-api.ts";
import type { MedusaShipment } from "./medusa-orders.ts";

/** The plugin's return option in the seeded store: DPD, from the customer to the shop. */
const RETURN_OPTION = "dpd-return";

export interface MedusaPickupPoint {
  readonly point: { code: string; service: string; name: string | null; address: unknown };
  readonly changeable: boolean;
  readonly points: readonly {
    code: string;
    name: string;
    address: unknown;
    coordinates?: RoutePoint["coordinates"];
  }[];
}

export class MedusaOrderActions {
  readonly #api: MedusaApi;

  constructor(api: MedusaApi) {
    this.#api = api;
  }

  /** Starts and requests a return of every item of the order; answers the return's id. */
  async startReturn(orderId: string, language: "en" | "pl"): Promise<{ returnId: string }> {
    const id = encodeURIComponent(orderId);
    const { order } = await this.#api.admin<{
      order: { id: string; items: { id: string; quantity: number }[] };
    }>(`/admin/orders/${id}?fields=id,*items`, { language });
    const [{ shipping_options }, { stock_locations }] = await Promise.all([
      this.#api.admin<{ shipping_options: { id: string; data?: { id?: string } | null }[] }>(
        "/admin/shipping-options?fields=id,data&limit=100",
        { language },
      ),
      this.#api.admin<{ stock_locations: { id: string }[] }>("/admin/stock-locations?limit=1", {
        language,
      }),
    ]);
    const option = shipping_options.find((candidate) => candidate.data?.id === RETURN_OPTION);
    const location = stock_locations[0];
    if (!option || !location) {
      throw new OrderActionError(
        "no_return_option",
        language === "pl"
          ? "Sklep nie ma opcji zwrotu ani magazynu, do którego wraca paczka"
          : "The store has no return option or stock location for the parcel to go back to",
        502,
      );
    }
    const begun = await this.#api.admin<{ return: { id: string } }>("/admin/returns", {
      body: { order_id: order.id, location_id: location.id },
      language,
    });
    const returnId = begun.return.id;
    try {
      await this.#api.admin(`/admin/returns/${returnId}/request-items`, {
        body: { items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })) },
        language,
      });
      await this.#api.admin(`/admin/returns/${returnId}/shipping-method`, {
        body: { shipping_option_id: option.id },
        language,
      });
      await this.#api.admin(`/admin/returns/${returnId}/request`, { body: {}, language });
    } catch (error) {
      // A begun return is an open order change: left, it would block every later
      // return, claim or edit of the order. Cancel it, then refuse cleanly.
      await this.#api
        .admin(`/admin/returns/${returnId}/request`, { method: "DELETE", language })
        .catch(() => undefined);
      const store = error instanceof MedusaApiError ? error : undefined;
      throw new OrderActionError(
        "return_refused",
        language === "pl"
          ? "Sklep nie przyjął zwrotu; nic nie zostało zmienione, można spróbować ponownie"
          : "The store did not take the return; nothing was changed, it can be tried again",
        409,
        [
          {
            path: "return",
            rule: store?.medusaCode ?? "refused",
            message: (error instanceof Error ? error.message : String(error)).replace(
              /^[A-Z]+ \/\S*: \d{3} /,
              "",
            ),
          },
        ],
      );
    }
    return { returnId };
  }

  /** The return parcels the plugin bought (its shipments marked as returns). */
  async returns(): Promise<MedusaShipment[]> {
    const { shipments } = await this.#api.admin<{ shipments: MedusaShipment[] }>(
      "/admin/shipbridge/shipments?limit=1000&offset=0",
    );
    return shipments.filter((shipment) => shipment.is_return);
  }

  /** A return parcel's label PDF (by its shipment id), or null. */
  async returnLabel(shipmentId: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    const shipment = (await this.returns()).find((candidate) => candidate.id === shipmentId);
    if (!shipment?.has_label) return null;
    const response = await this.#api.adminRaw(
      `/admin/shipbridge/fulfillments/${encodeURIComponent(shipment.fulfillment_id)}/label`,
    );
    if (!response.ok) return null;
    return {
      body: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get("content-type") ?? "application/pdf",
    };
  }

  /** The order's point, whether it can change, and the open points near its address. */
  pickupPoint(orderId: string, language: "en" | "pl"): Promise<MedusaPickupPoint> {
    return this.#api.admin<MedusaPickupPoint>(
      `/admin/shipbridge/orders/${encodeURIComponent(orderId)}/pickup-point`,
      { language },
    );
  }

  /** The open points of a carrier near an address, from the store API's pickup-point route. */
  async nearbyPoints(
    service: string,
    address: { postcode: string; city: string },
  ): Promise<RoutePoint[]> {
    const query = new URLSearchParams({ service, ...address, limit: "10" });
    const { points } = await this.#api.store<{ points: RoutePoint[] }>(
      `/store/shipbridge/pickup-points?${query}`,
    );
    return points;
  }

  /** Changes the point once the service confirms it takes the parcel (a refusal throws). */
  async changePickupPoint(
    orderId: string,
    code: string,
    language: "en" | "pl",
  ): Promise<Omit<MedusaPickupPoint, "points">> {
    const response = await this.#api.adminRaw(
      `/admin/shipbridge/orders/${encodeURIComponent(orderId)}/pickup-point`,
      { body: { point_id: code }, language },
    );
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return body as unknown as Omit<MedusaPickupPoint, "points">;
    // The plugin's refusal, in the language asked: `{ type, code, message }`.
    const message = typeof body["message"] === "string" ? body["message"] : "";
    const refusal = typeof body["code"] === "string" ? body["code"] : "point_refused";
    if (response.status >= 500 || message === "") {
      throw new MedusaApiError(response.status, `pickup-point: ${response.status} ${message}`);
    }
    // "pickup_point WAW01M point_closed: the point is closed; choose another…": the
    // point and the reason for people, the path and rule kept in the issue.
    const parts = /^pickup_point (\S+) \S+: (.*)$/.exec(message);
    const readable = parts ? `${parts[1]}: ${parts[2]}` : message.replace(/^pickup_point: /, "");
    throw new OrderActionError(refusal, readable, response.status === 404 ? 404 : 422, [
      { path: "pickup_point", rule: refusal, message },
    ]);
  }
}
