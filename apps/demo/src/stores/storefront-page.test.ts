// The checkout page's language and its names for people: the page is all in
// the language asked for, and a refused field reads as the form labels it or
// as core names the path, never as the raw path.
import { describe, expect, it } from "vitest";
import { formFieldName, storefrontPage, TEXT } from "./storefront-page.ts";

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

  it("has every text in both languages, and no text of one language on the other's page", () => {
    const keys = Object.keys(TEXT.en) as (keyof typeof TEXT.en)[];
    expect(Object.keys(TEXT.pl).sort()).toEqual([...keys].sort());
    const same = new Set(["email"]);
    for (const key of keys) {
      if (!same.has(key)) expect(TEXT.pl[key], key).not.toBe(TEXT.en[key]);
    }
    for (const store of ["shopify", "medusa"] as const) {
      const pages = {
        en: storefrontPage(store, "en", "http://x"),
        pl: storefrontPage(store, "pl", "http://x"),
      };
      for (const key of keys) {
        if (same.has(key)) continue;
        // A text of the other language, placeholders aside, is nowhere on the page.
        const fixed = (text: string) => text.split(/\{\w+\}/)[0]?.trim() ?? text;
        expect(pages.pl, `en ${key} on the Polish ${store} page`).not.toContain(
          fixed(TEXT.en[key]),
        );
        expect(pages.en, `pl ${key} on the English ${store} page`).not.toContain(
          fixed(TEXT.pl[key]),
        );
      }
    }
  });

  it("gives phone, e-mail and postcode a phone's right keyboard", () => {
    const page = storefrontPage("shopify", "pl", "http://x");
    expect(page).toMatch(/<input name="phone" type="tel"/);
    expect(page).toMatch(/<input name="email" type="email"/);
    expect(page).toMatch(/<input name="postcode" inputmode="numeric"/);
    expect(page).toContain('autocomplete="postal-code"');
  });

  it("says pickup points and a subtotal in Polish, and keeps the dashboard link out of the language menu", () => {
    const page = storefrontPage("medusa", "pl", "http://x");
    expect(TEXT.pl.mapTitle).toBe("Punkty odbioru w pobliżu adresu");
    expect(TEXT.pl.subtotal).toBe("Suma częściowa");
    const nav = page.slice(page.indexOf("<nav"), page.indexOf("</nav>"));
    expect(nav).not.toContain("http://x");
    expect(page).toContain('href="http://x/?lang=pl"');
  });

  it("names a refused field as the form labels it, else as core names the path", () => {
    expect(formFieldName("street", "pl")).toBe("Ulica i numer");
    expect(formFieldName("street", "en")).toBe("Street and number");
    expect(formFieldName("postcode", "pl")).toBe("Kod pocztowy");
    expect(formFieldName("order.shipping_address.phone", "pl")).toBe("Telefon odbiorcy");
    expect(formFieldName("order.shipping_address.phone", "en")).toBe("Receiver's phone");
  });
});
