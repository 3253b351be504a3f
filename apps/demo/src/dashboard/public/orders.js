// The orders table: one row per order of either store, with its shipment,
// label, tracking and problems, and the controls to ship it.
import { escapeHtml, formatDateTime, formatMoney } from "./format.js";

export const STATUSES = [
  "waiting",
  "shipping",
  "shipped",
  "in_transit",
  "delivered",
  "needs_attention",
  "cancelled",
];

/** The key that names an order across both stores. */
export function orderKey(order) {
  return `${order.store}:${order.id}`;
}

/** Whether the dashboard offers to ship the order: not yet shipped, or stuck. */
export function canShip(order) {
  return order.status === "waiting" || order.status === "needs_attention";
}

/**
 * One problem: the field as people name it ("Telefon odbiorcy") and the
 * message; the path and the rule code on hover (title) and for screen
 * readers (a hidden part of the text).
 */
function problemItem(issue, t) {
  const field = issue.field || issue.path || t("order.problemWhole");
  const technical = t("order.problemCode", { path: issue.path || "—", rule: issue.rule });
  return `<li data-path="${escapeHtml(issue.path)}" data-rule="${escapeHtml(issue.rule)}"><span class="problem-field" title="${escapeHtml(technical)}">${escapeHtml(field)}</span><span class="visually-hidden"> (${escapeHtml(technical)})</span>: <span class="problem-message">${escapeHtml(issue.message)}</span></li>`;
}

function problemsCell(order, t) {
  if (!order.problems?.length) return "";
  return `<ul class="problems">${order.problems.map((issue) => problemItem(issue, t)).join("")}</ul>`;
}

function pointCell(order, t) {
  if (!order.point) return `<span class="muted">${escapeHtml(t("order.noPoint"))}</span>`;
  const { id, name, address } = order.point;
  // The code on one line, the point's name under it; the full address on hover.
  const detail = name && name !== id ? name : address;
  return `<span class="point-id" title="${escapeHtml([name, address].filter(Boolean).join(" · "))}">${escapeHtml(id)}</span>${
    detail ? `<br><span class="muted small point-name">${escapeHtml(detail)}</span>` : ""
  }`;
}

function trackingCell(order, t) {
  if (!order.trackingNumber) return `<span class="muted">${escapeHtml(t("order.none"))}</span>`;
  if (!order.trackingUrl) return `<span class="mono">${escapeHtml(order.trackingNumber)}</span>`;
  return `<a class="mono" href="${escapeHtml(order.trackingUrl)}" target="_blank" rel="noopener noreferrer" aria-label="${escapeHtml(t("order.track", { number: order.trackingNumber }))}">${escapeHtml(order.trackingNumber)}</a>`;
}

/** The label's address in the dashboard's language: the file is named in it ("etykieta-1001.pdf"). */
function labelHref(url, language) {
  return `${url}${url.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language)}`;
}

function labelCell(order, t, language) {
  if (!order.labelUrl) return `<span class="muted">${escapeHtml(t("order.none"))}</span>`;
  return `<a class="button button-small button-ghost" data-action="label" href="${escapeHtml(labelHref(order.labelUrl, language))}" download aria-label="${escapeHtml(t("order.labelOf", { name: order.name }))}"><svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12v2h12v-2"></path></svg>${escapeHtml(t("order.label"))}</a>`;
}

/**
 * One table row. `selected` is the set of selected order keys; while a batch
 * is `busy` the Ship/Retry button is aria-disabled (never `disabled`, which
 * would drop the keyboard's focus) and the controller ignores its clicks.
 */
export function renderOrderRow(order, selected, language, t, busy) {
  const key = orderKey(order);
  const shippable = canShip(order);
  const status = STATUSES.includes(order.status) ? order.status : "waiting";
  const storeName = t(`store.${order.store}`);
  const checkbox = shippable
    ? `<input type="checkbox" class="select-order" data-key="${escapeHtml(key)}" ${selected.has(key) ? "checked" : ""} aria-label="${escapeHtml(t("orders.select", { name: order.name }))}">`
    : "";
  const action = shippable
    ? `<button type="button" class="button button-small" data-action="ship" data-key="${escapeHtml(key)}" ${busy ? 'aria-disabled="true"' : ""} aria-label="${escapeHtml(t(order.status === "needs_attention" ? "order.retryLabel" : "order.shipLabel", { name: order.name }))}">${escapeHtml(t(order.status === "needs_attention" ? "order.retry" : "order.ship"))}</button>`
    : "";
  const packageText = order.packageId
    ? `<span class="mono">${escapeHtml(order.packageId)}</span>${order.price ? `<br><span class="muted small">${escapeHtml(formatMoney(order.price, language))}</span>` : ""}`
    : `<span class="muted">${escapeHtml(t("order.none"))}</span>`;
  return `<tr data-key="${escapeHtml(key)}" data-store="${escapeHtml(order.store)}" data-order-id="${escapeHtml(order.id)}" data-status="${escapeHtml(order.status)}" data-tracking-state="${escapeHtml(order.trackingState ?? "")}" class="${selected.has(key) ? "is-selected" : ""}">
  <td class="cell-select">${checkbox}</td>
  <td data-field="store" data-label="${escapeHtml(t("col.store"))}"><span class="store-tag store-tag-${escapeHtml(order.store)}">${escapeHtml(storeName)}</span></td>
  <td data-field="order" data-label="${escapeHtml(t("col.order"))}"><strong${order.createdAt ? ` title="${escapeHtml(formatDateTime(order.createdAt, language))}"` : ""}>${escapeHtml(order.name)}</strong>${order.customer ? `<br><span class="muted small customer">${escapeHtml(order.customer)}</span>` : ""}</td>
  <td data-field="status" data-label="${escapeHtml(t("col.status"))}"><span class="status status-${escapeHtml(status)}">${escapeHtml(t(`status.${status}`))}</span></td>
  <td data-field="service" data-label="${escapeHtml(t("col.service"))}">${order.service ? escapeHtml(order.serviceName || order.service) : `<span class="muted">${escapeHtml(t("order.none"))}</span>`}</td>
  <td data-field="point" data-label="${escapeHtml(t("col.point"))}">${pointCell(order, t)}</td>
  <td data-field="package" data-label="${escapeHtml(t("col.package"))}">${packageText}</td>
  <td data-field="tracking" data-label="${escapeHtml(t("col.tracking"))}">${trackingCell(order, t)}</td>
  <td data-field="label" data-label="${escapeHtml(t("col.label"))}">${labelCell(order, t, language)}</td>
  <td data-field="problems" data-label="${escapeHtml(t("col.problems"))}">${problemsCell(order, t)}</td>
  <td data-field="actions">${action}</td>
</tr>`;
}
