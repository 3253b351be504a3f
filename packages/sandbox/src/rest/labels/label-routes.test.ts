// GET /packages/{id}/label over real HTTP: 204 until ready, then a PDF or ZPL
// that carries the tracking number; 404 and 409 for packages without one.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPdf } from "../testing/pdf-reader.ts";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";
import { parseZpl } from "../testing/zpl-parser.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

async function orderedPackage(
  label?: Record<string, string>,
): Promise<{ id: number; numbers: string[] }> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({ service: "dpd" }),
  });
  const id = created.body.package_id;
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
    body: { packages: [{ id }], ...(label ? { label } : {}) },
  });
  const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
  return { id, numbers: details.body.parcels.map((p: { package_no: string }) => p.package_no) };
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1");
}

describe("GET /packages/{id}/label", () => {
  it("answers 204 with Retry-After until ready, then a PDF showing the tracking number", async () => {
    const { id, numbers } = await orderedPackage({ file_format: "pdf", page_format: "a6" });
    const early = await sandbox.call("GET", `/packages/${id}/label`, { accept: "application/pdf" });
    expect(early.status).toBe(204);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await sandbox.advance(9);
    expect(
      (await sandbox.call("GET", `/packages/${id}/label`, { accept: "application/pdf" })).status,
    ).toBe(204);
    await sandbox.advance(1);
    const pdf = await sandbox.call("GET", `/packages/${id}/label`, { accept: "application/pdf" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = latin1(pdf.bytes);
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(text).toContain(`(${numbers[0]}) Tj`);
    expect(text).toContain("/MediaBox [0 0 298 420]");
    const [page, ...more] = readPdf(pdf.bytes).pages;
    expect(more).toEqual([]);
    expect(page?.texts.map((t) => t.text)).toEqual(
      expect.arrayContaining(["Paczka 1/1", numbers[0]]),
    );
    const a4 = await sandbox.call("GET", `/packages/${id}/label?label[page_format]=a4`, {
      accept: "application/pdf",
    });
    expect(latin1(a4.bytes)).toContain("/MediaBox [0 0 595 842]");
  });

  it("answers ZPL for application/zpl and text/plain", async () => {
    const { id, numbers } = await orderedPackage({ file_format: "zpl" });
    await sandbox.advance(10);
    const zpl = await sandbox.call("GET", `/packages/${id}/label`, { accept: "application/zpl" });
    expect(zpl.status).toBe(200);
    expect(zpl.headers.get("content-type")).toContain("application/zpl");
    expect(zpl.body).toMatch(/^\^XA/);
    expect(zpl.body).toContain(`^FD${numbers[0]}^FS`);
    const [label, ...more] = parseZpl(zpl.body);
    expect(more).toEqual([]);
    expect(label?.fields.filter((f) => f.kind === "code128").map((f) => f.data)).toEqual(numbers);
    const plain = await sandbox.call("GET", `/packages/${id}/label`, { accept: "text/plain" });
    expect(plain.headers.get("content-type")).toContain("text/plain");
    const byOrder = await sandbox.call("GET", `/packages/${id}/label`, { accept: null });
    expect(byOrder.headers.get("content-type")).toContain("application/zpl");
  });

  it("draws a label in Polish, with the receiver's Polish letters as they are, in PDF", async () => {
    const receiver = {
      ...(sampleV2().receiver as object),
      name: "Łukasz Żółć",
      street: "ul. Źródlana 5",
      city: "Łódź",
    };
    const created = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({
        service: "dpd",
        receiver,
        parcels: [{ width: 30, depth: 20, height: 10, weight: 1.5, type: "package" }],
      }),
    });
    expect(created.status).toBe(201);
    const id = created.body.package_id;
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
    await sandbox.advance(10);
    const pdf = await sandbox.call("GET", `/packages/${id}/label`, { accept: "application/pdf" });
    const texts = readPdf(pdf.bytes).pages[0]?.texts.map((t) => t.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        "DPD",
        "ETYKIETA TESTOWA SANDBOX",
        "Paczka 1/1",
        `Przesyłka ${id}  -  1,5 kg`,
        "NADAWCA",
        "ODBIORCA",
        "Łukasz Żółć",
        "ul. Źródlana 5",
        expect.stringMatching(/^\d\d-\d\d\d Łódź PL$/),
      ]),
    );
    expect(texts?.join(" ")).not.toMatch(/Parcel|Package|LABEL|FROM|TO\b/);
  });

  it("prints Polish letters in ZPL as they are (UTF-8), and ^ and ~ escaped", async () => {
    const receiver = {
      ...(sampleV2().receiver as object),
      name: "Łukasz Żółć",
      company: "Sklep ^Ślązak~ 100_%",
      street: "ul. Łąkowa 5",
      city: "Łódź",
    };
    const created = await sandbox.call("POST", "/packages", {
      version: 2,
      body: sampleV2({ service: "dpd", receiver }),
    });
    expect(created.status).toBe(201);
    const id = created.body.package_id;
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, {
      body: { packages: [{ id }], label: { file_format: "zpl" } },
    });
    await sandbox.advance(10);
    const zpl = await sandbox.call("GET", `/packages/${id}/label`, { accept: "application/zpl" });
    expect(zpl.body).toContain("^CI28");
    const [label] = parseZpl(zpl.body);
    const texts = label?.fields.filter((f) => f.kind === "text").map((f) => f.data);
    expect(texts).toEqual(
      expect.arrayContaining([
        "Łukasz Żółć",
        "Sklep ^Ślązak~ 100_%",
        "ul. Łąkowa 5",
        expect.stringContaining("Łódź"),
        "DPD",
        "ETYKIETA TESTOWA SANDBOX",
        `Paczka 1/1  Przesyłka ${id}`,
      ]),
    );
  });

  it("answers 404 for an unknown package, 409 for one not ordered, 400 for a bad page format, 406 for images", async () => {
    expect(
      (await sandbox.call("GET", "/packages/987654/label", { accept: "application/pdf" })).status,
    ).toBe(404);
    const draft = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
    const notOrdered = await sandbox.call("GET", `/packages/${draft.body.package_id}/label`, {
      accept: "application/pdf",
    });
    expect(notOrdered.status).toBe(409);
    expect(notOrdered.body.code).toBe("package_not_ordered");
    const { id } = await orderedPackage();
    const page = await sandbox.call("GET", `/packages/${id}/label?label[page_format]=a3`, {
      accept: "application/pdf",
    });
    expect(page.status).toBe(400);
    expect(page.body.errors[0].path).toBe("label[page_format]");
    const unknown = await sandbox.call("GET", `/packages/${id}/label?format=zpl`, {
      accept: "application/pdf",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ path: "format", rule: "unknown_field" });
    expect(
      (await sandbox.call("GET", `/packages/${id}/label`, { accept: "image/png" })).status,
    ).toBe(406);
  });
});
