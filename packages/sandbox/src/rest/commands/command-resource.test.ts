// What every command resource answers over real HTTP while a command is not
// final: Retry-After in whole seconds until its status next changes (at least
// 1), on PUT and GET, and none once it is final.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RestSandbox, sampleV2 } from "../testing/rest-fixture.ts";

let sandbox: RestSandbox;
beforeAll(async () => {
  sandbox = await RestSandbox.start({ clockStart: "2026-11-23T08:00:00Z" });
});
afterAll(() => sandbox.close());

async function createPackage(): Promise<number> {
  const res = await sandbox.call("POST", "/packages", { version: 2, body: sampleV2() });
  expect(res.status).toBe(201);
  return res.body.package_id;
}

describe("Retry-After on a command that is not final", () => {
  it("counts the seconds to the next status on PUT and GET, and goes once final", async () => {
    const id = await createPackage();
    const uuid = randomUUID();
    const path = `/order-commands/${uuid}`;
    const body = { packages: [{ id }] };
    const put = await sandbox.call("PUT", path, { body });
    expect(put.status).toBe(202);
    expect(put.body.status).toBe("queueing");
    expect(put.headers.get("retry-after")).toBe("2");
    await sandbox.advance(0.5);
    const queueing = await sandbox.call("GET", path);
    expect(queueing.body.status).toBe("queueing");
    expect(queueing.headers.get("retry-after")).toBe("2");
    await sandbox.advance(1.5);
    const running = await sandbox.call("GET", path);
    expect(running.body.status).toBe("running");
    expect(running.headers.get("retry-after")).toBe("3");
    const again = await sandbox.call("PUT", path, { body });
    expect(again.status).toBe(202);
    expect(again.headers.get("retry-after")).toBe("3");
    await sandbox.advance(2.9);
    const almost = await sandbox.call("GET", path);
    expect(almost.body.status).toBe("running");
    expect(almost.headers.get("retry-after")).toBe("1");
    await sandbox.advance(0.1);
    const done = await sandbox.call("GET", path);
    expect(done.body.status).toBe("successful");
    expect(done.headers.get("retry-after")).toBeNull();
    const repeated = await sandbox.call("PUT", path, { body });
    expect(repeated.status).toBe(200);
    expect(repeated.headers.get("retry-after")).toBeNull();
  });

  it("is the same for the other kinds of command (cancelling, documents)", async () => {
    const id = await createPackage();
    await sandbox.call("PUT", `/order-commands/${randomUUID()}`, { body: { packages: [{ id }] } });
    await sandbox.advance(5);
    const documents = await sandbox.call("PUT", `/documents-command/${randomUUID()}`, {
      body: { packages: [{ id }], type: "labels" },
    });
    expect(documents.status).toBe(202);
    expect(documents.headers.get("retry-after")).toBe("2");
    const cancel = await sandbox.call("PUT", `/cancel-command/${randomUUID()}`, {
      body: { packages: [{ id }], reasonType: "other" },
    });
    expect(cancel.status).toBe(202);
    expect(cancel.headers.get("retry-after")).toBe("2");
  });
});
