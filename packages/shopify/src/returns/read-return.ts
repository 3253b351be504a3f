// Reads one return from the shop's own Admin API (the ShopReturn query): the
// app acts on what the shop holds, never on a webhook body, which only says
// which return to look at. Undefined when the shop has no such return; a
// failure to ask throws, so the job is retried.
import type { Session, Shopify } from "@shopify/shopify-api";
import { SHOP_RETURN } from "../admin/return-documents.ts";

export interface AdminReturnAddress {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly company: string | null;
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly zip: string | null;
  readonly countryCodeV2: string | null;
  readonly phone: string | null;
}

export interface AdminReturnLine {
  readonly id: string;
  readonly quantity: number;
  readonly totalWeight?: { readonly unit: string; readonly value: number } | null;
  readonly fulfillmentLineItem?: {
    readonly id: string;
    readonly lineItem: { readonly id: string; readonly name: string; readonly sku: string | null };
  };
}

export interface AdminReverseDelivery {
  readonly id: string;
  readonly deliverable: {
    readonly tracking?: { readonly number: string | null; readonly url: string | null } | null;
    readonly label?: { readonly publicFileUrl: string | null } | null;
  } | null;
}

export interface AdminReverseFulfillmentOrder {
  readonly id: string;
  readonly status: "OPEN" | "CLOSED" | "CANCELED";
  readonly lineItems: {
    readonly nodes: readonly { readonly id: string; readonly totalQuantity: number }[];
  };
  readonly reverseDeliveries: { readonly nodes: readonly AdminReverseDelivery[] };
}

export interface AdminReturn {
  readonly id: string;
  readonly name: string;
  readonly status: "REQUESTED" | "OPEN" | "DECLINED" | "CANCELED" | "CLOSED";
  readonly order: {
    readonly id: string;
    readonly legacyResourceId: string;
    readonly name: string;
    readonly email: string | null;
    readonly phone: string | null;
    readonly shippingAddress: AdminReturnAddress | null;
    readonly shippingLine: { readonly code: string | null } | null;
  };
  readonly returnLineItems: {
    readonly nodes: readonly AdminReturnLine[];
    readonly pageInfo: { readonly hasNextPage: boolean };
  };
  readonly reverseFulfillmentOrders: { readonly nodes: readonly AdminReverseFulfillmentOrder[] };
}

/** The return's GID from its numeric id (or the GID itself). */
export function returnGid(id: string): string {
  return id.startsWith("gid://") ? id : `gid://shopify/Return/${id}`;
}

/** The numeric id at the end of a GID. */
export function legacyIdOf(gid: string): string {
  return gid.slice(gid.lastIndexOf("/") + 1);
}

export async function loadShopReturn(
  shopify: Shopify,
  session: Session,
  id: string,
): Promise<AdminReturn | undefined> {
  const graphql = new shopify.clients.Graphql({ session });
  const answer = await graphql.request<{ return: AdminReturn | null }>(SHOP_RETURN, {
    variables: { id: returnGid(id) },
  });
  return answer.data?.return ?? undefined;
}
