// handoverProtocols against the sandbox over HTTP, in sandbox time: one
// protocol per carrier, each listing every parcel of its own packages and no
// other carrier's; the carriers the caller already knows are not read again;
// the same commands when asked again; packages the account does not have
// reported in `missing`; a carrier whose packages are all refused reported in
// `refused` while the others' protocols are made.
import {
  handoverProtocols,
  isDocumentsError,
  isValidationError,
  type ShippingClient,
} from "@shipbridge/core";
import { pdfPages } from "@shipbridge/sandbox/testing";
import { describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import { countingFetch } from "../testing/sandbox-server.ts";
import { useSandbox } from "../testing/shared-sandbox.ts";

const sandbox = useSandbox({ client: { validateResponses: true } });

async function ordered(
  client: ShippingClient,
  reference: string,
  service: string,
): Promise<number> {
  const id = (await client.packages.create({ ...packageV2(reference), service })).package
    .package_id;
  const done = await client.orderCommands.run(crypto.randomUUID(), { packages: [{ id }] });
  expect(done.status).toBe("successful");
  return id;
}

async function trackingNumbers(client: ShippingClient, id: number): Promise<string[]> {
  const pkg = await client.packages.get(id);
  return (pkg.parcels ?? []).map((parcel) => parcel.package_no ?? "");
}

function text(body: Uint8Array): string {
  return pdfPages(body)
    .flatMap((page) => page.texts)
    .join("\n");
}

describe("handoverProtocols", () => {
  it("makes one protocol per carrier, each listing its own parcels alone", async () => {
    const client = sandbox.timedClient();
    const dpdA = await ordered(client, "protocol-dpd-a", "dpd");
    const gls = await ordered(client, "protocol-gls", "gls");
    const dpdB = await ordered(client, "protocol-dpd-b", "dpd");
    const protocols = await handoverProtocols(client, [dpdA, gls, dpdB], { key: "shop-1:day-1" });
    expect(protocols.map((p) => [p.service, p.packageIds])).toEqual([
      ["dpd", [dpdA, dpdB]],
      ["gls", [gls]],
    ]);
    expect(protocols.missing).toEqual([]);
    const [dpd, glsProtocol] = protocols;
    if (dpd === undefined || glsProtocol === undefined) throw new Error("two protocols expected");
    expect(dpd.contentType).toBe("application/pdf");
    expect(dpd.skipped).toEqual([]);
    for (const number of [
      ...(await trackingNumbers(client, dpdA)),
      ...(await trackingNumbers(client, dpdB)),
    ]) {
      expect(text(dpd.body)).toContain(number);
      expect(text(glsProtocol.body)).not.toContain(number);
    }
    for (const number of await trackingNumbers(client, gls)) {
      expect(text(glsProtocol.body)).toContain(number);
      expect(text(dpd.body)).not.toContain(number);
    }
    expect(dpd.commandId).not.toBe(glsProtocol.commandId);

    // Asked again with the carriers known: the same commands, and no package read.
    const { fetch, requests } = countingFetch();
    const again = await handoverProtocols(sandbox.timedClient(fetch), [dpdA, gls, dpdB], {
      key: "shop-1:day-1",
      services: { [dpdA]: "dpd", [dpdB]: "dpd", [gls]: "gls" },
    });
    expect(again.map((p) => p.commandId)).toEqual([dpd.commandId, glsProtocol.commandId]);
    expect(requests.filter((r) => /^GET \/packages\/\d+$/.test(r))).toEqual([]);
  });

  it("reports a package the account does not have in missing, and protocols the rest", async () => {
    const client = sandbox.timedClient();
    const id = await ordered(client, "protocol-one", "dpd");
    const protocols = await handoverProtocols(client, [id, 987_654_321], { key: "shop-1:day-2" });
    expect(protocols.map((p) => p.service)).toEqual(["dpd"]);
    expect(protocols.missing).toEqual([987_654_321]);
  });

  it("makes the other carriers' protocols when one carrier's packages are all refused", async () => {
    const client = sandbox.timedClient();
    const dpdA = await ordered(client, "protocol-kept-a", "dpd");
    const dpdB = await ordered(client, "protocol-kept-b", "dpd");
    const gls = await ordered(client, "protocol-cancelled", "gls");
    await client.cancelCommands.run(crypto.randomUUID(), {
      packages: [{ id: gls }],
      reasonType: "mistake",
    });
    const protocols = await handoverProtocols(client, [dpdA, dpdB, gls], { key: "shop-1:day-3" });
    expect(protocols.map((p) => [p.service, p.packageIds])).toEqual([["dpd", [dpdA, dpdB]]]);
    expect(protocols.refused).toEqual([
      {
        service: "gls",
        commandId: expect.any(String),
        packageIds: [gls],
        skipped: [expect.objectContaining({ packageId: gls, rule: "package_cancelled" })],
        message: expect.stringContaining(String(gls)),
      },
    ]);
    expect(protocols.refused[0]?.commandId).not.toBe(protocols[0]?.commandId);

    // Every carrier refused: no file at all, DocumentsError with every reason.
    const error = await handoverProtocols(client, [gls], { key: "shop-1:day-4" }).catch(
      (e: unknown) => e,
    );
    expect(isDocumentsError(error) && error.code).toBe("no_documents");
    expect(isDocumentsError(error) && error.skipped.map((s) => s.packageId)).toEqual([gls]);
  });

  it("refuses bad arguments at once, naming each", async () => {
    const client = sandbox.timedClient();
    const error = await handoverProtocols(client, ["7" as unknown as number], {
      key: 12 as unknown as string,
      services: "dpd" as unknown as Record<number, string>,
    }).catch((e: unknown) => e);
    expect(isValidationError(error) && error.issues.map((i) => [i.path, i.rule])).toEqual([
      ["packageIds[0]", "invalid_type"],
      ["options.key", "invalid_type"],
      ["options.services", "invalid_type"],
    ]);
  });
});
