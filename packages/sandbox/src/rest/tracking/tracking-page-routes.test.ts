// The public tracking page over real HTTP: GET {account_url}/zlokalizuj/{number}
// needs no token, answers HTML with the parcel's events by the sandbox clock,
// in the customer's language, without anything private, escaped; an unknown
// number gets a 404 page of the same look; and the tracking_url of package
// details and order commands leads to it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SENDER } from "../account/demo-sender.ts";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-23T08:00:00Z" });
});
afterAll(() => sandbox.close());

const RECEIVER = {
  name: "Zofia Prywatna",
  company: "Tajna Firma",
  street: "Ukryta 77",
  postcode: "31-019",
  city: "Kraków",
  country_code: "PL",
  phone: "512345678",
  email: "zofia.prywatna@example.com",
};

interface Ordered {
  id: number;
  numbers: string[];
  command: { successfully_ordered_packages: { parcels: { tracking_url: string }[] }[] };
}

async function orderTwoParcels(): Promise<Ordered> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({
      service: "gls",
      receiver: RECEIVER,
      user_reference_number: "SECRET-ORDER-42",
      parcels: [
        { width: 30, depth: 20, height: 10, weight: 2, type: "package", description: "Prezent" },
        { width: 30, depth: 20, height: 10, weight: 1, type: "package" },
      ],
    }),
  });
  expect(created.status).toBe(201);
  const id = created.body.package_id as number;
  const uuid = randomUUID();
  await sandbox.call("PUT", `/order-commands/${uuid}`, { body: { packages: [{ id }] } });
  await sandbox.advance(5);
  const command = await sandbox.call("GET", `/order-commands/${uuid}`);
  const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
  const numbers = details.body.parcels.map((p: { package_no: string }) => p.package_no);
  return { id, numbers, command: command.body };
}

/** The page as a browser without any session opens it. */
async function open(number: string, headers: Record<string, string> = {}, query = "") {
  const response = await fetch(
    `${sandbox.accountUrl}/zlokalizuj/${encodeURIComponent(number)}${query}`,
    { headers },
  );
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const statesOf = (html: string) => [...html.matchAll(/<li data-state="([^"]+)"/g)].map((m) => m[1]);

describe("the public tracking page", () => {
  let parcel: Ordered;
  beforeAll(async () => {
    parcel = await orderTwoParcels();
  });

  it("is where every tracking_url leads: package details, each parcel and the order command", async () => {
    const page = (n: string) => `${sandbox.accountUrl}/zlokalizuj/${n}`;
    const details = await sandbox.call("GET", `/packages/${parcel.id}`, { version: 2 });
    expect(details.body.tracking_url).toBe(page(parcel.numbers[0] as string));
    expect(details.body.parcels.map((p: { tracking_url: string }) => p.tracking_url)).toEqual(
      parcel.numbers.map(page),
    );
    expect(
      parcel.command.successfully_ordered_packages[0]?.parcels.map((p) => p.tracking_url),
    ).toEqual(parcel.numbers.map(page));
    // The link opens the page itself, without a token.
    const linked = await fetch(details.body.tracking_url);
    expect(linked.status).toBe(200);
    expect(linked.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("shows the parcel's events by the sandbox clock, newest first, without a token", async () => {
    const number = parcel.numbers[0] as string;
    const first = await open(number);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.html).toMatch(/^<!doctype html>/);
    expect(first.html).toContain(`<dd id="number">${number}</dd>`);
    expect(first.html).toContain(`<dd id="carrier">GLS Business</dd>`);
    expect(statesOf(first.html)).toEqual(["ordered"]);
    expect(first.html).toContain('<dd id="status" data-state="ordered">');

    await sandbox.advance(24 * 3600);
    const day = await open(number);
    expect(statesOf(day.html)).toEqual(["in-transit", "collected", "ordered"]);
    expect(day.html).toContain("Sortownia Stryków");
    const times = [...day.html.matchAll(/<time datetime="([^"]+)">/g)].map((m) =>
      Date.parse(m[1] as string),
    );
    expect(times).toHaveLength(3);
    expect(times[0]).toBeGreaterThan(times[1] as number);

    await sandbox.advance(24 * 3600);
    const delivered = await open(number);
    expect(statesOf(delivered.html)).toEqual(["delivered", "in-transit", "collected", "ordered"]);
    expect(delivered.html).toContain('<dd id="status" data-state="delivered">Doręczona</dd>');
    // The second parcel has its own page and its own events.
    const second = await open(parcel.numbers[1] as string);
    expect(second.status).toBe(200);
    expect(second.html).toContain(`<dd id="number">${parcel.numbers[1]}</dd>`);
  });

  it("speaks Polish first, English by Accept-Language, and ?lang over both", async () => {
    const number = parcel.numbers[0] as string;
    const polish = await open(number);
    expect(polish.html).toContain('<html lang="pl">');
    expect(polish.headers.get("content-language")).toBe("pl");
    expect(polish.html).toContain("Śledzenie przesyłki");
    expect(polish.html).toContain("Przewoźnik");

    const english = await open(number, { "accept-language": "en-GB,en;q=0.9,pl;q=0.5" });
    expect(english.html).toContain('<html lang="en">');
    expect(english.headers.get("content-language")).toBe("en");
    expect(english.html).toContain("Parcel tracking");
    expect(english.html).toContain("Carrier");
    expect(english.html).not.toContain("Przewoźnik");

    const asked = await open(number, { "accept-language": "pl-PL" }, "?lang=en");
    expect(asked.html).toContain('<html lang="en">');
    const back = await open(number, { "accept-language": "en-GB" }, "?lang=pl");
    expect(back.html).toContain('<html lang="pl">');
    // The page links to itself in the other language.
    expect(polish.html).toContain('href="?lang=en"');
    expect(english.html).toContain('href="?lang=pl"');
  });

  it("shows nothing private: no names, phones, e-mails, streets or references", async () => {
    for (const language of ["pl", "en"]) {
      const { html } = await open(parcel.numbers[0] as string, {}, `?lang=${language}`);
      for (const secret of [
        RECEIVER.name,
        RECEIVER.company,
        RECEIVER.street,
        RECEIVER.phone,
        RECEIVER.email,
        RECEIVER.postcode,
        DEMO_SENDER.name,
        DEMO_SENDER.company,
        DEMO_SENDER.street,
        DEMO_SENDER.phone,
        DEMO_SENDER.email,
        "SECRET-ORDER-42",
        "Prezent",
        "Zofia",
        "Ukryta",
      ]) {
        expect(html, secret).not.toContain(secret);
      }
      // The cities the parcel passed are fine.
      expect(html).toContain("Kraków");
      expect(html).toContain("Warszawa");
    }
  });

  it("escapes what it shows", async () => {
    const { id, numbers } = await orderTwoParcels();
    const problem = await fetch(`${sandbox.baseUrl}/_sandbox/packages/${id}/tracking`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        state: "collect-problem",
        description: '<script>alert("x")</script> & "quotes"',
      }),
    });
    expect(problem.status).toBe(201);
    const { html } = await open(numbers[0] as string);
    expect(html).not.toContain("<script>");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;",
    );
  });

  it("answers an unknown number with a 404 page of the same look, escaped", async () => {
    const unknown = await open("600000000000000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(unknown.html).toContain("<h1>Nie znaleziono przesyłki</h1>");
    expect(unknown.html).toContain("600000000000000000000000");
    expect(unknown.html).toContain("<style>");
    const english = await open("NOPE", { "accept-language": "en" });
    expect(english.status).toBe(404);
    expect(english.html).toContain("<h1>Parcel not found</h1>");

    const hostile = await open('<img src=x onerror="alert(1)">');
    expect(hostile.status).toBe(404);
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("is not the API: the base host has no such page, the API still wants a token", async () => {
    const number = parcel.numbers[0] as string;
    expect((await fetch(`${sandbox.baseUrl}/zlokalizuj/${number}`)).status).toBe(404);
    const api = await fetch(`${sandbox.baseUrl}/packages/${parcel.id}/tracking`);
    expect(api.status).toBe(401);
  });
});
