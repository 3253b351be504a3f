// Documents in bulk over real HTTP: a labels PDF with one page per package and
// a handover protocol listing every parcel, ready when the command is final.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

async function ordered(service: string): Promise<{ id: number; numbers: string[] }> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({ service }),
  });
  const id = created.body.package_id;
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
  const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
  return { id, numbers: details.body.parcels.map((p: { package_no: string }) => p.package_no) };
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("PUT /documents-command/{uuid}", () => {
  it("bundles the labels of several packages into one PDF once ready", async () => {
    const a = await ordered("dpd");
    const b = await ordered("inpost");
    const draft = (await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() })).body
      .package_id;
    const uuid = randomUUID();
    const put = await sandbox.call("PUT", `/documents-command/${uuid}`, {
      body: {
        packages: [{ id: a.id }, { id: b.id }, { id: draft }],
        type: "labels",
        page_format: "a6",
      },
    });
    expect(put.status).toBe(202);
    expect(put.body.documents).toEqual([]);
    expect(
      (
        await sandbox.call("GET", `/documents-command/${uuid}/document`, {
          accept: "application/pdf",
        })
      ).status,
    ).toBe(204);
    await sandbox.advance(10);
    const done = await sandbox.call("GET", `/documents-command/${uuid}`);
    expect(done.body).toMatchObject({
      status: "partial_success",
      successfully_processed_packages: [{ package_id: a.id }, { package_id: b.id }],
      errors: [
        {
          package_id: draft,
          path: "packages[2].id",
          rule: "package_not_ordered",
          message: `Package ${draft} is not ordered, so it has no documents.`,
        },
      ],
      documents: [
        {
          type: "labels",
          file_format: "pdf",
          url: `${sandbox.baseUrl}/documents-command/${uuid}/document`,
        },
      ],
    });
    const pdf = await sandbox.call("GET", `/documents-command/${uuid}/document`, {
      accept: "application/pdf",
    });
    expect(pdf.status).toBe(200);
    const text = latin1(pdf.bytes);
    expect(text).toContain("/Count 2");
    expect(text).toContain(`(${a.numbers[0]}) Tj`);
    expect(text).toContain(`(${b.numbers[0]}) Tj`);
  });

  it("writes a handover protocol listing every parcel", async () => {
    const a = await ordered("gls");
    const uuid = randomUUID();
    await sandbox.call("PUT", `/documents-command/${uuid}`, {
      body: { packages: [{ id: a.id }], type: "protocol" },
    });
    await sandbox.advance(10);
    const pdf = await sandbox.call("GET", `/documents-command/${uuid}/document`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = latin1(pdf.bytes);
    expect(text).toContain("(Protokol nadania / Handover protocol) Tj");
    expect(text).toContain(`(${a.numbers[0]}) Tj`);
  });

  it("answers 409 for a document of no package, 400 for an unknown type, 404 for an unknown command", async () => {
    const uuid = randomUUID();
    await sandbox.call("PUT", `/documents-command/${uuid}`, {
      body: { packages: [{ id: 123456 }], type: "labels" },
    });
    await sandbox.advance(5);
    expect((await sandbox.call("GET", `/documents-command/${uuid}`)).body.status).toBe("error");
    expect(
      (
        await sandbox.call("GET", `/documents-command/${uuid}/document`, {
          accept: "application/pdf",
        })
      ).status,
    ).toBe(409);
    const bad = await sandbox.call("PUT", `/documents-command/${randomUUID()}`, {
      body: { packages: [{ id: 1 }], type: "invoice" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe("type");
    expect((await sandbox.call("GET", `/documents-command/${randomUUID()}`)).status).toBe(404);
  });
});
