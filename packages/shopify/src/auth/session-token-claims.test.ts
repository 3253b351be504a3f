// A merchant's token and a buyer's told apart by their claims alone: the
// admin's shape (https `dest`, `iss` = dest + /admin, `sub`, `sid`) is the
// only one that proves a merchant; a buyer's (bare `dest`, no `iss` nor
// `sid`, a Customer GID or nothing in `sub`) only proves a buyer.
import "@shopify/shopify-api/adapters/web-api";
import { ApiVersion, shopifyApi } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { adminTokenShop, buyerTokenOf } from "./session-token-claims.ts";

const shopify = shopifyApi({
  apiKey: "key",
  apiSecretKey: "secret",
  scopes: [],
  hostName: "ship.example.test",
  apiVersion: ApiVersion.October26,
  isEmbeddedApp: true,
});
const SHOP = "a-shop.myshopify.com";
const ADMIN = {
  iss: `https://${SHOP}/admin`,
  dest: `https://${SHOP}`,
  sub: "42",
  sid: "f00d",
};
const CHECKOUT = { dest: SHOP, sub: "gid://shopify/Customer/999" };

describe("a session token's claims", () => {
  it("prove a merchant only in the admin's shape", () => {
    expect(adminTokenShop(shopify, ADMIN)).toBe(SHOP);
    const refused = [
      CHECKOUT,
      { dest: SHOP },
      { ...ADMIN, dest: SHOP, iss: `${SHOP}/admin` },
      { ...ADMIN, iss: undefined },
      { ...ADMIN, iss: `https://${SHOP}/checkouts` },
      { ...ADMIN, iss: "https://other-shop.myshopify.com/admin" },
      { ...ADMIN, sid: undefined },
      { ...ADMIN, sub: undefined },
      { ...ADMIN, sub: "" },
      { ...ADMIN, dest: `http://${SHOP}`, iss: `http://${SHOP}/admin` },
      { ...ADMIN, dest: `https://${SHOP}/x`, iss: `https://${SHOP}/x/admin` },
      { ...ADMIN, dest: "https://evil.example.com", iss: "https://evil.example.com/admin" },
    ];
    for (const claims of refused) expect(adminTokenShop(shopify, claims)).toBeUndefined();
  });

  it("prove a buyer only in checkout's or customer accounts' shape", () => {
    expect(buyerTokenOf(shopify, CHECKOUT)).toEqual({ shop: SHOP, customerId: "999" });
    expect(buyerTokenOf(shopify, { dest: SHOP })).toEqual({ shop: SHOP, customerId: undefined });
    const refused = [
      ADMIN,
      { ...CHECKOUT, sid: "f00d" },
      { ...CHECKOUT, sub: "42" },
      { ...CHECKOUT, sub: "gid://shopify/StaffMember/1" },
      { dest: "evil.example.com" },
      {},
    ];
    for (const claims of refused) expect(buyerTokenOf(shopify, claims)).toBeUndefined();
  });
});
