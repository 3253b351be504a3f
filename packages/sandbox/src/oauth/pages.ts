// The HTML pages of the authorization endpoint: the login form (inputs
// `username` and `password`), the consent form (buttons `decision` = allow /
// deny) and the error page shown instead of redirecting to an address that is
// not registered. Both forms carry a hidden CSRF token that must match a cookie.

import { escapeHtml } from "../http/html.ts";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Shipping service sandbox</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d2733; }
h1 { font-size: 1.4rem; }
label { display: block; margin: 0.8rem 0 0.2rem; }
input[type=text], input[type=password] { width: 100%; padding: 0.5rem; box-sizing: border-box; }
button { margin: 1rem 0.5rem 0 0; padding: 0.5rem 1.2rem; }
.error { color: #a11; }
.note { color: #556; font-size: 0.9rem; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export interface FormPageFields {
  readonly requestId: string;
  readonly csrfToken: string;
  readonly applicationName: string;
}

function hidden(fields: FormPageFields): string {
  return `<input type="hidden" name="request_id" value="${escapeHtml(fields.requestId)}">
<input type="hidden" name="csrf_token" value="${escapeHtml(fields.csrfToken)}">`;
}

export function loginPage(fields: FormPageFields & { error?: string; username?: string }): string {
  const error = fields.error ? `<p class="error" role="alert">${escapeHtml(fields.error)}</p>` : "";
  return page(
    "Log in",
    `<h1>Log in</h1>
<p><strong>${escapeHtml(fields.applicationName)}</strong> asks to use your shipping account.</p>
${error}
<form method="post" action="/oauth/authorize/login">
${hidden(fields)}
<label for="username">User name</label>
<input type="text" id="username" name="username" autocomplete="username" value="${escapeHtml(fields.username ?? "")}" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">Log in</button>
</form>
<p class="note">This is the sandbox: no real account is used.</p>`,
  );
}

export function consentPage(fields: FormPageFields & { username: string; scope: string }): string {
  return page(
    "Grant access",
    `<h1>Grant access</h1>
<p>Logged in as <strong>${escapeHtml(fields.username)}</strong>.</p>
<p><strong>${escapeHtml(fields.applicationName)}</strong> asks for access with scope <code>${escapeHtml(fields.scope)}</code>.</p>
<form method="post" action="/oauth/authorize/consent">
${hidden(fields)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="note">You were not sent back to the application, because its request could not be trusted.</p>`,
  );
}
