// The courier page of a batch, plain HTML that works without scripts (in
// Polaris sections): for
// each carrier of its parcels, the pickup booked (with its number, and a
// button that cancels it) or the days and windows the courier can come
// (choose one and book); then the parcels handed in at a point or locker,
// which need no courier, and those no courier can take now, with why.
import type { Language } from "@shipbridge/core";
import { html } from "hono/html";
import type { BatchCourier } from "../day/batch-courier.ts";
import { counted, fill, orderTexts } from "./order-texts.ts";
import { hiddenAuth, type PageAuth, pageFrame, pageQuery } from "./page-frame.ts";

export interface CourierPageData {
  readonly auth: PageAuth;
  readonly language: Language;
  readonly batchId: string;
  readonly courier: BatchCourier;
  /** What the last action answered (a refusal, a cancellation the service would not make). */
  readonly message?: string;
}

/** A proposed slot as the form sends it back: `date|from|to`. */
export function slotValue(date: string, from: string, to: string): string {
  return `${date}|${from}|${to}`;
}

export function courierPage(data: CourierPageData) {
  const { auth, language, courier } = data;
  const t = orderTexts(language);
  const base = `/orders/batches/${data.batchId}`;
  const body = html`<p><a href="${base}${pageQuery(auth)}">${t.back}</a></p>
${data.message ? html`<s-banner tone="critical"><p role="alert">${data.message}</p></s-banner>` : ""}
${courier.carriers.length === 0 ? html`<s-section><p>${t.noCourierParcels}</p></s-section>` : ""}
${courier.carriers.map(
  (carrier) => html`<s-section><section id="courier-${carrier.service}">
<h2>${carrier.service}: ${counted(t, t.courierParcels, carrier.packageIds.length)}</h2>
${carrier.booked.map(
  (pickup) => html`<p role="status">${fill(t.booked, {
    date: pickup.window.date,
    from: pickup.window.from,
    to: pickup.window.to,
  })}${pickup.pickupNumber ? `, ${fill(t.pickupNumber, pickup.pickupNumber)}` : ""} (${counted(t, t.courierParcels, pickup.packageIds.length)}).</p>
<form method="post" action="${base}/courier/cancel${pageQuery(auth)}">${hiddenAuth(auth)}<input type="hidden" name="command_id" value="${pickup.commandId}" /><button type="submit">${t.cancelPickup}</button></form>`,
)}
${
  carrier.open.length === 0
    ? ""
    : carrier.dates.length === 0
      ? html`<p>${t.noSlots}</p>`
      : html`<form method="post" action="${base}/courier${pageQuery(auth)}">${hiddenAuth(auth)}<input type="hidden" name="service" value="${carrier.service}" />
${carrier.dates
  .filter((day) => day.min_time && day.max_time)
  .map(
    (day, index) =>
      html`<label><input type="radio" name="slot" value="${slotValue(day.date, day.min_time ?? "", day.max_time ?? "")}" ${index === 0 ? "checked" : ""} /> ${day.date}, ${day.min_time}–${day.max_time}</label><br />`,
  )}
<button type="submit">${t.book} (${counted(t, t.courierParcels, carrier.open.length)})</button></form>`
}
</section></s-section>`,
)}
${
  courier.noPickupNeeded.length === 0
    ? ""
    : html`<s-section><h2>${t.noPickupNeeded}</h2><ul id="no-pickup-needed">${courier.noPickupNeeded.map(
        (entry) => html`<li>${entry.packageId} (${entry.service}): ${entry.reason}</li>`,
      )}</ul></s-section>`
}
${
  courier.unavailable.length === 0
    ? ""
    : html`<s-section><ul id="no-courier">${courier.unavailable.map(
        (entry) => html`<li>${entry.packageId} (${entry.service}): ${entry.reason}</li>`,
      )}</ul></s-section>`
}
${
  courier.pickups.some((pickup) => pickup.cancelled)
    ? html`<s-section><ul id="cancelled-pickups">${courier.pickups
        .filter((pickup) => pickup.cancelled)
        .map(
          (pickup) =>
            html`<li>${pickup.service}: ${pickup.window.date}, ${pickup.window.from}–${pickup.window.to} (${t.cancelled})</li>`,
        )}</ul></s-section>`
    : ""
}`;
  return pageFrame(language, t.courierTitle, auth, body);
}
