// The checkout page's language and its names for people: the page is all in
// the language asked for, and a refused field reads as the form labels it or
// as core names the path, never as the raw path.
import { describe, expect, it } from "vitest";
import { formFieldName, storefrontPage } from "./storefront-page.ts";

describe("the storefront page", () => {
  it("is in the language asked for, <html lang> included", () => {
    const polish = storefrontPage("medusa", "pl", "http://127.0.0.1:3000");
    expect(polish).toContain('<html lang="pl">');
    expect(polish).toContain("Pokaż opcje dostawy");
    expect(polish).toContain("Złóż zamówienie");
    expect(polish).toContain('role="status" aria-live="polite"');
    expect(polish).not.toContain("Get rates");
    const english = storefrontPage("shopify", "en", "http://127.0.0.1:3000");
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("Mark paid");
    expect(english).not.toContain("Oznacz jako opłacone");
    // The map is the dashboard's own code.
    expect(english).toContain('from "/map.js"');
  });

  it("names a refused field as the form labels it, else as core names the path", () => {
    expect(formFieldName("street", "pl")).toBe("Ulica i numer");
    expect(formFieldName("street", "en")).toBe("Street and number");
    expect(formFieldName("postcode", "pl")).toBe("Kod pocztowy");
    expect(formFieldName("order.shipping_address.phone", "pl")).toBe("Telefon odbiorcy");
    expect(formFieldName("order.shipping_address.phone", "en")).toBe("Receiver's phone");
  });
});
