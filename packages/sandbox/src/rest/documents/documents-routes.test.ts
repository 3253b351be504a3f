// Documents in bulk over real HTTP, read back with the tests' strict PDF
// reader and ZPL parser: labels as an A6 PDF with one page per parcel (each
// marked i/N), as an A4 PDF with four labels per page, or as ZPL with one
// label block per parcel; and a handover protocol that serves one carrier and
// lists every parcel of its packages. Each is ready when the command is final.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedInBothLanguages } from "../testing/both-languages.ts";
import { type PdfPageView, readPdf } from "../testing/pdf-reader.ts";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";
import { parseZpl } from "../testing/zpl-parser.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start();
});
afterAll(() => sandbox.close());

const parcel = { width: 30, depth: 20, height: 10, weight: 2, type: "package" };

async function ordered(service: string, parcels = 1): Promise<{ id: number; numbers: string[] }> {
  const created = await sandbox.call("POST", "/packages", {
    version: 2,
    body: sampleV2({ service, parcels: Array.from({ length: parcels }, () => parcel) }),
  });
  const id = created.body.package_id;
  await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
  const details = await sandbox.call("GET", `/packages/${id}`, { version: 2 });
  return { id, numbers: details.body.parcels.map((p: { package_no: string }) => p.package_no) };
}

/** Sends a documents command, lets it finish and its labels get ready, and returns its answer. */
async function documents(body: Record<string, unknown>) {
  const uuid = randomUUID();
  const put = await sandbox.call("PUT", `/documents-command/${uuid}`, { body });
  expect(put.status).toBe(202);
  await sandbox.advance(10);
  return { uuid, answer: (await sandbox.call("GET", `/documents-command/${uuid}`)).body };
}

const LABEL_MARK = /ETYKIETA TESTOWA SANDBOX$/;
const texts = (page: PdfPageView) => page.texts.map((t) => t.text);

describe("PUT /documents-command/{uuid}: labels", () => {
  it("puts one label per A6 page, one page per parcel marked i/N, once ready", async () => {
    const a = await ordered("dpd", 3);
    const b = await ordered("inpost");
    const draft = (await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() })).body
      .package_id;
    const uuid = randomUUID();
    const put = await sandbox.call("PUT", `/documents-command/${uuid}`, {
      body: {
        packages: [{ id: a.id }, { id: b.id }, { id: draft }],
        type: "labels",
        file_format: "pdf",
        page_format: "a6",
      },
    });
    expect(put.status).toBe(202);
    expect(put.body.documents).toEqual([]);
    const early = await sandbox.call("GET", `/documents-command/${uuid}/document`, {
      accept: "application/pdf",
    });
    expect(early.status).toBe(204);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
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
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const { pages } = readPdf(pdf.bytes);
    const expected = [
      { number: a.numbers[0], mark: "Paczka 1/3" },
      { number: a.numbers[1], mark: "Paczka 2/3" },
      { number: a.numbers[2], mark: "Paczka 3/3" },
      { number: b.numbers[0], mark: "Paczka 1/1" },
    ];
    expect(pages).toHaveLength(expected.length);
    pages.forEach((page, i) => {
      expect({ width: page.width, height: page.height }).toEqual({ width: 298, height: 420 });
      expect(texts(page).filter((t) => LABEL_MARK.test(t))).toHaveLength(1);
      expect(texts(page)).toContain(expected[i]?.mark);
      expect(texts(page)).toContain(expected[i]?.number);
      for (const other of expected.filter((_, j) => j !== i))
        expect(texts(page)).not.toContain(other.number);
    });
  });

  it("puts four labels on each A4 page, one in each quarter", async () => {
    const a = await ordered("dpd", 3);
    const b = await ordered("gls", 2);
    const { uuid } = await documents({
      packages: [{ id: a.id }, { id: b.id }],
      type: "labels",
      page_format: "a4",
    });
    const pdf = await sandbox.call("GET", `/documents-command/${uuid}/document`);
    const { pages } = readPdf(pdf.bytes);
    expect(pages.map((page) => [page.width, page.height])).toEqual([
      [595, 842],
      [595, 842],
    ]);
    const quarter = (run: { x: number; y: number }) =>
      `${run.y > 421 ? "top" : "bottom"}-${run.x > 297.5 ? "right" : "left"}`;
    const labelsOf = (page: PdfPageView) =>
      page.texts.filter((t) => LABEL_MARK.test(t.text)).map(quarter);
    expect(labelsOf(pages[0] as PdfPageView)).toEqual([
      "top-left",
      "top-right",
      "bottom-left",
      "bottom-right",
    ]);
    expect(labelsOf(pages[1] as PdfPageView)).toEqual(["top-left"]);
    const numbers = [...a.numbers, ...b.numbers];
    const first = pages[0]?.texts ?? [];
    numbers.slice(0, 4).forEach((number, i) => {
      const run = first.find((t) => t.text === number);
      expect(run && quarter(run)).toBe(labelsOf(pages[0] as PdfPageView)[i]);
    });
    expect(texts(pages[1] as PdfPageView)).toEqual(
      expect.arrayContaining([numbers[4], "Paczka 2/2"]),
    );
  });

  it("writes ZPL with one ^XA..^XZ label per parcel, served as application/zpl", async () => {
    const a = await ordered("dpd", 2);
    const b = await ordered("inpost");
    const { uuid, answer } = await documents({
      packages: [{ id: a.id }, { id: b.id }],
      type: "labels",
      file_format: "zpl",
      page_format: "a6",
    });
    expect(answer.documents).toEqual([
      {
        type: "labels",
        file_format: "zpl",
        url: `${sandbox.baseUrl}/documents-command/${uuid}/document`,
      },
    ]);
    const zpl = await sandbox.call("GET", `/documents-command/${uuid}/document`, {
      accept: "application/zpl",
    });
    expect(zpl.status).toBe(200);
    expect(zpl.headers.get("content-type")).toBe("application/zpl");
    expect(zpl.headers.get("content-disposition")).toContain(`labels-${uuid}.zpl`);
    const labels = parseZpl(zpl.body);
    const expected = [
      { number: a.numbers[0], mark: "Paczka 1/2" },
      { number: a.numbers[1], mark: "Paczka 2/2" },
      { number: b.numbers[0], mark: "Paczka 1/1" },
    ];
    expect(labels).toHaveLength(expected.length);
    labels.forEach((label, i) => {
      expect(label.fields.filter((f) => f.kind === "code128").map((f) => f.data)).toEqual([
        expected[i]?.number,
      ]);
      expect(label.fields.some((f) => f.data.startsWith(`${expected[i]?.mark} `))).toBe(true);
    });
    const asPdf = await sandbox.call("GET", `/documents-command/${uuid}/document`, {
      accept: "application/pdf",
    });
    expect(asPdf.status).toBe(406);
    expect(asPdf.body.message).toContain("ZPL");
  });
});

describe("PUT /documents-command/{uuid}: protocol", () => {
  it("serves the first carrier and lists every parcel of its packages; other carriers are error entries", async () => {
    const a = await ordered("dpd", 3);
    const b = await ordered("inpost");
    const c = await ordered("dpd");
    const body = { packages: [{ id: a.id }, { id: b.id }, { id: c.id }], type: "protocol" };
    const { uuid, answer } = await documents(body);
    expect(answer).toMatchObject({
      status: "partial_success",
      successfully_processed_packages: [{ package_id: a.id }, { package_id: c.id }],
      errors: [
        {
          package_id: b.id,
          path: "packages[1].id",
          rule: "protocol_one_carrier",
          message: `A handover protocol serves one carrier: this one is for dpd, but package ${b.id} goes with inpost. Ask for a separate protocol for inpost.`,
        },
      ],
      documents: [{ type: "protocol", file_format: "pdf" }],
    });
    const polish = await sandbox.call("GET", `/documents-command/${uuid}`, {
      headers: { "x-language": "pl_PL" },
    });
    expect(polish.body.errors[0].message).toContain("Protokół nadania obejmuje jednego");
    const pdf = await sandbox.call("GET", `/documents-command/${uuid}/document`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const { pages } = readPdf(pdf.bytes);
    expect(pages).toHaveLength(1);
    const shown = texts(pages[0] as PdfPageView);
    expect(shown).toContain("Protokół nadania");
    expect(shown).toContain("Przewoźnik: DPD");
    for (const heading of ["Przewoźnik", "ID przesyłki", "Paczka", "Numer nadania", "Odbiorca"])
      expect(shown).toContain(heading);
    for (const number of [...a.numbers, ...c.numbers]) expect(shown).toContain(number);
    expect(shown).toEqual(expect.arrayContaining(["1/3", "2/3", "3/3", "1/1"]));
    expect(shown).not.toContain(b.numbers[0]);
    expect(shown.some((t) => t.endsWith("strona 1 z 1  -  paczek: 4"))).toBe(true);
  });

  it("is a PDF only: a protocol asked as ZPL is refused at file_format", async () => {
    const a = await ordered("dpd");
    await refusedInBothLanguages(
      sandbox,
      "PUT",
      `/documents-command/${randomUUID()}`,
      () => ({ body: { packages: [{ id: a.id }], type: "protocol", file_format: "zpl" } }),
      { path: "file_format", rule: "protocol_pdf_only" },
    );
  });
});

describe("documents commands that produce nothing or are malformed", () => {
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
      body: { packages: [{ id: 1 }], type: "invoice", file_format: "png" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(["type", "file_format"]);
    expect((await sandbox.call("GET", `/documents-command/${randomUUID()}`)).status).toBe(404);
  });
});
