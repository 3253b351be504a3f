// The HTML pages of the authorization endpoint: the login form (inputs
// `username` and `password`), the consent form (buttons `decision` = allow /
// deny) and the error page shown instead of redirecting to an address that is
// not registered. Both forms carry a hidden CSRF token that must match a
// cookie, and the page's language (hidden `ui_locales`) so the next page
// speaks it too. Every text is in the page's language (page-texts.ts).
import type { Language } from "@shipbridge/core";
import { escapeHtml } from "../http/html.ts";
import { AUTHORIZE_PAGE_TEXTS, type AuthorizePageError } from "./page-texts.ts";

function page(language: Language, title: string, body: string): string {
  const t = AUTHORIZE_PAGE_TEXTS[language];
  return `<!doctype html>
<html lang="${t.html}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(t.site)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d2733; }
h1 { font-size: 1.4rem; }
label { display: block; margin: 0.8rem 0 0.2rem; }
input[type=text], input[type=password] { width: 100%; padding: 0.5rem; box-sizing: border-box; }
button { margin: 1rem 0.5rem 0 0; padding: 0.5rem 1.2rem; }
.error { color: #a11; }
.note { color: #4a5563; font-size: 0.9rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface FormPageFields {
  readonly language: Language;
  readonly requestId: string;
  readonly csrfToken: string;
  readonly applicationName: string;
}

function hidden(fields: FormPageFields): string {
  return `<input type="hidden" name="request_id" value="${escapeHtml(fields.requestId)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(fields.csrfToken)}">
<input type="hidden" name="ui_locales" value="${AUTHORIZE_PAGE_TEXTS[fields.language].html}">`;
}

export function loginPage(fields: FormPageFields & { error?: string; username?: string }): string {
  const t = AUTHORIZE_PAGE_TEXTS[fields.language];
  // A refusal is said by the title first (read when the page loads), and the
  // password field is marked invalid, described by the message and focused.
  const error = fields.error
    ? `<p class="error" id="login-error" role="alert">${escapeHtml(fields.error)}</p>`
    : "";
  const refused = fields.error
    ? ' aria-invalid="true" aria-describedby="login-error" autofocus'
    : "";
  return page(
    fields.language,
    fields.error ? `${t.errorPrefix} ${t.loginTitle}` : t.loginTitle,
    `<h1>${escapeHtml(t.loginTitle)}</h1>
<p><strong>${escapeHtml(fields.applicationName)}</strong> ${escapeHtml(t.asksToUse)}</p>
${error}
<form method="post" action="/oauth/authorize/login">
${hidden(fields)}
<label for="username">${escapeHtml(t.username)}</label>
<input type="text" id="username" name="username" autocomplete="username" value="${escapeHtml(fields.username ?? "")}" required>
<label for="password">${escapeHtml(t.password)}</label>
<input type="password" id="password" name="password" autocomplete="current-password"${refused} required>
<button type="submit">${escapeHtml(t.logIn)}</button>
</form>
<p class="note">${escapeHtml(t.sandboxNote)}</p>`,
  );
}

export function consentPage(fields: FormPageFields & { username: string; scope: string }): string {
  const t = AUTHORIZE_PAGE_TEXTS[fields.language];
  const scopes = fields.scope
    .split(" ")
    .map((name) => {
      const description = t.scopes[name];
      return description === undefined
        ? `<li><code>${escapeHtml(name)}</code></li>`
        : `<li>${escapeHtml(description)} (<code>${escapeHtml(name)}</code>)</li>`;
    })
    .join("\n");
  return page(
    fields.language,
    t.consentTitle,
    `<h1>${escapeHtml(t.consentTitle)}</h1>
<p>${escapeHtml(t.loggedInAs)} <strong>${escapeHtml(fields.username)}</strong>.</p>
<p><strong>${escapeHtml(fields.applicationName)}</strong> ${escapeHtml(t.asksFor)}</p>
<ul>
${scopes}
</ul>
<form method="post" action="/oauth/authorize/consent">
${hidden(fields)}
<button type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny">${escapeHtml(t.deny)}</button>
</form>`,
  );
}

export function errorPage(language: Language, error: AuthorizePageError): string {
  const t = AUTHORIZE_PAGE_TEXTS[language];
  const { title, message } = t.errors[error];
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="note">${escapeHtml(t.notSentBack)}</p>`,
  );
}
