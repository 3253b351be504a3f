// The label link Shopify fetches: it opens the label of the shop's return it
// names, for LABEL_LINK_SECONDS; altered, signed with another secret, or
// expired, it opens nothing.
import { describe, expect, it } from "vitest";
import { LABEL_LINK_SECONDS, labelLink, readLabelToken } from "./label-link.ts";

const NOW = Date.parse("2026-11-26T10:00:00Z");
const RETURN = "gid://shopify/Return/700001";

function tokenOf(link: string): string {
  return decodeURIComponent(new URL(link).pathname.split("/").at(-1) ?? "");
}

describe("labelLink", () => {
  it("names the shop and the return under the app's address, until it expires", () => {
    const link = labelLink("https://ship.example.com", "secret", "a.myshopify.com", RETURN, NOW);
    expect(link.startsWith("https://ship.example.com/returns/label/")).toBe(true);
    expect(readLabelToken("secret", tokenOf(link), NOW)).toEqual({
      shop: "a.myshopify.com",
      returnId: RETURN,
    });
    expect(readLabelToken("secret", tokenOf(link), NOW + LABEL_LINK_SECONDS * 1000 + 1000)).toBe(
      "expired",
    );
  });

  it("opens nothing when altered or signed with another secret", () => {
    const token = tokenOf(
      labelLink("https://ship.example.com", "secret", "a.myshopify.com", RETURN, NOW),
    );
    const [body, signature] = token.split(".");
    const other = Buffer.from(
      JSON.stringify({ s: "b.myshopify.com", r: RETURN, e: NOW / 1000 + 60 }),
    ).toString("base64url");
    expect(readLabelToken("secret", `${other}.${signature}`, NOW)).toBe("invalid");
    expect(readLabelToken("another", token, NOW)).toBe("invalid");
    expect(readLabelToken("secret", `${body}`, NOW)).toBe("invalid");
    expect(readLabelToken("secret", "", NOW)).toBe("invalid");
  });
});
