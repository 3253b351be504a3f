// What every orders page shares: the document around its body (language,
// title, the app's navigation, a Polaris `s-page`, and, while something is
// running, a refresh for browsers without scripts), the hidden token its
// forms carry, and the query its links carry. An embedded app's documents
// get App Bridge and Polaris on their way out (auth/embedded-documents.ts).
import type { Language } from "@shipbridge/core";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { appNav, PAGE_HEAD } from "../settings/page-shell.ts";
import { orderTexts } from "./order-texts.ts";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PageAuth {
  readonly shop: string;
  /** Carried in every form and link of an embedded app. */
  readonly idToken: string | undefined;
}

/** `?shop=...&id_token=...` plus `extra` (which starts with `&`). */
export function pageQuery(auth: PageAuth, extra = ""): string {
  const token = auth.idToken ? `&id_token=${encodeURIComponent(auth.idToken)}` : "";
  return `?shop=${encodeURIComponent(auth.shop)}${token}${extra}`;
}

export function hiddenAuth(auth: PageAuth) {
  return auth.idToken ? html`<input type="hidden" name="id_token" value="${auth.idToken}" />` : "";
}

export function pageFrame(
  language: Language,
  title: string,
  auth: PageAuth,
  body: Html,
  options: { readonly refreshSeconds?: number; readonly head?: Html } = {},
) {
  const t = orderTexts(language);
  const refresh =
    options.refreshSeconds === undefined
      ? ""
      : html`<noscript><meta http-equiv="refresh" content="${options.refreshSeconds}" /></noscript>`;
  return html`<!doctype html>
<html lang="${t.lang}">
<head><meta charset="utf-8" /><title>${title}: ${auth.shop}</title>${PAGE_HEAD}${refresh}${options.head ?? ""}</head>
<body>
${appNav([
  { href: `/orders${pageQuery(auth)}`, label: t.ordersTitle },
  { href: `/orders/reckoning${pageQuery(auth)}`, label: t.reckoningLink },
  { href: `/settings${pageQuery(auth)}`, label: t.settings },
])}
<s-page heading="${title}">
<h1>${title}</h1>
${body}
</s-page>
</body>
</html>`;
}
