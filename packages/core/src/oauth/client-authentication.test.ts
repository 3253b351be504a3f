// Tests of HTTP Basic client authentication: RFC 6749 form-encoding of the id and the secret.
import { describe, expect, it } from "vitest";
import { clientSecretBasic, formUrlEncode } from "./client-authentication.ts";

describe("clientSecretBasic", () => {
  it("form-urlencodes the id and secret before base64 (RFC 6749 section 2.3.1)", () => {
    expect(formUrlEncode("a b+c:d/é%")).toBe("a+b%2Bc%3Ad%2F%C3%A9%25");
    const headers = new Headers();
    clientSecretBasic("client:1", "s3cr3t: +/")({ headers, body: new URLSearchParams() });
    const encoded = headers.get("authorization")?.replace(/^Basic /, "") ?? "";
    expect(atob(encoded)).toBe("client%3A1:s3cr3t%3A+%2B%2F");
  });

  it("leaves plain credentials as they are", () => {
    const headers = new Headers();
    clientSecretBasic("demo-client", "demo-secret")({ headers, body: new URLSearchParams() });
    expect(headers.get("authorization")).toBe(`Basic ${btoa("demo-client:demo-secret")}`);
  });
});
