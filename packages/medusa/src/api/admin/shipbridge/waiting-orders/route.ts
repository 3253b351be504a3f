// GET /admin/shipbridge/waiting-orders: the orders waiting for a parcel of
// this plugin (the ones a batch's `all_waiting` would ship), oldest first,
// with what the shipping page lists of each.
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http";
import { ContainerRegistrationKeys } from "@medusajs/framework/utils";
import { type GraphQuery, waitingOrderIds } from "../../../../lib/batch-orders.ts";
import { PROVIDER_PREFIX } from "../../../../lib/provider-id.ts";
import { answeringErrors } from "../../../../lib/route-errors.ts";

interface OrderRow {
  id: string;
  display_id?: number | null;
  email?: string | null;
  created_at?: string | Date | null;
  shipping_address?: {
    first_name?: string | null;
    last_name?: string | null;
    city?: string | null;
  } | null;
  shipping_methods?: { name?: string | null }[] | null;
}

export const GET = answeringErrors(
  async (req: MedusaRequest, res: MedusaResponse): Promise<void> => {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as GraphQuery;
    const ids = await waitingOrderIds(query, PROVIDER_PREFIX);
    const { data } =
      ids.length === 0
        ? { data: [] }
        : await query.graph({
            entity: "order",
            fields: [
              "id",
              "display_id",
              "email",
              "created_at",
              "shipping_address.first_name",
              "shipping_address.last_name",
              "shipping_address.city",
              "shipping_methods.name",
            ],
            filters: { id: ids },
          });
    const byId = new Map((data as OrderRow[]).map((order) => [order.id, order]));
    res.json({
      orders: ids.flatMap((id) => {
        const order = byId.get(id);
        if (order === undefined) return [];
        const address = order.shipping_address;
        return [
          {
            id,
            display_id: order.display_id ?? null,
            email: order.email ?? null,
            created_at: order.created_at ? new Date(order.created_at).toISOString() : null,
            customer: [address?.first_name, address?.last_name].filter(Boolean).join(" ") || null,
            city: address?.city ?? null,
            shipping: (order.shipping_methods ?? [])
              .map((method) => method.name ?? "")
              .filter(Boolean),
          },
        ];
      }),
    });
  },
);
