// A batch's page, server-rendered HTML that works without scripts: a
// progress bar with the time left (a browser without scripts reloads the
// page every two seconds while the batch runs; with scripts, a few lines
// inline, needing nothing from a CDN, poll the batch's status and move the
// bar, and stop once another page is shown), each order with its outcome, tracking or problems, a button that ships the
// orders needing attention again as a new batch, and, once parcels are
// bought, the day's documents: one file of labels in the shop's format,
// one handover protocol per carrier, and the courier.
import type { Language } from "@shipbridge/core";
import { html, raw } from "hono/html";
import type { BatchFiles } from "../day/batch-documents.ts";
import type { LabelFormat } from "../store/settings.ts";
import type { ShopBatchDetails } from "./batch-view.ts";
import { counted, fill, type OrderTexts, orderTexts } from "./order-texts.ts";
import { hiddenAuth, type PageAuth, pageFrame, pageQuery } from "./page-frame.ts";
import { problemList } from "./problem-list.ts";

export interface BatchPageData {
  readonly auth: PageAuth;
  readonly language: Language;
  readonly batch: ShopBatchDetails;
  /** The batch's files: the parts of its labels, and of each carrier's protocol. */
  readonly files: BatchFiles;
  readonly labelFormat: LabelFormat;
  /** The key of the batch the retry form makes: new on every load. */
  readonly retryKey: string;
}

/** An order's outcome as a Polaris badge's tone. */
const OUTCOME_TONES: Readonly<Record<string, string>> = {
  fulfilled: "success",
  needs_attention: "critical",
  skipped: "warning",
  unknown_order: "warning",
};

const FORMAT_NAMES: Readonly<Record<LabelFormat, string>> = {
  pdf_a6: "PDF A6",
  pdf_a4: "PDF A4",
  zpl: "ZPL",
};

export function stageText(
  t: OrderTexts,
  batch: ShopBatchDetails | { status: string; stage: string },
) {
  if (batch.status === "queued") return t.queued;
  switch (batch.stage) {
    case "reading":
      return t.stageReading;
    case "buying":
      return t.stageBuying;
    case "fulfilling":
      return t.stageFulfilling;
    default:
      return t.stageDone;
  }
}

export function timeLeftText(t: OrderTexts, remainingMs: number | null): string {
  if (remainingMs === 0) return t.done;
  if (remainingMs === null) return t.timeUnknown;
  return fill(t.timeLeft, Math.max(1, Math.ceil(remainingMs / 1000)));
}

export function countsText(t: OrderTexts, counts: ShopBatchDetails["counts"]): string {
  return fill(t.counts, {
    fulfilled: counts.fulfilled,
    attention: counts.needs_attention,
    skipped: counts.skipped + counts.unknown_order,
  });
}

/** The inline script: polls the status, moves the bar, reloads the page once the batch is done. */
function poller(statusUrl: string, t: OrderTexts) {
  const texts = JSON.stringify({
    left: t.timeLeft,
    unknown: t.timeUnknown,
    done: t.done,
    counts: t.counts,
    stages: {
      queued: t.queued,
      reading: t.stageReading,
      buying: t.stageBuying,
      fulfilling: t.stageFulfilling,
      done: t.stageDone,
    },
  }).replaceAll("<", "\\u003c");
  const url = JSON.stringify(statusUrl).replaceAll("<", "\\u003c");
  return html`<script data-page-script>
(function () {
  var texts = ${raw(texts)};
  var url = ${raw(url)};
  function put(id, text) { var el = document.getElementById(id); if (el) el.textContent = text; }
  function tick() {
    if (!document.getElementById("batch-progress")) return;
    fetch(url, { headers: { accept: "application/json" } }).then(function (r) { return r.json(); }).then(function (s) {
      var bar = document.getElementById("batch-progress");
      var owner = bar && bar.closest("[data-status]");
      // Another page is shown now (App Bridge's pages change in place): stop.
      if (!owner || owner.getAttribute("data-status") !== url) return;
      bar.max = s.progress.max; bar.value = s.progress.value; bar.textContent = s.progress.percent + "%";
      put("batch-percent", s.progress.percent + "%");
      put("batch-stage", s.status === "queued" ? texts.stages.queued : texts.stages[s.stage]);
      put("batch-left", s.remainingMs === 0 ? texts.done : s.remainingMs === null ? texts.unknown : texts.left.replace("{}", String(Math.max(1, Math.ceil(s.remainingMs / 1000)))));
      put("batch-counts", texts.counts.replace("{fulfilled}", s.counts.fulfilled).replace("{attention}", s.counts.needs_attention).replace("{skipped}", s.counts.skipped + s.counts.unknown_order));
      if (s.status !== "done") setTimeout(tick, 1500);
      else if (window.shipbridgeReload) window.shipbridgeReload();
      else location.reload();
    }).catch(function () { setTimeout(tick, 3000); });
  }
  setTimeout(tick, 1000);
})();
</script>`;
}

/** A file's parts as links name them: none for a file in one part, else " 1/3" and `&part=1`. */
function parts(count: number): { name: string; query: string }[] {
  if (count <= 1) return [{ name: "", query: "" }];
  return Array.from({ length: count }, (_, index) => ({
    name: ` ${index + 1}/${count}`,
    query: `&part=${index + 1}`,
  }));
}

export function batchPage(data: BatchPageData) {
  const { auth, language, batch } = data;
  const t = orderTexts(language);
  const running = batch.status !== "done";
  const base = `/orders/batches/${batch.id}`;
  const attention = batch.orders.filter((order) => order.outcome === "needs_attention");
  const bought = data.files.labelParts > 0;
  const statusUrl = `${base}/status${pageQuery(auth)}`;
  const body = html`<s-section>
<p>${counted(t, t.batchOf, batch.total)} · ${batch.createdAt.slice(0, 16).replace("T", " ")}</p>
<p${running ? html` data-status="${statusUrl}"` : ""}><label for="batch-progress">${t.progress}</label>
<progress id="batch-progress" value="${batch.progress.value}" max="${batch.progress.max}">${batch.progress.percent}%</progress>
<span id="batch-percent">${batch.progress.percent}%</span></p>
<s-banner tone="${running ? "info" : attention.length > 0 ? "warning" : "success"}"><p role="status"><span id="batch-stage">${stageText(t, batch)}</span>. <span id="batch-left">${timeLeftText(t, batch.remainingMs)}</span></p>
<p id="batch-counts">${countsText(t, batch.counts)}</p></s-banner>
</s-section>
<s-section>
<h2>${t.documents}</h2>
${
  bought
    ? html`<ul>
${parts(data.files.labelParts).map(
  (part) =>
    html`<li><a class="batch-labels" href="${base}/labels${pageQuery(auth, part.query)}">${t.labelsLink} (${FORMAT_NAMES[data.labelFormat]})${part.name}</a></li>`,
)}
${data.files.protocols.map(({ service, parts: count }) =>
  parts(count).map(
    (part) =>
      html`<li><a class="batch-protocol" href="${base}/protocol${pageQuery(auth, `&service=${encodeURIComponent(service)}${part.query}`)}">${t.protocolLink}: ${service}${part.name}</a></li>`,
  ),
)}
<li><a id="batch-courier" href="${base}/courier${pageQuery(auth)}">${t.courierLink}</a></li>
</ul>`
    : html`<p>${t.noDocuments}</p>`
}
</s-section>
<s-section>
<div class="table-wrap"><table>
<thead><tr><th>${t.order}</th><th>${t.status}</th><th>${t.carrier}</th><th>${t.tracking}</th><th>${t.problems}</th></tr></thead>
<tbody>${batch.orders.map(
    (
      order,
    ) => html`<tr id="order-${order.orderId}"><td>${order.orderName}</td><td><s-badge tone="${OUTCOME_TONES[order.outcome] ?? "info"}">${t.outcome[order.outcome]}</s-badge></td>
<td>${order.service ?? ""}</td>
<td>${order.trackingUrl ? html`<a href="${order.trackingUrl}">${order.trackingNumber}</a>` : (order.trackingNumber ?? "")}</td>
<td>${order.outcome === "needs_attention" && order.problems.length === 0 ? t.notShipped : problemList(order.problems, language)}</td></tr>`,
  )}</tbody>
</table></div>
${
  attention.length > 0 && !running
    ? html`<form method="post" action="/orders/batch${pageQuery(auth)}">${hiddenAuth(auth)}<input type="hidden" name="batch_key" value="${data.retryKey}" />
${attention.map((order) => html`<input type="hidden" name="order_id" value="${order.orderId}" />`)}
<button type="submit">${t.retryAttention} (${attention.length})</button></form>`
    : ""
}
</s-section>`;
  return pageFrame(language, t.batchTitle, auth, body, {
    ...(running ? { refreshSeconds: 2, head: poller(statusUrl, t) } : {}),
  });
}
