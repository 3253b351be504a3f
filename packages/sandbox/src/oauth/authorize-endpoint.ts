// GET {base_url}/oauth/authorize and its two forms (spec section 4.1). The
// request is checked first for what makes a redirect safe (a known client and
// its exact registered redirect_uri); without that, an error page (400) is
// shown and nothing is redirected. Other problems go back to the application
// as RFC 6749 section 4.1.2.1 errors. Then come the login page and the consent
// page, each protected against CSRF by a hidden token that must equal a
// cookie; allowing issues a single-use code valid 30 seconds, bound to the
// client and the redirect_uri. The pages speak the language of the request's
// `ui_locales` (OpenID Connect's parameter: language tags by preference),
// else of Accept-Language, else Polish (http/page-language.ts).
import type { Language } from "@shipbridge/core";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { SandboxContext, SandboxEnv } from "../context.ts";
import { pageLanguage } from "../http/page-language.ts";
import { type Application, findApplication } from "./applications.ts";
import { AUTHORIZATION_REQUEST_LIFETIME_SECONDS, CODE_LIFETIME_SECONDS } from "./limits.ts";
import { AUTHORIZE_PAGE_TEXTS, type AuthorizePageError } from "./page-texts.ts";
import { consentPage, errorPage, loginPage } from "./pages.ts";
import { DEFAULT_SCOPE, parseScope } from "./scope.ts";
import { authorizationCode, randomToken, sha256 } from "./secrets.ts";
import { authenticateUser } from "./users.ts";

const COOKIE_PREFIX = "sandbox_authz_";
const COOKIE_PATH = "/oauth/authorize";

interface AuthorizationRequestRow {
  id: string;
  client_id: string;
  redirect_uri: string;
  state: string | null;
  scope: string;
  csrf_token: string;
  username: string | null;
  expires_at: number;
}

/** A page in `language`, never cached, saying which language it is in. */
function showPage(
  c: Context<SandboxEnv>,
  language: Language,
  html: string,
  status: 200 | 400 | 401 | 403 | 429 = 200,
): Response {
  return c.html(html, status, {
    "Cache-Control": "no-store",
    "Content-Language": AUTHORIZE_PAGE_TEXTS[language].html,
    Vary: "Accept-Language",
  });
}

function showError(
  c: Context<SandboxEnv>,
  language: Language,
  status: 400 | 403,
  error: AuthorizePageError,
): Response {
  return showPage(c, language, errorPage(language, error), status);
}

function redirectBack(
  c: Context<SandboxEnv>,
  redirectUri: string,
  params: Record<string, string>,
  state: string | null,
  status: 302 | 303,
): Response {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) target.searchParams.append(name, value);
  if (state !== null) target.searchParams.append("state", state);
  c.header("Cache-Control", "no-store");
  return c.redirect(target.toString(), status);
}

function applicationName(app: Application): string {
  return app.name ?? app.client_id;
}

function setCsrfCookie(c: Context<SandboxEnv>, requestId: string, token: string): void {
  setCookie(c, COOKIE_PREFIX + requestId, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "Lax",
    maxAge: AUTHORIZATION_REQUEST_LIFETIME_SECONDS,
  });
}

/** GET /oauth/authorize */
export function authorizeEndpoint(ctx: SandboxContext) {
  return (c: Context<SandboxEnv>): Response => {
    const query = new URL(c.req.url).searchParams;
    const single = (name: string): string | null | "duplicate" => {
      const values = query.getAll(name);
      if (values.length > 1) return "duplicate";
      return values[0] ?? null;
    };
    const uiLocales = single("ui_locales");
    const language = pageLanguage(
      uiLocales === "duplicate" ? undefined : (uiLocales ?? undefined),
      c.req.header("accept-language"),
    );
    const clientId = single("client_id");
    if (clientId === "duplicate") return showError(c, language, 400, "client_id_duplicate");
    if (clientId === null || clientId === "")
      return showError(c, language, 400, "client_id_missing");
    const app = findApplication(ctx.db, clientId);
    if (!app) return showError(c, language, 400, "unknown_application");
    if (app.redirect_uri === null) return showError(c, language, 400, "no_return_address");
    const redirectUri = single("redirect_uri");
    if (redirectUri === "duplicate") return showError(c, language, 400, "redirect_uri_duplicate");
    if (redirectUri === null || redirectUri === "")
      return showError(c, language, 400, "redirect_uri_missing");
    if (redirectUri !== app.redirect_uri)
      return showError(c, language, 400, "wrong_return_address");
    const rawState = query.getAll("state");
    const state = rawState[0] ?? null;
    const back = (error: string, description: string) =>
      redirectBack(c, redirectUri, { error, error_description: description }, state, 302);
    for (const name of new Set(query.keys())) {
      if (query.getAll(name).length > 1)
        return back("invalid_request", `The parameter ${name} is given more than once.`);
    }
    const responseType = query.get("response_type");
    if (responseType === null || responseType === "") {
      return back("invalid_request", "response_type is required; its value is code.");
    }
    if (responseType !== "code") {
      return back("unsupported_response_type", "response_type must be code.");
    }
    const scope = parseScope(query.get("scope") ?? undefined);
    if (scope === null)
      return back(
        "invalid_scope",
        `scope must be a space-separated list of scope names (default ${DEFAULT_SCOPE}).`,
      );

    const id = randomToken(16);
    const csrfToken = randomToken(32);
    const nowMs = ctx.clock.nowMs();
    ctx.db.transaction(() => {
      ctx.db.sql
        .prepare("DELETE FROM oauth_authorization_requests WHERE expires_at <= ?")
        .run(nowMs);
      ctx.db.sql
        .prepare(
          `INSERT INTO oauth_authorization_requests (id, client_id, redirect_uri, state, scope, csrf_token, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          app.client_id,
          redirectUri,
          state,
          scope,
          sha256(csrfToken),
          nowMs,
          nowMs + AUTHORIZATION_REQUEST_LIFETIME_SECONDS * 1000,
        );
    });
    setCsrfCookie(c, id, csrfToken);
    return showPage(
      c,
      language,
      loginPage({ language, requestId: id, csrfToken, applicationName: applicationName(app) }),
    );
  };
}

type FormResult =
  | {
      ok: true;
      form: URLSearchParams;
      request: AuthorizationRequestRow;
      app: Application;
      language: Language;
    }
  | { ok: false; response: Response };

/** Reads a form post of the login or consent page and checks its request and CSRF token. */
async function readFormPost(ctx: SandboxContext, c: Context<SandboxEnv>): Promise<FormResult> {
  const acceptLanguage = c.req.header("accept-language");
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    return {
      ok: false,
      response: showError(c, pageLanguage(undefined, acceptLanguage), 400, "form_type"),
    };
  }
  const form = new URLSearchParams(await c.req.text());
  const language = pageLanguage(form.get("ui_locales") ?? undefined, acceptLanguage);
  const requestId = form.get("request_id") ?? "";
  const request = ctx.db.sql
    .prepare("SELECT * FROM oauth_authorization_requests WHERE id = ?")
    .get(requestId) as AuthorizationRequestRow | undefined;
  if (!request || request.expires_at <= ctx.clock.nowMs()) {
    return {
      ok: false,
      response: showError(c, language, 400, "request_expired"),
    };
  }
  const cookie = getCookie(c, COOKIE_PREFIX + request.id);
  const posted = form.get("csrf_token") ?? "";
  if (cookie === undefined || cookie !== posted || sha256(posted) !== request.csrf_token) {
    return {
      ok: false,
      response: showError(c, language, 403, "csrf"),
    };
  }
  const app = findApplication(ctx.db, request.client_id);
  if (!app || app.redirect_uri !== request.redirect_uri) {
    return {
      ok: false,
      response: showError(c, language, 400, "application_gone"),
    };
  }
  return { ok: true, form, request, app, language };
}

/** POST /oauth/authorize/login */
export function loginEndpoint(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>): Promise<Response> => {
    const read = await readFormPost(ctx, c);
    if (!read.ok) return read.response;
    const { form, request, app, language } = read;
    const t = AUTHORIZE_PAGE_TEXTS[language];
    const username = form.get("username") ?? "";
    const lockout = ctx.lockouts.check(username, app.client_id);
    const user = lockout
      ? undefined
      : authenticateUser(ctx.config, username, form.get("password") ?? "");
    if (!lockout) {
      if (user) ctx.lockouts.succeeded(user.username);
      else ctx.lockouts.failed(username, app.client_id);
    }
    const csrfToken = randomToken(32);
    ctx.db.sql
      .prepare("UPDATE oauth_authorization_requests SET csrf_token = ?, username = ? WHERE id = ?")
      .run(sha256(csrfToken), user?.username ?? null, request.id);
    setCsrfCookie(c, request.id, csrfToken);
    const fields = {
      language,
      requestId: request.id,
      csrfToken,
      applicationName: applicationName(app),
    };
    if (lockout) {
      c.header("Retry-After", String(lockout.retryAfterSeconds));
      const locked = lockout.kind === "user" ? t.lockedUser : t.lockedClient;
      const error = locked(lockout.retryAfterSeconds);
      return showPage(c, language, loginPage({ ...fields, username, error }), 429);
    }
    if (!user) {
      return showPage(c, language, loginPage({ ...fields, username, error: t.wrongPassword }), 401);
    }
    return showPage(
      c,
      language,
      consentPage({ ...fields, username: user.username, scope: request.scope }),
    );
  };
}

/** POST /oauth/authorize/consent */
export function consentEndpoint(ctx: SandboxContext) {
  return async (c: Context<SandboxEnv>): Promise<Response> => {
    const read = await readFormPost(ctx, c);
    if (!read.ok) return read.response;
    const { form, request, language } = read;
    const username = request.username;
    if (username === null) return showError(c, language, 400, "not_logged_in");
    const decision = form.get("decision");
    if (decision !== "allow" && decision !== "deny")
      return showError(c, language, 400, "bad_decision");
    const nowMs = ctx.clock.nowMs();
    const code = decision === "allow" ? authorizationCode() : null;
    ctx.db.transaction(() => {
      ctx.db.sql.prepare("DELETE FROM oauth_authorization_requests WHERE id = ?").run(request.id);
      if (code === null) return;
      ctx.db.sql
        .prepare(
          `INSERT INTO oauth_codes (code_hash, client_id, redirect_uri, username, scope, issued_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          sha256(code),
          request.client_id,
          request.redirect_uri,
          username,
          request.scope,
          nowMs,
          nowMs + CODE_LIFETIME_SECONDS * 1000,
        );
    });
    setCookie(c, COOKIE_PREFIX + request.id, "", { path: COOKIE_PATH, maxAge: 0 });
    if (code === null) {
      return redirectBack(
        c,
        request.redirect_uri,
        { error: "access_denied", error_description: "The user denied access." },
        request.state,
        303,
      );
    }
    return redirectBack(c, request.redirect_uri, { code }, request.state, 303);
  };
}
