// The authorization pages speak the language the request asks for, over HTTP:
// `ui_locales` first, then Accept-Language, else Polish; the login page, the
// consent page (with what each scope lets the application do), a refused
// login and the error page, each whole in one language, with <html lang>,
// Content-Language, and the language carried from page to page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSandbox, USER } from "../../test/sandbox-fixture.ts";
import { CookieJar, readForm } from "./browser-login.ts";
import { AUTHORIZE_PAGE_TEXTS } from "./page-texts.ts";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await TestSandbox.start();
});
afterAll(() => sandbox.close());

const PL = AUTHORIZE_PAGE_TEXTS.pl_PL;
const EN = AUTHORIZE_PAGE_TEXTS.en_GB;

/** Texts that differ between the languages, so that finding one names the language of a page. */
function ownTexts(t: typeof PL): string[] {
  return [t.loginTitle, t.username, t.password, t.logIn, t.consentTitle, t.allow, t.deny];
}

async function open(params: Record<string, string>, acceptLanguage?: string) {
  const jar = new CookieJar();
  const response = await fetch(sandbox.authorizationUrl(params), {
    redirect: "manual",
    headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage },
  });
  jar.store(response);
  return { jar, response, html: await response.text() };
}

async function post(
  action: string,
  jar: CookieJar,
  fields: Record<string, string>,
  acceptLanguage?: string,
) {
  const response = await fetch(new URL(action, sandbox.baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: jar.header(),
      ...(acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage }),
    },
    body: new URLSearchParams(fields).toString(),
  });
  jar.store(response);
  return { response, html: await response.text() };
}

function expectLanguage(html: string, response: Response, language: "pl" | "en") {
  const [own, other] = language === "pl" ? [PL, EN] : [EN, PL];
  expect(html).toContain(`<html lang="${language}">`);
  expect(response.headers.get("content-language")).toBe(language);
  for (const text of ownTexts(other)) expect(html).not.toContain(`>${text}<`);
  expect(html).toContain(own.site);
}

describe("the language of the login page", () => {
  it("is Polish when neither ui_locales nor Accept-Language names Polish or English", async () => {
    for (const accept of [undefined, "de-DE, fr;q=0.8", "*"]) {
      const { html, response } = await open({}, accept);
      expect(response.status).toBe(200);
      expectLanguage(html, response, "pl");
      for (const text of [PL.loginTitle, PL.username, PL.password, PL.logIn, PL.sandboxNote])
        expect(html).toContain(text);
      expect(html).toContain('<label for="username">Nazwa użytkownika</label>');
      expect(html).toContain('<label for="password">Hasło</label>');
    }
  });

  it("follows Accept-Language when ui_locales is not given", async () => {
    const { html, response } = await open({}, "en-GB,en;q=0.9,pl;q=0.5");
    expectLanguage(html, response, "en");
    expect(html).toContain('<label for="username">User name</label>');
    expect(html).toContain('<button type="submit">Log in</button>');
  });

  it("follows ui_locales before Accept-Language, taking its first Polish or English tag", async () => {
    const en = await open({ ui_locales: "de en-US pl" }, "pl-PL");
    expectLanguage(en.html, en.response, "en");
    const pl = await open({ ui_locales: "pl" }, "en-GB");
    expectLanguage(pl.html, pl.response, "pl");
    const neither = await open({ ui_locales: "de fr" }, "en");
    expectLanguage(neither.html, neither.response, "en");
  });
});

describe("the language carried to the next pages", () => {
  for (const [language, t, other] of [
    ["pl", PL, "en-GB"],
    ["en", EN, "pl-PL"],
  ] as const) {
    it(`shows a refused login and the consent page in ${language} (the browser says ${other})`, async () => {
      const login = await open({ ui_locales: language }, other);
      const form = readForm(login.html);
      expect(form.fields.ui_locales).toBe(language);
      const wrong = await post(
        form.action,
        login.jar,
        { ...form.fields, username: USER.username, password: "wrong" },
        other,
      );
      expect(wrong.response.status).toBe(401);
      expectLanguage(wrong.html, wrong.response, language);
      expect(wrong.html).toContain(
        `<p class="error" id="login-error" role="alert">${t.wrongPassword}</p>`,
      );
      // The title says it first, and the refused field is marked, described and focused.
      const prefix = language === "pl" ? "Błąd:" : "Error:";
      expect(wrong.html).toContain(`<title>${prefix} ${t.loginTitle} · ${t.site}</title>`);
      const password = /<input [^>]*id="password"[^>]*>/.exec(wrong.html)?.[0] ?? "";
      expect(password).toContain('aria-invalid="true"');
      expect(password).toContain('aria-describedby="login-error"');
      expect(password).toMatch(/ autofocus[ >]/);
      const first = /<input [^>]*id="password"[^>]*>/.exec(login.html)?.[0] ?? "";
      expect(first).not.toMatch(/aria-invalid|aria-describedby|autofocus/);
      expect(login.html).toContain(`<title>${t.loginTitle} · ${t.site}</title>`);

      const again = readForm(wrong.html);
      const consent = await post(again.action, login.jar, { ...again.fields, ...USER }, other);
      expect(consent.response.status).toBe(200);
      expectLanguage(consent.html, consent.response, language);
      expect(consent.html).toContain(`<h1>${t.consentTitle}</h1>`);
      expect(consent.html).toContain(`${t.loggedInAs} <strong>${USER.username}</strong>`);
      expect(consent.html).toContain(`<li>${t.scopes.api} (<code>api</code>)</li>`);
      expect(consent.html).toContain(`value="allow">${t.allow}</button>`);
      expect(consent.html).toContain(`value="deny">${t.deny}</button>`);
    });
  }

  it("names a scope it has no description of by its name", async () => {
    const login = await open({ scope: "api labels", ui_locales: "pl" });
    const form = readForm(login.html);
    const consent = await post(form.action, login.jar, { ...form.fields, ...USER });
    expect(consent.html).toContain(`<li>${PL.scopes.api} (<code>api</code>)</li>`);
    expect(consent.html).toContain("<li><code>labels</code></li>");
  });
});

describe("the language of the error page", () => {
  it("explains an unknown application in Polish by default and in English when asked", async () => {
    const pl = await open({ client_id: "nobody" });
    expect(pl.response.status).toBe(400);
    expectLanguage(pl.html, pl.response, "pl");
    expect(pl.html).toContain(`<h1>${PL.errors.unknown_application.title}</h1>`);
    expect(pl.html).toContain(PL.errors.unknown_application.message);
    expect(pl.html).toContain(PL.notSentBack);

    const en = await open({ client_id: "nobody", ui_locales: "en" });
    expectLanguage(en.html, en.response, "en");
    expect(en.html).toContain(`<h1>Unknown application</h1>`);
    expect(en.html).toContain("No application is registered with this client_id.");
  });

  it("refuses a form without its CSRF cookie in the form's language", async () => {
    const login = await open({ ui_locales: "en" });
    const form = readForm(login.html);
    const refused = await post(form.action, new CookieJar(), { ...form.fields, ...USER }, "pl");
    expect(refused.response.status).toBe(403);
    expectLanguage(refused.html, refused.response, "en");
    expect(refused.html).toContain("does not match this browser (CSRF check failed)");
  });

  it("has every text in both languages, and no Polish text equal to the English one", () => {
    for (const [key, message] of Object.entries(EN.errors)) {
      const polish = PL.errors[key as keyof typeof PL.errors];
      expect(polish.title).not.toBe(message.title);
      expect(polish.message).not.toBe(message.message);
    }
    expect(Object.keys(PL.scopes).sort()).toEqual(Object.keys(EN.scopes).sort());
  });

  it("says a Polish wait in seconds under a minute, else in whole minutes rounded up", () => {
    expect(PL.lockedUser(45)).toContain("spróbuj ponownie za 45 s.");
    expect(PL.lockedUser(900)).toContain("spróbuj ponownie za 15 min.");
    expect(PL.lockedClient(61)).toContain("spróbuj ponownie za 2 min.");
  });

  it("describes the api scope in Polish with one kind of phrase (verbal nouns)", () => {
    expect(PL.scopes["api"]).toBe(
      "Tworzenie i zamawianie przesyłek, pobieranie ich etykiet i dokumentów, śledzenie oraz zamawianie kuriera.",
    );
  });
});
