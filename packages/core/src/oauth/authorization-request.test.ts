// The authorization URL: the spec's parameters, and the language of the
// service's pages as ui_locales when one is asked for (checked to be
// language tags before anything is sent).
import { describe, expect, it } from "vitest";
import { isOAuthUsageError } from "./errors.ts";
import { OAuthClient } from "./oauth-client.ts";

const client = () =>
  new OAuthClient({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    redirectUri: "http://127.0.0.1:3000/oauth/callback",
    baseUrl: "http://127.0.0.1:4010",
  });

describe("OAuthClient.authorizationUrl", () => {
  it("sends no ui_locales unless asked", () => {
    const { url, state } = client().authorizationUrl({ state: "s1" });
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      response_type: "code",
      client_id: "demo-client",
      redirect_uri: "http://127.0.0.1:3000/oauth/callback",
      state,
    });
  });

  it("sends uiLocales as ui_locales, space-separated tags kept in order", () => {
    expect(
      new URL(client().authorizationUrl({ uiLocales: "pl" }).url).searchParams.get("ui_locales"),
    ).toBe("pl");
    const { url } = client().authorizationUrl({ uiLocales: "en-GB pl", scope: "api" });
    expect(url).toContain("ui_locales=en-GB+pl");
    expect(new URL(url).searchParams.get("ui_locales")).toBe("en-GB pl");
  });

  it("refuses a value that is not language tags, naming the option", () => {
    for (const bad of ["", "pl,en", "pl  en", "en_GB", "pl&x=1", " pl"]) {
      const error = (() => {
        try {
          client().authorizationUrl({ uiLocales: bad });
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(isOAuthUsageError(error), bad).toBe(true);
      expect((error as Error).message).toMatch(/^uiLocales: must be language tags/);
    }
  });
});
