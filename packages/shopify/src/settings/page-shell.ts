// What every page of the app shares around its content: the viewport and a
// small stylesheet that makes the Polaris elements (`s-page`, `s-section`,
// `s-banner`, `s-badge`) look like the admin's while they are not defined
// (Shopify's CDN unreachable, or a standalone app) and keeps the pages
// usable at 390 px (wide tables scroll inside their section); the app's
// navigation as App Bridge's `<s-app-nav>`, whose plain links are the
// navigation until App Bridge moves it into the admin.
import { html, raw } from "hono/html";

const STYLE = `
body{margin:0;background:#f1f1f1;color:#303030;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",sans-serif}
s-page:not(:defined){display:block;max-width:62rem;margin:0 auto;padding:1rem;box-sizing:border-box}
s-page:defined>h1{display:none}
h1{font-size:1.25rem;margin:.25rem 0 1rem}
h2{font-size:1rem;margin:0 0 .75rem}
s-section:not(:defined){display:block;background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 1rem;box-shadow:0 1px 0 #1a1a1a12,inset 0 0 0 1px #00000014;overflow-wrap:anywhere}
s-banner:not(:defined){display:block;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 1rem;background:#eaf4ff}
s-banner[tone=critical]:not(:defined){background:#fee9e8}
s-banner[tone=warning]:not(:defined){background:#fff1e3}
s-banner[tone=success]:not(:defined){background:#cdfee1}
s-banner p,s-banner ul{margin:0}
s-badge:not(:defined){display:inline-block;border-radius:.5rem;padding:0 .5rem;background:#e3e3e3;white-space:nowrap}
s-badge[tone=success]:not(:defined){background:#cdfee1}
s-badge[tone=critical]:not(:defined){background:#fee9e8}
s-badge[tone=warning]:not(:defined){background:#ffef9d}
s-badge[tone=info]:not(:defined){background:#e0f0ff}
s-app-nav:not(:defined){display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #e3e3e3}
a{color:#005bd3}
.table-wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e3e3e3;vertical-align:top;overflow-wrap:normal}
th{white-space:nowrap}
button{font:inherit;min-height:2.25rem;padding:.35rem .9rem;margin:.25rem .25rem .25rem 0;border-radius:.5rem;border:1px solid #8a8a8a;background:#fff;color:#303030;cursor:pointer}
button[type=submit]{background:#303030;color:#fff;border-color:#303030}
button:disabled{opacity:.5;cursor:default}
input:not([type=checkbox]):not([type=radio]){font:inherit;max-width:100%;box-sizing:border-box;padding:.3rem .5rem;border:1px solid #8a8a8a;border-radius:.5rem}
label{display:inline-block;margin:.15rem 0;max-width:100%}
fieldset{border:0;padding:0;margin:0 0 1rem;min-width:0}
legend{font-weight:600;padding:0;margin-bottom:.5rem}
form{margin:0}
[aria-busy=true] body{opacity:.6}
`;

/** The `<head>` tags every page carries after its title. */
export const PAGE_HEAD = html`<meta name="viewport" content="width=device-width, initial-scale=1" /><style>${raw(STYLE)}</style>`;

/** The app's navigation, one link a page. */
export function appNav(links: readonly { readonly href: string; readonly label: string }[]) {
  return html`<s-app-nav>${links.map((link) => html`<a href="${link.href}">${link.label}</a> `)}</s-app-nav>`;
}
