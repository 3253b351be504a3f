// What each of the merchant's test files does: it starts from a clean
// sandbox (the package made by the other file is gone), creates a package,
// and moves the sandbox clock with the client's clock following it. Two
// files run it, so the reset between files shows.
import { OAuthClient } from "@shipbridge/core";
import { sandboxClock } from "@shipbridge/sandbox";
import { expect, inject } from "vitest";

export async function startsCleanAndFollowsTheClock(): Promise<void> {
  const { baseUrl, accountUrl } = inject("sandbox");
  const clock = await sandboxClock(baseUrl);
  const oauth = new OAuthClient({
    clientId: "demo-client",
    clientSecret: "demo-secret",
    baseUrl,
    accountUrl,
    clock: clock.now,
  });
  await oauth.loginWithPassword({ username: "demo@shipbridge.dev", password: "demo-password" });
  const headers = {
    authorization: `Bearer ${await oauth.accessToken()}`,
    accept: "application/vnd.furgonetka.v2+json",
    "content-type": "application/vnd.furgonetka.v2+json",
  };
  const list = async () =>
    ((await (await fetch(`${baseUrl}/packages`, { headers })).json()) as { total: number }).total;
  expect(await list()).toBe(0);
  const created = await fetch(`${baseUrl}/packages/validate`, {
    method: "POST",
    headers,
    body: "{}",
  });
  expect(created.status).toBe(400);
  const posted = await fetch(`${baseUrl}/packages`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      service: "inpost",
      pickup: {
        name: "Jan Kowalski",
        street: "Marszałkowska 1",
        postcode: "00-001",
        city: "Warszawa",
        country_code: "PL",
        phone: "500100200",
        email: "sklep@example.com",
      },
      receiver: {
        name: "Anna Nowak",
        street: "Floriańska 5",
        postcode: "31-019",
        city: "Kraków",
        country_code: "PL",
        phone: "500200300",
        email: "anna.nowak@example.com",
      },
      parcels: [{ width: 30, depth: 20, height: 10, weight: 2, type: "package" }],
    }),
  });
  expect(posted.status).toBe(201);
  expect(await list()).toBe(1);
  const before = await oauth.accessToken();
  await clock.advance(31 * 86_400);
  const after = await oauth.accessToken();
  expect(after).not.toBe(before);
}
