// The day's reckoning page, plain HTML that works without scripts (a plain
// table in Polaris sections): choose a
// day, see every package paid that day beside its order as the app holds
// it, the flags (a package with no order, an order's second package, a
// cancelled order's package still paid), each with its one-step remedy
// (cancel the package, and so get its price back), and what was paid in all.
import type { Language, Reckoning } from "@shipbridge/core";
import { html } from "hono/html";
import { fill, orderTexts } from "./order-texts.ts";
import { hiddenAuth, type PageAuth, pageFrame, pageQuery } from "./page-frame.ts";

export interface ReckoningPageData {
  readonly auth: PageAuth;
  readonly language: Language;
  /** "YYYY-MM-DD" */
  readonly day: string;
  readonly reckoning: Reckoning;
  /** What the last remedy did, or why it could not. */
  readonly message?: string;
}

function money(amount: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language === "en_GB" ? "en-GB" : "pl-PL", {
    style: "currency",
    currency,
  }).format(amount);
}

export function reckoningPage(data: ReckoningPageData) {
  const { auth, language, reckoning } = data;
  const t = orderTexts(language);
  const body = html`<s-section><form method="get" action="/orders/reckoning">
<input type="hidden" name="shop" value="${auth.shop}" />${hiddenAuth(auth)}
<label>${t.day} <input type="date" name="day" value="${data.day}" /></label>
<button type="submit">${t.show}</button></form></s-section>
${data.message ? html`<s-banner tone="success"><p role="status">${data.message}</p></s-banner>` : ""}
<s-section>
${
  reckoning.rows.length === 0
    ? html`<p>${t.noPackages}</p>`
    : html`<div class="table-wrap"><table>
<thead><tr><th>${t.package}</th><th>${t.order}</th><th>${t.carrier}</th><th>${t.status}</th><th>${t.price}</th><th>${t.flags}</th><th>${t.remedy}</th></tr></thead>
<tbody>${reckoning.rows.map(
        (
          row,
        ) => html`<tr id="package-${row.packageId}"${row.flags.length > 0 ? html` class="flagged"` : ""}>
<td>${row.packageId}</td><td>${row.orderId ?? row.reference ?? ""}</td><td>${row.service}</td>
<td>${t.orderStates[row.order] ?? row.order}</td>
<td>${money(row.paid.gross, row.paid.currency, language)}</td>
<td>${row.flags.map((flag) => t.flagNames[flag] ?? flag).join("; ")}</td>
<td>${
          row.remedy
            ? html`<form method="post" action="/orders/reckoning/remedy${pageQuery(auth)}">${hiddenAuth(auth)}<input type="hidden" name="day" value="${data.day}" /><input type="hidden" name="package_id" value="${row.packageId}" /><button type="submit">${t.cancelPackage}</button></form>`
            : (row.note ?? "")
        }</td></tr>`,
      )}</tbody>
</table></div>`
}
<p>${reckoning.flagged === 0 ? t.allClear : ""}</p>
${reckoning.totals.map(
  (total) =>
    html`<p class="total">${fill(t.totalPaid, money(total.gross, total.currency, language))} (${total.packages})</p>`,
)}
</s-section>`;
  return pageFrame(language, t.reckoningTitle, auth, body);
}
