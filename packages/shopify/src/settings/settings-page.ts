// The merchant's settings page, server-rendered HTML that works without
// JavaScript: the shipping account's connection (with a "reconnect" banner
// when the service refused the stored tokens), the sender, the box, the
// carriers and lockers offered at checkout, COD, when to ship, the orders
// that need attention (each issue with its field path, and a retry button),
// and the shipped orders' labels.
import { html } from "hono/html";
import type { ConnectionState, ShopSettings } from "../store/settings.ts";
import type { ShipmentRow } from "../store/shipments.ts";
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
  return html`<!doctype html>
<html lang="${settings.language === "en_GB" ? "en" : "pl"}">
<head><meta charset="utf-8" /><title>Shipping settings: ${shop}</title></head>
<body>
<h1>Shipping settings</h1>
<p>Shop: ${shop}</p>
${
  connection === "reconnect"
    ? html`<p role="alert"><strong>The shipping account needs to be reconnected.</strong> Orders wait until you do. <a href="/connect${query("")}">Reconnect</a></p>`
    : connection === "connected"
      ? html`<p>Shipping account: connected. <a href="/connect${query("")}">Connect another account</a></p>`
      : html`<p role="alert">Shipping account: not connected. <a href="/connect${query("")}">Connect</a></p>`
}
${data.saved ? html`<p role="status">Saved.</p>` : ""}
${data.queued ? html`<p role="status">Shipping: the order is on its way to the shipping service.</p>` : ""}
${
  data.problems && data.problems.length > 0
    ? html`<ul role="alert">${data.problems.map((problem) => html`<li>${problem.field}: ${problem.message}</li>`)}</ul>`
    : ""
}
<form method="post" action="/settings${query("")}">
${auth}
<fieldset><legend>Sender</legend>
${field("sender_name", "Name", sender?.name)}
${field("sender_company", "Company", sender?.company ?? undefined)}
${field("sender_street", "Street and number", sender?.street)}
${field("sender_postcode", "Postcode", sender?.postcode)}
${field("sender_city", "City", sender?.city)}
${field("sender_country_code", "Country (PL)", sender?.country_code)}
${field("sender_phone", "Phone", sender?.phone)}
${field("sender_email", "E-mail", sender?.email ?? undefined)}
</fieldset>
<fieldset><legend>Usual box (cm)</legend>
${field("parcel_width", "Width", settings.parcel ? String(settings.parcel.width) : undefined)}
${field("parcel_depth", "Depth", settings.parcel ? String(settings.parcel.depth) : undefined)}
${field("parcel_height", "Height", settings.parcel ? String(settings.parcel.height) : undefined)}
</fieldset>
<fieldset><legend>Carriers</legend>
<p>Offered at checkout: ${CARRIERS.map((carrier) => checkbox("services", carrier, settings.services.includes(carrier), carrier))}</p>
<p>Lockers and pickup points offered at checkout: ${CARRIERS.map((carrier) => checkbox("point_services", carrier, settings.pointServices.includes(carrier), carrier))}</p>
${field("default_service", "Carrier for other shipping methods", settings.defaultService)}
</fieldset>
<fieldset><legend>Checkout rates</legend>
${checkbox("rates_enabled", "on", settings.ratesEnabled, "Show these carriers' prices at checkout")}<br />
${field("backup_name", "Backup rate name", settings.backupRates[0]?.name)}
${field("backup_price", "Backup rate price", settings.backupRates[0] ? String(settings.backupRates[0].price) : undefined)}
</fieldset>
<fieldset><legend>Orders</legend>
${field("cod_iban", "IBAN for cash on delivery", settings.codIban)}
<p>Ship when:
<label><input type="radio" name="ship_on" value="orders/paid" ${settings.shipOn === "orders/paid" ? "checked" : ""} /> the order is paid</label>
<label><input type="radio" name="ship_on" value="orders/create" ${settings.shipOn === "orders/create" ? "checked" : ""} /> the order is placed</label>
<label><input type="radio" name="ship_on" value="manual" ${settings.shipOn === "manual" ? "checked" : ""} /> I ship it by hand</label></p>
${checkbox("notify_customer", "on", settings.notifyCustomer, "Shopify e-mails the customer the tracking number")}<br />
<p>Messages: <label><input type="radio" name="language" value="pl_PL" ${settings.language === "pl_PL" ? "checked" : ""} /> polski</label>
<label><input type="radio" name="language" value="en_GB" ${settings.language === "en_GB" ? "checked" : ""} /> English</label></p>
</fieldset>
<button type="submit">Save</button>
</form>
<h2>Orders waiting to ship</h2>
${
  waiting.length === 0
    ? html`<p>None.</p>`
    : html`<ul>${waiting.map(
        (row) => html`<li id="waiting-${row.orderId}"><strong>${row.orderName}</strong>
<form method="post" action="/settings/ship${query("")}">${auth}<input type="hidden" name="order_id" value="${row.orderId}" /><button type="submit">Ship</button></form></li>`,
      )}</ul>`
}
<h2>Orders that need attention</h2>
${
  attention.length === 0
    ? html`<p>None.</p>`
    : html`<ul>${attention.map(
        (row) => html`<li id="order-${row.orderId}"><strong>${row.orderName}</strong>
<ul>${row.issues.map((issue) => html`<li><code>${issue.path}</code>: ${issue.message}</li>`)}</ul>
<form method="post" action="/settings/retry${query("")}">${auth}<input type="hidden" name="order_id" value="${row.orderId}" /><button type="submit">Retry</button></form></li>`,
      )}</ul>`
}
${
  flagged.length === 0
    ? ""
    : html`<h2>Cancelled after shipping</h2>
<ul role="alert">${flagged.map(
        (row) =>
          html`<li id="flagged-${row.orderId}"><strong>${row.orderName}</strong> was cancelled in Shopify after its parcel was collected: ${row.tracking?.company ?? ""} ${row.tracking?.numbers.join(", ") ?? ""}. Stop or return it with the carrier.</li>`,
      )}</ul>`
}
<h2>Shipped orders</h2>
${
  shipped.length === 0
    ? html`<p>None yet.</p>`
    : html`<ul>${shipped.map(
        (
          row,
        ) => html`<li>${row.orderName}: ${row.tracking?.company ?? ""} ${row.tracking?.numbers.join(", ") ?? ""} (${row.status})
<a href="/settings/label${query(`&order=${encodeURIComponent(row.orderId)}`)}">Label (PDF)</a></li>`,
      )}</ul>`
}
</body>
</html>`;
}
