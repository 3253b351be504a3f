// The merchant's settings page, server-rendered HTML that works without
// JavaScript (plain forms and lists in Polaris sections and banners): the
// shipping account's connection (with a "reconnect" banner
// when the service refused the stored tokens), the sender, the box, the
// carriers and lockers offered at checkout, COD, when to ship, the orders
// that need attention (each issue with its field path, and a retry button),
// and the shipped orders' labels; in Polish or English (the shop's language).
import { html } from "hono/html";
import { issuesIn } from "../shipping/attention-issues.ts";
import type { ConnectionState, ShopSettings } from "../store/settings.ts";
import type { ShipmentRow } from "../store/shipments.ts";
import { appNav, PAGE_HEAD } from "./page-shell.ts";
import { PAGE_TEXTS } from "./page-texts.ts";
import type { FormProblem } from "./settings-form.ts";

const CARRIERS = ["inpost", "dpd", "dhl", "gls", "ups", "fedex", "poczta", "orlen"] as const;

export interface SettingsPageData {
  readonly shop: string;
  readonly settings: ShopSettings;
  readonly connection: ConnectionState;
  readonly shipments: readonly ShipmentRow[];
  /** Carried in every form and link of an embedded app. */
  readonly idToken: string | undefined;
  readonly problems?: readonly FormProblem[];
  readonly saved?: boolean;
  /** A "ship" was just queued. */
  readonly queued?: boolean;
}

export function settingsPage(data: SettingsPageData) {
  const { settings, connection, shop } = data;
  const sender = settings.sender;
  const auth = data.idToken
    ? html`<input type="hidden" name="id_token" value="${data.idToken}" />`
    : "";
  const query = (extra: string) =>
    `?shop=${encodeURIComponent(shop)}${data.idToken ? `&id_token=${encodeURIComponent(data.idToken)}` : ""}${extra}`;
  const attention = data.shipments.filter((row) => row.status === "needs_attention");
  const shipped = data.shipments.filter((row) => row.packageId !== undefined);
  const waiting = data.shipments.filter((row) => row.status === "waiting");
  const flagged = data.shipments.filter((row) => row.status === "cancelled_after_order");
  const field = (name: string, label: string, value: string | undefined) =>
    html`<label>${label} <input name="${name}" value="${value ?? ""}" /></label><br />`;
  const checkbox = (name: string, value: string, checked: boolean, label: string) =>
    html`<label><input type="checkbox" name="${name}" value="${value}" ${checked ? "checked" : ""} /> ${label}</label> `;
  const t = PAGE_TEXTS[settings.language] ?? PAGE_TEXTS.pl_PL;
  return html`<!doctype html>
<html lang="${t.lang}">
<head><meta charset="utf-8" /><title>${t.title}: ${shop}</title>${PAGE_HEAD}</head>
<body>
${appNav([
  { href: `/orders${query("")}`, label: t.navOrders },
  { href: `/orders/reckoning${query("")}`, label: t.navReckoning },
  { href: `/settings${query("")}`, label: t.title },
])}
<s-page heading="${t.title}">
<h1>${t.title}</h1>
${
  connection === "reconnect"
    ? html`<s-banner tone="critical"><p role="alert"><strong>${t.reconnect}</strong> ${t.reconnectWait} <a href="/connect${query("")}">${t.reconnectLink}</a></p></s-banner>`
    : connection === "connected"
      ? ""
      : html`<s-banner tone="warning"><p role="alert">${t.notConnected} <a href="/connect${query("")}">${t.connect}</a></p></s-banner>`
}
${data.saved ? html`<s-banner tone="success"><p role="status">${t.saved}</p></s-banner>` : ""}
${data.queued ? html`<s-banner tone="success"><p role="status">${t.queued}</p></s-banner>` : ""}
${
  data.problems && data.problems.length > 0
    ? html`<s-banner tone="critical"><ul role="alert">${data.problems.map((problem) => html`<li>${problem.field}: ${problem.message}</li>`)}</ul></s-banner>`
    : ""
}
<s-section>
<p>${t.shop}: ${shop}</p>
${connection === "connected" ? html`<p>${t.connected} <a href="/connect${query("")}">${t.connectAnother}</a></p>` : ""}
<p><a href="/orders${query("")}">${t.ordersPage}</a></p>
</s-section>
<s-section>
<form method="post" action="/settings${query("")}">
${auth}
<fieldset><legend>${t.sender}</legend>
${field("sender_name", t.name, sender?.name)}
${field("sender_company", t.company, sender?.company ?? undefined)}
${field("sender_street", t.street, sender?.street)}
${field("sender_postcode", t.postcode, sender?.postcode)}
${field("sender_city", t.city, sender?.city)}
${field("sender_country_code", t.country, sender?.country_code)}
${field("sender_phone", t.phone, sender?.phone)}
${field("sender_email", t.email, sender?.email ?? undefined)}
</fieldset>
<fieldset><legend>${t.box}</legend>
${field("parcel_width", t.width, settings.parcel ? String(settings.parcel.width) : undefined)}
${field("parcel_depth", t.depth, settings.parcel ? String(settings.parcel.depth) : undefined)}
${field("parcel_height", t.height, settings.parcel ? String(settings.parcel.height) : undefined)}
</fieldset>
<fieldset><legend>${t.carriers}</legend>
<p>${t.offered}: ${CARRIERS.map((carrier) => checkbox("services", carrier, settings.services.includes(carrier), carrier))}</p>
<p>${t.points}: ${CARRIERS.map((carrier) => checkbox("point_services", carrier, settings.pointServices.includes(carrier), carrier))}</p>
${field("default_service", t.defaultService, settings.defaultService)}
</fieldset>
<fieldset><legend>${t.rates}</legend>
${checkbox("rates_enabled", "on", settings.ratesEnabled, t.ratesEnabled)}<br />
${field("backup_name", t.backupName, settings.backupRates[0]?.name)}
${field("backup_price", t.backupPrice, settings.backupRates[0] ? String(settings.backupRates[0].price) : undefined)}
</fieldset>
<fieldset><legend>${t.orders}</legend>
${field("cod_iban", t.iban, settings.codIban)}
<p>${t.shipWhen}:
<label><input type="radio" name="ship_on" value="orders/paid" ${settings.shipOn === "orders/paid" ? "checked" : ""} /> ${t.whenPaid}</label>
<label><input type="radio" name="ship_on" value="orders/create" ${settings.shipOn === "orders/create" ? "checked" : ""} /> ${t.whenPlaced}</label>
<label><input type="radio" name="ship_on" value="manual" ${settings.shipOn === "manual" ? "checked" : ""} /> ${t.byHand}</label></p>
${checkbox("notify_customer", "on", settings.notifyCustomer, t.notify)}<br />
<p>${t.language}: <label><input type="radio" name="language" value="pl_PL" ${settings.language === "pl_PL" ? "checked" : ""} /> polski</label>
<label><input type="radio" name="language" value="en_GB" ${settings.language === "en_GB" ? "checked" : ""} /> English</label></p>
<p>${t.labelFormat}:
<label><input type="radio" name="label_format" value="pdf_a6" ${settings.labelFormat === "pdf_a6" ? "checked" : ""} /> ${t.labelA6}</label>
<label><input type="radio" name="label_format" value="pdf_a4" ${settings.labelFormat === "pdf_a4" ? "checked" : ""} /> ${t.labelA4}</label>
<label><input type="radio" name="label_format" value="zpl" ${settings.labelFormat === "zpl" ? "checked" : ""} /> ${t.labelZpl}</label></p>
</fieldset>
<button type="submit">${t.save}</button>
</form>
</s-section>
<s-section>
<h2>${t.waiting}</h2>
${
  waiting.length === 0
    ? html`<p>${t.none}</p>`
    : html`<ul>${waiting.map(
        (row) => html`<li id="waiting-${row.orderId}"><strong>${row.orderName}</strong>
<form method="post" action="/settings/ship${query("")}">${auth}<input type="hidden" name="order_id" value="${row.orderId}" /><button type="submit">${t.ship}</button></form></li>`,
      )}</ul>`
}
</s-section>
<s-section>
<h2>${t.attention}</h2>
${
  attention.length === 0
    ? html`<p>${t.none}</p>`
    : html`<ul>${attention.map(
        (row) => html`<li id="order-${row.orderId}"><strong>${row.orderName}</strong>
<ul>${issuesIn(row.issues, row.issuesByLanguage, settings.language).map((issue) => html`<li><code>${issue.path}</code>: ${issue.message}</li>`)}</ul>
<form method="post" action="/settings/retry${query("")}">${auth}<input type="hidden" name="order_id" value="${row.orderId}" /><button type="submit">${t.retry}</button></form></li>`,
      )}</ul>`
}
</s-section>
${
  flagged.length === 0
    ? ""
    : html`<s-section><h2>${t.flaggedTitle}</h2>
<ul role="alert">${flagged.map(
        (row) =>
          html`<li id="flagged-${row.orderId}"><strong>${row.orderName}</strong> (${row.tracking?.company ?? ""} ${row.tracking?.numbers.join(", ") ?? ""}) ${t.flagged}</li>`,
      )}</ul></s-section>`
}
<s-section>
<h2>${t.shipped}</h2>
${
  shipped.length === 0
    ? html`<p>${t.noneYet}</p>`
    : html`<ul>${shipped.map(
        (
          row,
        ) => html`<li>${row.orderName}: ${row.tracking?.company ?? ""} ${row.tracking?.numbers.join(", ") ?? ""} (${row.status})
<a href="/settings/label${query(`&order=${encodeURIComponent(row.orderId)}`)}">${t.label}</a></li>`,
      )}</ul>`
}
</s-section>
</s-page>
</body>
</html>`;
}
