// batchLabels against the sandbox over HTTP, in sandbox time: one PDF of many
// packages' labels through one documents command, the same command (and file)
// when asked again, the download waiting through 204 + Retry-After, refused
// packages listed in `skipped`, and bad arguments refused all at once in
// English and Polish before anything is sent.
import {
  batchLabels,
  DOCUMENTS_ERROR_CODES,
  isApiUsageError,
  isDocumentsError,
  isNotFoundError,
  isValidationError,
  type ShippingClient,
} from "@shipbridge/core";
import type { PackageV2 } from "@shipbridge/core/schemas";
import { pdfPages } from "@shipbridge/sandbox/testing";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { countingFetch } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

async function created(client: ShippingClient, body: PackageV2): Promise<number> {
  return (await client.packages.create(body)).package.package_id;
}

async function ordered(
  client: ShippingClient,
  reference: string,
  service = "dpd",
): Promise<number> {
  const id = await created(client, { ...packageV2(reference), service });
  const done = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
  expect(done.status).toBe("successful");
  return id;
}

async function documentsCommands(): Promise<number> {
  const stats = (await sandbox.control("/stats")) as { rest: { documents_commands: number } };
  return stats.rest.documents_commands;
}

describe("batchLabels", () => {
  it("merges the labels of many packages into one PDF, one A6 page each, through one command", async () => {
    const client = sandbox.timedClient();
    const ids = [
      await ordered(client, "labels-a"),
      await ordered(client, "labels-b"),
      await ordered(client, "labels-c"),
    ];
    const before = await documentsCommands();
    const file = await batchLabels(client, ids, {
      key: "shop-1:batch-1:labels:a6",
      pageFormat: "a6",
    });
    expect(file.contentType).toBe("application/pdf");
    expect(file.packageIds).toEqual(ids);
    expect(file.skipped).toEqual([]);
    expect(file.filename).toMatch(/\.pdf$/);
    const pages = pdfPages(file.body);
    expect(pages).toHaveLength(3);
    expect(pages.every((page) => page.width === 298 && page.height === 420)).toBe(true);
    ids.forEach((id, index) => {
      expect(pages[index]?.texts.join(" ")).toContain(`Przesyłka ${id}`);
    });
    expect(await documentsCommands()).toBe(before + 1);

    // Asked again (a double click, a rerun): the same command, the same file, nothing new.
    const again = await batchLabels(client, ids, {
      key: "shop-1:batch-1:labels:a6",
      pageFormat: "a6",
    });
    expect(again.commandId).toBe(file.commandId);
    expect(Buffer.from(again.body).equals(Buffer.from(file.body))).toBe(true);
    expect(await documentsCommands()).toBe(before + 1);
  });

  it("puts four labels on an A4 page, and writes ZPL for a thermal printer, one block per parcel", async () => {
    const client = sandbox.timedClient();
    const ids: number[] = [];
    for (const name of ["a4-1", "a4-2", "a4-3", "a4-4", "a4-5"])
      ids.push(await ordered(client, name));
    const a4 = await batchLabels(client, ids, {
      key: "shop-1:batch-2:labels:a4",
      pageFormat: "a4",
    });
    const pages = pdfPages(a4.body);
    expect(pages.map((page) => [page.width, page.height])).toEqual([
      [595, 842],
      [595, 842],
    ]);
    const onPage = (index: number) =>
      ids.filter((id) => pages[index]?.texts.join("\n").includes(`Przesyłka ${id}`));
    expect([onPage(0), onPage(1)]).toEqual([ids.slice(0, 4), ids.slice(4)]);
    const zpl = await batchLabels(client, ids, { key: "shop-1:batch-2:labels:zpl", format: "zpl" });
    expect(zpl.contentType).toBe("application/zpl");
    expect(zpl.filename).toMatch(/\.zpl$/);
    expect(zpl.commandId).not.toBe(a4.commandId);
    const text = Buffer.from(zpl.body).toString("latin1");
    expect(text.match(/\^XA/g)).toHaveLength(5);
    expect(text.match(/\^XZ/g)).toHaveLength(5);
  });

  it("waits through 204 and Retry-After until the labels of just-ordered packages are ready", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    // Ordered this very moment: the order command is still running when the documents command is sent.
    const id = await created(client, packageV2("labels-fresh"));
    await client.orderCommands.put(crypto.randomUUID(), { packages: [{ id }] });
    const file = await batchLabels(client, [id], { key: "shop-1:fresh" });
    expect(pdfPages(file.body)).toHaveLength(1);
    const downloads = requests.filter((r) =>
      r.endsWith(`/documents-command/${file.commandId}/document`),
    );
    // The label is ready 5 s after the order completes, the command before that: 204 first, then the file.
    expect(downloads.length).toBeGreaterThanOrEqual(2);
  });

  it("lists the packages the service refuses in skipped and prints the rest", async () => {
    const client = sandbox.timedClient();
    const good = await ordered(client, "labels-good");
    const draft = await created(client, packageV2("labels-draft"));
    const cancelled = await ordered(client, "labels-cancelled");
    const cancel = await client.cancelCommands.run(crypto.randomUUID(), {
      packages: [{ id: cancelled }],
      reasonType: "mistake",
    });
    expect(cancel.status).toBe("successful");
    const file = await batchLabels(client, [draft, good, cancelled, good], { key: "shop-1:mixed" });
    expect(file.packageIds).toEqual([good]);
    expect(file.skipped.map((s) => [s.packageId, s.rule])).toEqual([
      [draft, "package_not_ordered"],
      [cancelled, "package_cancelled"],
    ]);
    expect(file.skipped[0]?.message).toContain(String(draft));
    expect(pdfPages(file.body)).toHaveLength(1);
  });

  it("makes the file again once a package it left out is ordered, and only then, whatever the order asked", async () => {
    const client = sandbox.timedClient();
    const a = await ordered(client, "late-a");
    const b = await created(client, packageV2("late-b")); // still being shipped at the first print
    const key = "shop-1:batch-late:labels:a4";
    const before = await documentsCommands();
    const first = await batchLabels(client, [b, a], { key });
    expect(first.packageIds).toEqual([a]);
    expect(first.skipped.map((s) => [s.packageId, s.rule])).toEqual([[b, "package_not_ordered"]]);
    // The same packages in another order, b still not ordered: the same command.
    const same = await batchLabels(client, [a, b], { key });
    expect(same.commandId).toBe(first.commandId);
    expect(await documentsCommands()).toBe(before + 1);

    const done = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id: b }] });
    expect(done.status).toBe("successful");
    const second = await batchLabels(client, [b, a], { key });
    expect(second.packageIds).toEqual([a, b]);
    expect(second.skipped).toEqual([]);
    expect(second.commandId).not.toBe(first.commandId);
    const text = pdfPages(second.body)
      .flatMap((page) => page.texts)
      .join(" ");
    expect(text).toContain(`Przesyłka ${b}`);
    // Asked again: that file, nothing new.
    const third = await batchLabels(client, [a, b], { key });
    expect(third.commandId).toBe(second.commandId);
    expect(await documentsCommands()).toBe(before + 2);
  });

  it("keeps the file that left out a cancelled package: asking again makes nothing new", async () => {
    const client = sandbox.timedClient();
    const good = await ordered(client, "kept-good");
    const cancelled = await ordered(client, "kept-cancelled");
    await client.cancelCommands.run(crypto.randomUUID(), {
      packages: [{ id: cancelled }],
      reasonType: "mistake",
    });
    const before = await documentsCommands();
    const first = await batchLabels(client, [good, cancelled], { key: "shop-1:kept" });
    const again = await batchLabels(client, [cancelled, good], { key: "shop-1:kept" });
    expect(again.commandId).toBe(first.commandId);
    expect(again.skipped.map((s) => [s.packageId, s.rule])).toEqual([
      [cancelled, "package_cancelled"],
    ]);
    expect(await documentsCommands()).toBe(before + 1);
  });

  it("throws DocumentsError no_documents, with each reason, when the service refuses every package", async () => {
    const client = sandbox.timedClient();
    const draft = await created(client, packageV2("labels-only-draft"));
    const error = await batchLabels(client, [draft], { key: "shop-1:none" }).catch(
      (e: unknown) => e,
    );
    expect(isDocumentsError(error)).toBe(true);
    if (!isDocumentsError(error)) return;
    expect(error.code).toBe(DOCUMENTS_ERROR_CODES.no_documents);
    expect(error.skipped).toEqual([
      expect.objectContaining({ packageId: draft, rule: "package_not_ordered" }),
    ]);
    expect(error.message).toContain(String(draft));

    // In Polish when asked, the service's reasons in Polish too.
    const polish = await batchLabels(client, [draft], {
      key: "shop-1:none",
      language: "pl_PL",
    }).catch((e: unknown) => e);
    expect(isDocumentsError(polish) && polish.message).toMatch(
      new RegExp(
        `^Serwis nie utworzył pliku etykiet: nie objął żadnej z 1 paczek \\(${draft}: .+\\)\\.$`,
      ),
    );
  });

  it("refuses every bad argument at once, in English or Polish, before sending anything", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const bad = {
      key: " ",
      format: "png",
      pageFormat: "letter",
      deadline: "tomorrow",
    } as unknown as Parameters<typeof batchLabels>[2];
    const error = await batchLabels(client, [1, 0, 2.5], bad).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    if (!isValidationError(error)) return;
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["packageIds[1]", "invalid_type"],
      ["packageIds[2]", "invalid_type"],
      ["options.key", "too_small"],
      ["options.deadline", "invalid_type"],
      ["options.format", "invalid_value"],
      ["options.pageFormat", "invalid_value"],
    ]);
    const polish = await batchLabels(client, [], { ...bad, language: "pl_PL" }).catch(
      (e: unknown) => e,
    );
    expect(isValidationError(polish) && polish.issues.map((i) => [i.path, i.message])).toEqual([
      ["packageIds", "Podaj co najmniej 1 element."],
      ["options.key", "To pole nie może być puste."],
      ["options.deadline", "Oczekiwano wartości typu: data (obiekt Date)."],
      ["options.format", "Ta wartość jest niedozwolona; użyj jednej z: pdf, zpl."],
      ["options.pageFormat", "Ta wartość jest niedozwolona; użyj jednej z: a4, a6."],
    ]);
    expect(requests).toEqual([]);
  });

  it("refuses more than 500 packages in one file: one file per 500, each under its own key", async () => {
    const client = sandbox.timedClient();
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const error = await batchLabels(client, ids, { key: "shop-1:huge" }).catch((e: unknown) => e);
    expect(
      isValidationError(error) && error.issues.map((i) => [i.path, i.rule, i.message]),
    ).toEqual([["packageIds", "too_big", "Give at most 500 items."]]);
  });

  it("keeps a signed document url's query out of errors, and sends it", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const missing = `/documents-command/${crypto.randomUUID()}/document`;
    const error = await client.documentsCommands
      .download({
        type: "labels",
        file_format: "pdf",
        url: `${sandbox.baseUrl}${missing}?X-Amz-Signature=SECRET123`,
      })
      .catch((e: unknown) => e);
    expect(isNotFoundError(error)).toBe(true);
    if (!isNotFoundError(error)) return;
    expect(error.path).toBe(missing);
    expect(error.message).toContain(missing);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain("SECRET123");
    expect(requests).toContain(`GET ${missing}?X-Amz-Signature=SECRET123`);
  });

  it("never sends the account's token to a document url outside the client's baseUrl", async () => {
    const { fetch, requests } = countingFetch();
    const client = sandbox.timedClient(fetch);
    const error = await client.documentsCommands
      .download({ type: "labels", file_format: "pdf", url: "https://files.example.com/labels.pdf" })
      .catch((e: unknown) => e);
    expect(isApiUsageError(error) && error.option).toBe("document.url");
    expect(requests).toEqual([]);
  });
});
