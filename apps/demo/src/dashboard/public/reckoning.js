// The day's reckoning as a table: every package paid at the service that
// day beside the store order it belongs to, what does not match (a package
// with no order, a second package for an order, a cancelled order whose
// package is still paid) and the store's remedy, with each store's total.
import { carrierName } from "./day-panel.js";
import { escapeHtml, formatDay, formatMoney } from "./format.js";

export const FLAGS = ["no_order", "second_package", "cancelled_order_paid"];

function checkCell(row, t) {
  if (!row.flags?.length)
    return `<span class="status status-shipped">${escapeHtml(t("reckoning.ok"))}</span>`;
  const flags = row.flags
    .map(
      (flag) =>
        `<li data-flag="${escapeHtml(flag)}">${escapeHtml(FLAGS.includes(flag) ? t(`reckoning.flag.${flag}`) : flag)}</li>`,
    )
    .join("");
  const remedy =
    row.remedy === "cancel_package"
      ? `<button type="button" class="button button-small button-secondary" data-action="remedy" data-store="${escapeHtml(row.store)}" data-package-id="${escapeHtml(row.packageId)}">${escapeHtml(t("reckoning.cancelPackage"))}</button>`
      : row.note
        ? `<p class="small remedy">${escapeHtml(row.note)}</p>`
        : "";
  return `<ul class="problems">${flags}</ul>${remedy}`;
}

/** `reckoning`: `{ day, stores: [{ store, rows, total }] }` from the API. */
export function renderReckoning(reckoning, language, t) {
  const stores = reckoning?.stores ?? [];
  const rows = stores.flatMap((entry) =>
    (entry.rows ?? []).map((row) => ({ ...row, store: entry.store })),
  );
  const totals = stores
    .map(
      (entry) =>
        `<li data-store="${escapeHtml(entry.store)}">${escapeHtml(
          t("reckoning.store", {
            store: t(`store.${entry.store}`),
            count: entry.rows?.length ?? 0,
            amount: entry.total ? formatMoney(entry.total, language) : "0",
          }),
        )}</li>`,
    )
    .join("");
  if (rows.length === 0) {
    return `<ul class="reckoning-totals">${totals}</ul><p class="muted">${escapeHtml(t("reckoning.empty"))}</p>`;
  }
  const body = rows
    .map(
      (
        row,
      ) => `<tr data-store="${escapeHtml(row.store)}" data-package-id="${escapeHtml(row.packageId)}" data-flags="${escapeHtml((row.flags ?? []).join(" "))}">
  <td data-field="store"><span class="store-tag store-tag-${escapeHtml(row.store)}">${escapeHtml(t(`store.${row.store}`))}</span></td>
  <td data-field="package"><span class="mono">${escapeHtml(row.packageId)}</span></td>
  <td data-field="order">${row.orderName || row.orderId ? escapeHtml(row.orderName ?? row.orderId) : `<span class="muted">${escapeHtml(t("order.none"))}</span>`}</td>
  <td data-field="service">${row.service ? escapeHtml(carrierName(row.service, row.serviceName)) : ""}</td>
  <td data-field="paid">${row.paid ? escapeHtml(formatMoney(row.paid, language)) : ""}</td>
  <td data-field="check">${checkCell(row, t)}</td>
</tr>`,
    )
    .join("\n");
  return `<ul class="reckoning-totals">${totals}</ul>
<div class="table-wrap"><table class="orders reckoning-table">
  <caption class="visually-hidden">${escapeHtml(t("reckoning.caption", { day: formatDay(reckoning.day, language) }))}</caption>
  <thead><tr>
    <th scope="col">${escapeHtml(t("col.store"))}</th>
    <th scope="col">${escapeHtml(t("col.package"))}</th>
    <th scope="col">${escapeHtml(t("col.order"))}</th>
    <th scope="col">${escapeHtml(t("col.service"))}</th>
    <th scope="col">${escapeHtml(t("col.paid"))}</th>
    <th scope="col">${escapeHtml(t("col.check"))}</th>
  </tr></thead>
  <tbody>${body}</tbody>
</table></div>`;
}
