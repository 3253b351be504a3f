// The orders page, server-rendered HTML that works without scripts (Polaris
// sections, badges and banners around a plain table and form): every
// order the app knows, those not shipped yet (waiting, or needing
// attention, with their problems) each with a checkbox; "Ship selected" and
// "Ship all waiting" send them as one batch (the form's own key makes a
// double click one batch); and the shop's recent batches.
import type { Language } from "@shipbridge/core";
import { html } from "hono/html";
import type { BatchRow } from "../store/batches.ts";
import { stageText } from "./batch-page.ts";
import { counted, fill, orderTexts } from "./order-texts.ts";
import type { ShopOrderShipment } from "./order-view.ts";
import { hiddenAuth, type PageAuth, pageFrame, pageQuery } from "./page-frame.ts";
import { problemList } from "./problem-list.ts";

export interface OrdersPageData {
  readonly auth: PageAuth;
  readonly language: Language;
  readonly orders: readonly ShopOrderShipment[];
  readonly batches: readonly BatchRow[];
  /** The key of the batch this page's form makes: new on every load. */
  readonly batchKey: string;
  /** Asked to ship, but none of the orders could be. */
  readonly nothingToShip?: boolean;
}

const SELECTABLE = new Set(["waiting", "needs_attention"]);

/** A status's Polaris badge tone. */
export function statusTone(status: string): string {
  switch (status) {
    case "fulfilled":
    case "delivered":
      return "success";
    case "needs_attention":
    case "cancelled_after_order":
      return "critical";
    case "waiting":
      return "warning";
    default:
      return "info";
  }
}

export function ordersPage(data: OrdersPageData) {
  const { auth, language } = data;
  const t = orderTexts(language);
  const waiting = data.orders.filter((order) => order.status === "waiting").length;
  const body = html`${data.nothingToShip ? html`<s-banner tone="warning"><p role="alert">${t.nothingToShip}</p></s-banner>` : ""}
<s-section>
<form method="post" action="/orders/batch${pageQuery(auth)}">
${hiddenAuth(auth)}<input type="hidden" name="batch_key" value="${data.batchKey}" />
${
  data.orders.length === 0
    ? html`<p>${t.noOrders}</p>`
    : html`<div class="table-wrap"><table>
<thead><tr><th>${t.select}</th><th>${t.order}</th><th>${t.customer}</th><th>${t.carrier}</th><th>${t.status}</th><th>${t.tracking}</th><th>${t.problems}</th></tr></thead>
<tbody>${data.orders.map(
        (order) => html`<tr id="order-${order.orderId}">
<td>${SELECTABLE.has(order.status) ? html`<input type="checkbox" name="order_id" value="${order.orderId}" aria-label="${order.orderName}" />` : ""}</td>
<td>${order.orderName}</td><td>${order.customer ?? ""}</td>
<td>${order.service ?? ""}${order.pickupPoint ? ` (${order.pickupPoint})` : ""}</td>
<td><s-badge tone="${statusTone(order.status)}">${t.statuses[order.status] ?? order.status}</s-badge></td>
<td>${order.trackingUrl ? html`<a href="${order.trackingUrl}">${order.trackingNumber}</a>` : (order.trackingNumber ?? "")}</td>
<td>${problemList(order.problems, language)}</td></tr>`,
      )}</tbody>
</table></div>`
}
<button type="submit" name="all" value="">${t.shipSelected}</button>
<button type="submit" name="all" value="waiting" ${waiting === 0 ? "disabled" : ""}>${fill(t.shipAllWaiting, waiting)}</button>
</form>
</s-section>
<s-section>
<h2>${t.batches}</h2>
${
  data.batches.length === 0
    ? html`<p>${t.noBatches}</p>`
    : html`<ul>${data.batches.map(
        (batch) =>
          html`<li><a href="/orders/batches/${batch.id}${pageQuery(auth)}">${batch.createdAt.toISOString().slice(0, 16).replace("T", " ")}</a>: ${counted(t, t.batchOf, batch.total)}, ${batch.status === "done" ? t.done : stageText(t, batch)}</li>`,
      )}</ul>`
}
</s-section>`;
  return pageFrame(language, t.ordersTitle, auth, body);
}
