// A Shopify return that is open (the merchant created it, or approved the
// customer's request) gets one return parcel: bought at the service with
// core's shipReturn (the customer hands it in at a locker or point, it goes
// to the shop's sender address), then attached to the return's reverse
// fulfillment order with reverseDeliveryCreateWithShipping (the label by a
// signed, short-lived link of the app, the tracking number and page, the
// customer notified by Shopify).
//
// Once only: every step for one return runs under its lock in the database
// (two deliveries, two instances take turns), shipReturn finds a parcel
// bought before a crash by its reference instead of paying twice, and before
// attaching, the reverse deliveries Shopify already holds are read, so a
// crash after the attach but before it was recorded finds it instead of
// attaching twice. A return cancelled meanwhile (the row says so under the
// same lock) is not shipped. Nothing is bought for a return that already
// carries a label (the merchant's, another app's) or has no open reverse
// fulfillment order to attach one to; a label Shopify refuses gets its
// parcel cancelled. Each needs the merchant's attention, in EN and PL.
import {
  cancelReturn,
  checkReturn,
  isShipOrderError,
  isValidationError,
  ShipbridgeError,
  shipReturn,
} from "@shipbridge/core";
import { ATTACH_RETURN_LABEL } from "../admin/return-documents.ts";
import type { ShipContext } from "../shipping/ship-context.ts";
import {
  claimReturn,
  loadReturn,
  type ReturnRow,
  recordReturnAttached,
  recordReturnBought,
  recordReturnIssues,
  recordReturnLabelRefused,
  withReturnLock,
} from "../store/returns.ts";
import { loadSettings } from "../store/settings.ts";
import { cancelReturnLocked } from "./cancel-shopify-return.ts";
import { chooseDropOff } from "./drop-off-point.ts";
import { labelLink } from "./label-link.ts";
import { type AdminReturn, legacyIdOf, loadShopReturn, returnGid } from "./read-return.ts";
import { bothLanguages, returnProblem, serviceRefusal } from "./return-issues.ts";
import { returnWeightKg, toStoreReturn } from "./to-store-return.ts";

/** What became of the return: its row's status, or that it is not one to ship now. */
export type ReturnOutcome = ReturnRow["status"] | "unknown_return" | "not_open";

/** Shopify refused to attach the label (reverseDeliveryCreateWithShipping's userErrors). */
export class ReturnAttachError extends ShipbridgeError {
  override readonly name = "ReturnAttachError";
}

const DONE: readonly ReturnRow["status"][] = [
  "attached",
  "delivered",
  "cancelled",
  "cancelled_after_handover",
];

export async function shipShopifyReturn(
  context: ShipContext,
  shop: string,
  id: string,
): Promise<ReturnOutcome> {
  const gid = returnGid(id);
  return withReturnLock(context.pool, shop, gid, async () => {
    const session = await context.sessions.get(shop);
    const read = await loadShopReturn(context.shopify, session, gid);
    if (!read) return "unknown_return";
    if (read.status === "CANCELED" || read.status === "DECLINED" || read.status === "CLOSED") {
      return cancelReturnLocked(context, shop, read);
    }
    if (read.status !== "OPEN") return "not_open";
    const entry = {
      shop,
      returnId: read.id,
      returnName: read.name,
      orderId: read.order.legacyResourceId,
    };
    let row =
      (await loadReturn(context.pool, shop, read.id)) ?? (await claimReturn(context.pool, entry));
    if (DONE.includes(row.status)) return row.status;
    // Attached before its job gave up (the answer lost): Shopify holds this app's delivery.
    const ours = ownDelivery(read, row);
    if (ours) {
      await recordReturnAttached(context.pool, shop, read.id, ours.id);
      return "attached";
    }
    if (row.status !== "bought") {
      const unshippable = labelProblem(read);
      if (unshippable !== undefined) {
        await recordReturnIssues(context.pool, shop, read.id, returnProblem(unshippable));
        return "needs_attention";
      }
      const bought = await buy(context, shop, read);
      if (bought !== "bought") return bought;
      row = (await loadReturn(context.pool, shop, read.id)) as ReturnRow;
    }
    return attach(context, shop, read, row);
  });
}

/**
 * The reverse delivery that carries this app's parcel (its tracking number),
 * if Shopify holds one, for a return bought or given up on while attaching
 * (not one whose parcel was cancelled or refused since).
 */
function ownDelivery(read: AdminReturn, row: ReturnRow) {
  const numbers = row.tracking?.numbers ?? [];
  const rule = Object.values(row.issues ?? {})[0]?.[0]?.rule;
  if (row.status === "needs_attention" && rule !== "gave_up") return undefined;
  if (numbers.length === 0) return undefined;
  return read.reverseFulfillmentOrders.nodes
    .flatMap((rfo) => rfo.reverseDeliveries.nodes)
    .find((delivery) => numbers.includes(delivery.deliverable?.tracking?.number ?? ""));
}

/**
 * Why no parcel is bought for the return: a label is on it already (the
 * merchant uploaded one, or another app attached one: before this app buys,
 * every delivery Shopify holds is someone else's), or there is no open
 * reverse fulfillment order to attach one to.
 */
function labelProblem(read: AdminReturn): "has_label" | "no_reverse_order" | undefined {
  const reverseOrders = read.reverseFulfillmentOrders.nodes;
  if (reverseOrders.some((rfo) => rfo.reverseDeliveries.nodes.length > 0)) return "has_label";
  if (!reverseOrders.some((rfo) => rfo.status === "OPEN")) return "no_reverse_order";
  return undefined;
}

async function buy(context: ShipContext, shop: string, read: AdminReturn): Promise<ReturnOutcome> {
  const { pool } = context;
  const { settings } = await loadSettings(pool, shop);
  if (read.returnLineItems.pageInfo.hasNextPage) {
    await recordReturnIssues(pool, shop, read.id, returnProblem("too_many_lines"));
    return "needs_attention";
  }
  if (!settings.sender) {
    await recordReturnIssues(pool, shop, read.id, returnProblem("no_sender"));
    return "needs_attention";
  }
  const client = context.connections.client(shop);
  const address = read.order.shippingAddress;
  const dropOff = await chooseDropOff(client, {
    shippingCode: read.order.shippingLine?.code,
    address: {
      postcode: address?.zip ?? "",
      city: address?.city ?? "",
      country_code: address?.countryCodeV2 ?? "PL",
    },
    weightKg: returnWeightKg(read),
    pointServices: settings.pointServices,
    defaultService: settings.defaultService,
  });
  if (!dropOff) {
    await recordReturnIssues(pool, shop, read.id, returnProblem("no_drop_off"));
    return "needs_attention";
  }
  const { name, company, street, postcode, city, country_code, phone, email } = settings.sender;
  const storeReturn = toStoreReturn(read, dropOff);
  const options = {
    storeId: shop,
    merchant: {
      name,
      ...(company ? { company } : {}),
      street,
      postcode,
      city,
      country_code,
      phone,
      ...(email ? { email } : {}),
    },
    ...(settings.parcel ? { parcel: settings.parcel } : {}),
    lock: context.tokenStore,
    language: settings.language,
  };
  try {
    const result = await shipReturn(client, storeReturn, options);
    await recordReturnBought(pool, shop, read.id, {
      packageId: result.packageId,
      tracking: { numbers: result.trackingNumbers, urls: result.trackingUrls },
      label: result.label.bytes,
      labelType: result.label.contentType,
    });
    return "bought";
  } catch (error) {
    // What the merchant must fix (the address, the point): listed, not retried.
    if (isValidationError(error)) {
      const issues = bothLanguages(error.issues, settings.language, (language) =>
        checkReturn(storeReturn, { ...options, language }),
      );
      await recordReturnIssues(pool, shop, read.id, issues);
      return "needs_attention";
    }
    if (isShipOrderError(error)) {
      await recordReturnIssues(pool, shop, read.id, serviceRefusal(error.code, error.message));
      return "needs_attention";
    }
    throw error;
  }
}

async function attach(
  context: ShipContext,
  shop: string,
  read: AdminReturn,
  row: ReturnRow,
): Promise<ReturnOutcome> {
  const numbers = row.tracking?.numbers ?? [];
  const reverseOrders = read.reverseFulfillmentOrders.nodes;
  // Attached before a crash: Shopify holds it already.
  const made = reverseOrders
    .flatMap((rfo) => rfo.reverseDeliveries.nodes)
    .find((delivery) => numbers.includes(delivery.deliverable?.tracking?.number ?? ""));
  if (made) {
    await recordReturnAttached(context.pool, shop, read.id, made.id);
    return "attached";
  }
  const target = reverseOrders.find((rfo) => rfo.status === "OPEN");
  if (!target) return "bought";
  const session = await context.sessions.get(shop);
  const graphql = new context.shopify.clients.Graphql({ session });
  const { hostScheme, hostName, apiSecretKey } = context.shopify.config;
  const answer = await graphql.request<{
    reverseDeliveryCreateWithShipping: {
      reverseDelivery: { id: string } | null;
      userErrors: { field: string[] | null; message: string }[];
    };
  }>(ATTACH_RETURN_LABEL, {
    variables: {
      reverseFulfillmentOrderId: target.id,
      lines: target.lineItems.nodes.map((line) => ({
        reverseFulfillmentOrderLineItemId: line.id,
        quantity: line.totalQuantity,
      })),
      label: {
        fileUrl: labelLink(`${hostScheme}://${hostName}`, apiSecretKey, shop, read.id, Date.now()),
      },
      tracking: {
        ...(numbers[0] ? { number: numbers[0] } : {}),
        ...(row.tracking?.urls[0] ? { url: row.tracking.urls[0] } : {}),
      },
    },
  });
  const payload = answer.data?.reverseDeliveryCreateWithShipping;
  const delivery = payload?.reverseDelivery;
  if (!delivery && payload && payload.userErrors.length > 0) {
    // Refused for good (another label took the quantities meanwhile): the parcel is given back.
    const message = payload.userErrors.map((error) => error.message).join("; ");
    await cancelReturn(context.connections.client(shop), legacyIdOf(read.id), {
      storeId: shop,
      lock: context.tokenStore,
      reason: `Shopify refused the label of return ${read.name}.`,
    });
    await recordReturnLabelRefused(
      context.pool,
      shop,
      read.id,
      returnProblem("label_refused", message),
    );
    return "needs_attention";
  }
  if (!delivery) {
    throw new ReturnAttachError(
      "return_label_refused",
      "Shopify did not answer the label's attach; it is tried again.",
    );
  }
  await recordReturnAttached(context.pool, shop, read.id, delivery.id);
  return "attached";
}
