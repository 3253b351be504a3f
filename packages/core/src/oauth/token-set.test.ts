// Tests of TokenSet: expiry from expires_in with skew, records for stores, and redaction of tokens.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { OAUTH_CLIENT_ERROR_CODES, OAuthUsageError } from "./errors.ts";
import { TokenSet } from "./token-set.ts";

const record = {
  access_token: "eyJ.access.secret",
  token_type: "Bearer",
  refresh_token: "refresh-secret",
  expires_at: Date.UTC(2030, 0, 1),
  scope: "api",
  grant_type: "password" as const,
};

describe("TokenSet", () => {
  it("never shows its tokens through inspect, String() or JSON.stringify", () => {
    const tokens = new TokenSet(record);
    for (const shown of [
      inspect(tokens),
      String(tokens),
      `${tokens}`,
      JSON.stringify(tokens),
      JSON.stringify({ tokens }),
    ]) {
      expect(shown).not.toContain("secret");
      expect(shown).toContain("[redacted]");
    }
    expect(inspect(tokens)).toContain("2030-01-01T00:00:00.000Z");
    expect(Object.keys(tokens)).not.toContain("accessToken");
  });

  it("round-trips through toRecord and fromRecord", () => {
    const back = TokenSet.fromRecord(JSON.parse(JSON.stringify(new TokenSet(record).toRecord())));
    expect(back.accessToken).toBe(record.access_token);
    expect(back.refreshToken).toBe(record.refresh_token);
    expect(back.expiresAt?.getTime()).toBe(record.expires_at);
    expect(back.grantType).toBe("password");
    expect(back.refreshable).toBe(true);
  });

  it("refuses a record that was written redacted or is incomplete, naming the field", () => {
    expect(() => TokenSet.fromRecord(JSON.parse(JSON.stringify(new TokenSet(record))))).toThrow(
      /access_token/,
    );
    expect(() => TokenSet.fromRecord({ ...record, grant_type: "implicit" })).toThrow(/grant_type/);
    expect(() => TokenSet.fromRecord({ ...record, expires_at: "soon" })).toThrow(/expires_at/);
    expect(() => TokenSet.fromRecord(null)).toThrow(/object/);
  });

  it("throws OAuthUsageError with the stable invalid_stored_tokens code for a corrupt record", () => {
    for (const corrupt of [
      null,
      "text",
      { ...record, access_token: "" },
      { ...record, refresh_token: 5 },
      { ...record, scope: 1 },
      { ...record, expires_at: "soon" },
      { ...record, grant_type: "implicit" },
    ]) {
      let error: unknown;
      try {
        TokenSet.fromRecord(corrupt);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(OAuthUsageError);
      expect(error).toMatchObject({ code: OAUTH_CLIENT_ERROR_CODES.invalid_stored_tokens });
      expect((error as Error).message).not.toContain("secret");
    }
  });

  it("judges freshness with the skew, and treats a token without expiry as fresh", () => {
    const tokens = new TokenSet(record);
    const expiry = record.expires_at;
    expect(tokens.isFresh(new Date(expiry - 301_000), 300)).toBe(true);
    expect(tokens.isFresh(new Date(expiry - 299_000), 300)).toBe(false);
    expect(tokens.isFresh(new Date(expiry - 1_000), 0)).toBe(true);
    expect(new TokenSet({ ...record, expires_at: null }).isFresh(new Date(expiry * 2), 300)).toBe(
      true,
    );
  });

  it("caps the skew at half the lifetime the token was issued with", () => {
    const issuedAt = record.expires_at - 300_000;
    const short = new TokenSet({ ...record, issued_at: issuedAt });
    expect(short.effectiveSkewMs(300)).toBe(150_000);
    expect(short.effectiveSkewMs(60)).toBe(60_000);
    expect(short.isFresh(new Date(issuedAt), 300)).toBe(true);
    expect(short.isFresh(new Date(record.expires_at - 151_000), 300)).toBe(true);
    expect(short.isFresh(new Date(record.expires_at - 149_000), 300)).toBe(false);
    // Without an issue time (records written before it was kept) the full skew applies.
    expect(new TokenSet(record).effectiveSkewMs(300)).toBe(300_000);
  });

  it("keeps the issue time through toRecord and fromRecord, and refuses a corrupt one", () => {
    const tokens = new TokenSet({ ...record, issued_at: record.expires_at - 300_000 });
    const back = TokenSet.fromRecord(JSON.parse(JSON.stringify(tokens.toRecord())));
    expect(back.issuedAt?.getTime()).toBe(record.expires_at - 300_000);
    expect(() => TokenSet.fromRecord({ ...record, issued_at: "early" })).toThrow(/issued_at/);
  });

  it("is never refreshable for client_credentials", () => {
    expect(new TokenSet({ ...record, grant_type: "client_credentials" }).refreshable).toBe(false);
    expect(new TokenSet({ ...record, refresh_token: undefined }).refreshable).toBe(false);
  });
});
