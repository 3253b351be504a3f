// The page a batch form sent again with another selection gets (409): the
// form's key already made a batch of other orders (the page was brought
// back with the Back button, or from a cache), so nothing was shipped; it
// links to the orders page, to be loaded afresh, and to the batch the form
// made.
import type { Language } from "@shipbridge/core";
import { html } from "hono/html";
import { orderTexts } from "./order-texts.ts";
import { type PageAuth, pageFrame, pageQuery } from "./page-frame.ts";

export function formUsedPage(data: {
  readonly auth: PageAuth;
  readonly language: Language;
  readonly batchId: string;
}) {
  const t = orderTexts(data.language);
  const body = html`<s-banner tone="warning"><p role="alert">${t.formUsed}</p></s-banner>
<s-section><ul>
<li><a href="/orders${pageQuery(data.auth)}">${t.reloadOrders}</a></li>
<li><a href="/orders/batches/${data.batchId}${pageQuery(data.auth)}">${t.formUsedBatch}</a></li>
</ul></s-section>`;
  return pageFrame(data.language, t.formUsedTitle, data.auth, body);
}
