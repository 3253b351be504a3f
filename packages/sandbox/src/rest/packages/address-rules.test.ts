// The address rules over real HTTP: the sandbox refuses, as the service
// would, a package whose postcode is not its country's form (on the receiver,
// the sender and the pickup) or whose street has no house number where a
// courier must find the door, with 400, each field's path and core's rule, in
// both languages, and stores nothing for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedInBothLanguages } from "../testing/both-languages.ts";
import { RestSandbox, sampleV1, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

type Fields = Record<string, unknown>;

/** The sample package with fields of its addresses changed (a sender copies the pickup). */
function withAddresses(changes: { receiver?: Fields; sender?: Fields; pickup?: Fields }): Fields {
  const pkg = sampleV2({ user_reference_number: "ADDRESS-RULES" });
  for (const [role, fields] of Object.entries(changes)) {
    pkg[role] = { ...((pkg[role] ?? pkg["pickup"]) as Fields), ...fields };
  }
  return pkg;
}

function errorsOf(body: { errors?: { path: string; rule?: string }[] }) {
  return (body.errors ?? []).map(({ path, rule }) => ({ path, rule }));
}

describe("postcodes", () => {
  it("refuses ABC and 12345 in Poland, and a sender's ABC, all at once, and stores nothing", async () => {
    const body = withAddresses({
      receiver: { postcode: "12345" },
      sender: { postcode: "ABC" },
      pickup: { postcode: "ABC" },
    });
    const res = await sandbox.call("POST", "/packages", { version: 2, body });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        { path: "pickup.postcode", rule: "postcode_invalid" },
        { path: "sender.postcode", rule: "postcode_invalid" },
        { path: "receiver.postcode", rule: "postcode_invalid" },
      ]),
    );
    const list = await sandbox.call("GET", "/packages?user_reference_number=ADDRESS-RULES", {
      version: 2,
    });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    expect(list.body.packages).toEqual([]);
  });

  it("says the form in English and Polish", async () => {
    const messages = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages",
      () => ({ version: 2, body: withAddresses({ receiver: { postcode: "ABC" } }) }),
      { path: "receiver.postcode", rule: "postcode_invalid" },
    );
    expect(messages.en_GB).toContain("NN-NNN");
    expect(messages.pl_PL).toContain("NN-NNN");
  });

  it("checks each country by its own form: Czech 110 00, not 11000", async () => {
    const czech = (postcode: string) =>
      withAddresses({ receiver: { country_code: "CZ", postcode, city: "Praha" } });
    const refused = await sandbox.call("POST", "/packages/validate", {
      version: 2,
      body: czech("11000"),
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toEqual([
      { path: "receiver.postcode", rule: "postcode_invalid" },
    ]);
    const accepted = await sandbox.call("POST", "/packages/validate", {
      version: 2,
      body: czech("110 00"),
    });
    expect([200, 204]).toContain(accepted.status);
  });

  it("refuses the same in v1 and on an edit", async () => {
    const v1 = await sandbox.call("POST", "/packages", {
      version: 1,
      body: { ...sampleV1(), receiver: { ...(sampleV1()["receiver"] as Fields), postcode: "ABC" } },
    });
    expect(v1.status).toBe(400);
    expect(errorsOf(v1.body)).toContainEqual({
      path: "receiver.postcode",
      rule: "postcode_invalid",
    });
    const created = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    expect(created.status).toBe(201);
    const edited = await sandbox.call("PUT", `/packages/${created.body.package_id}`, {
      version: 2,
      body: withAddresses({ receiver: { postcode: "ABC" } }),
    });
    expect(edited.status).toBe(400);
    expect(errorsOf(edited.body)).toContainEqual({
      path: "receiver.postcode",
      rule: "postcode_invalid",
    });
  });
});

describe("house numbers", () => {
  it("refuses a receiver and a pickup street without a number, in both languages", async () => {
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      body: withAddresses({ receiver: { street: "Marszałkowska" }, pickup: { street: "Długa" } }),
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      { path: "pickup.street", rule: "house_number_missing" },
      { path: "receiver.street", rule: "house_number_missing" },
    ]);
    const messages = await refusedInBothLanguages(
      sandbox,
      "POST",
      "/packages/validate",
      () => ({ version: 2, body: withAddresses({ receiver: { street: "Marszałkowska" } }) }),
      { path: "receiver.street", rule: "house_number_missing" },
    );
    expect(messages.en_GB).toContain("house number");
    expect(messages.pl_PL).toContain("numeru domu");
  });

  it("accepts a street without a number at a point, and on the sender alone", async () => {
    const res = await sandbox.call("POST", "/packages", {
      version: 2,
      body: withAddresses({
        receiver: { street: "Marszałkowska", point: "WAW01M" },
        sender: { street: "Długa" },
      }),
    });
    expect(errorsOf(res.body)).toEqual([]);
    expect(res.status).toBe(201);
  });
});
