// Runs the command rows of the spec table: body rows against core's schemas
// (what the client checks before sending) and against the sandbox over HTTP;
// state rows against the sandbox, with packages made and ordered for each row.
// The sandbox's clock starts on a Monday morning in Warsaw, so couriers can
// be booked for the next days.

import { validateInput } from "@shipbridge/core/internal";
import { DocumentsCommandRequestSchema, OrderCommandRequestSchema } from "@shipbridge/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageV2 } from "../testing/packages.ts";
import {
  COMMAND_BODY_CASES,
  COMMAND_STATE_CASES,
  type CommandOutcome,
  type StatePackage,
} from "./command-cases.ts";
import { type HttpAnswer, SpecSandbox } from "./spec-sandbox.ts";

const SCHEMAS = { order: OrderCommandRequestSchema, documents: DocumentsCommandRequestSchema };
const PATHS = { order: "/order-commands", documents: "/documents-command" };

function label(row: { section: string; title: string }): string {
  return `§${row.section} ${row.title}`;
}

/** The answer (or, for a refusal that is an error entry, the finished command) checked against the row. */
function expectAnswer(answer: HttpAnswer, outcome: CommandOutcome, accepted: number): void {
  if ("accepted" in outcome) {
    expect(answer.body?.errors ?? []).toEqual([]);
    expect(answer.status).toBe(accepted);
    return;
  }
  const { rule, path, status } = outcome.refused;
  if (status !== "entry") expect(answer.status).toBe(status);
  expect(answer.body.errors).toContainEqual(
    expect.objectContaining({ rule, path, message: expect.stringMatching(/\S/) }),
  );
}

describe("spec table: command bodies, against core's schemas", () => {
  for (const row of COMMAND_BODY_CASES) {
    it(`${label(row)} (${row.command} schema)`, () => {
      const result = validateInput(SCHEMAS[row.command], row.body);
      if ("accepted" in row.expect) expect(result.ok ? [] : result.error.issues).toEqual([]);
      else
        expect(result.ok ? [] : result.error.issues).toContainEqual(
          expect.objectContaining({ rule: row.expect.refused.rule, path: row.expect.refused.path }),
        );
    });
  }
});

describe("spec table: commands, against the sandbox over HTTP", () => {
  let sandbox: SpecSandbox;
  let locker: string;
  beforeAll(async () => {
    // Monday 2026-11-23, 09:00 in Warsaw.
    sandbox = await SpecSandbox.start("2026-11-23T08:00:00Z");
    const points = await sandbox.call("POST", "/points/map", {
      body: { location: { search_phrase: "Warszawa" }, filters: { services: ["inpost"] } },
    });
    const open = (points.body.points as { code: string; active: boolean; holiday: boolean }[])
      .filter((p) => p.active && !p.holiday)
      .find((p) => p.code.endsWith("M"));
    if (!open) throw new Error("no open InPost locker in Warszawa");
    locker = open.code;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** Creates and orders the row's packages; their labels are ready when this returns. */
  async function prepare(packages: readonly StatePackage[]): Promise<number[]> {
    const ids: number[] = [];
    for (const spec of packages) {
      const base = packageV2() as unknown as Record<string, unknown>;
      const body = {
        ...base,
        service: spec.service,
        ...(spec.handedInAtPoint ? { pickup: { ...(base.pickup as object), point: locker } } : {}),
      };
      const created = await sandbox.call("POST", "/packages", { version: 2, body });
      expect(created.status).toBe(201);
      ids.push(created.body.package_id);
    }
    const order = await sandbox.call("PUT", `/order-commands/${crypto.randomUUID()}`, {
      body: { packages: ids.map((id) => ({ id })) },
    });
    expect(order.status).toBe(202);
    await sandbox.advance(10);
    return ids;
  }

  /** PUTs a command, lets it finish and answers its final state. */
  async function finished(path: string, body: unknown): Promise<HttpAnswer> {
    const uuid = crypto.randomUUID();
    const put = await sandbox.call("PUT", `${path}/${uuid}`, { body });
    expect(put.status).toBe(202);
    await sandbox.advance(5);
    return sandbox.call("GET", `${path}/${uuid}`);
  }

  for (const row of COMMAND_BODY_CASES) {
    it(`${label(row)} (PUT ${PATHS[row.command]}/{uuid})`, async () => {
      const answer = await sandbox.call("PUT", `${PATHS[row.command]}/${crypto.randomUUID()}`, {
        body: row.body,
      });
      if ("accepted" in row.expect) expect(answer.status).toBe(202);
      else expectAnswer(answer, row.expect, 202);
    });
  }

  for (const row of COMMAND_STATE_CASES) {
    it(`${label(row)} (${row.send})`, async () => {
      const ids = await prepare(row.packages);
      const packages = ids.map((id) => ({ id }));
      if (row.send === "pickup_proposals") {
        const answer = await sandbox.call("POST", "/packages/pickup-date-proposals", {
          body: { packages },
        });
        expectAnswer(answer, row.expect, 200);
        return;
      }
      const answer =
        row.send === "protocol"
          ? await finished("/documents-command", { packages, type: "protocol" })
          : await finished("/pickup-commands", {
              packages,
              pickup_date: { date: "2026-11-25", min_time: "10:00", max_time: "16:00" },
            });
      expectAnswer(answer, row.expect, 200);
      expect(answer.body.status).toBe("accepted" in row.expect ? "successful" : "partial_success");
    });
  }

  it("§4.3 a pickup is cancelled until its window starts, then refused with 409 pickup_not_cancellable", async () => {
    const [id] = await prepare([{ service: "dpd" }]);
    const window = { date: "2026-11-24", min_time: "10:00", max_time: "16:00" };
    const booked = await finished("/pickup-commands", { packages: [{ id }], pickup_date: window });
    const cancel = () => sandbox.call("DELETE", `/pickup-commands/${booked.body.uuid}`);
    const rebook = await finished("/pickup-commands", { packages: [{ id }], pickup_date: window });
    expect(rebook.body.errors).toEqual([
      expect.objectContaining({ rule: "pickup_unavailable", path: "packages[0].id" }),
    ]);
    expect((await cancel()).body).toMatchObject({ uuid: booked.body.uuid, cancelled: true });
    const again = await finished("/pickup-commands", { packages: [{ id }], pickup_date: window });
    expect(again.body).toMatchObject({ status: "successful", cancelled: false });
    // Tuesday 10:00 in Warsaw: the courier's window has started.
    await sandbox.advance(25 * 3600);
    const late = await sandbox.call("DELETE", `/pickup-commands/${again.body.uuid}`);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("pickup_not_cancellable");
    expect(late.body.message).toMatch(/\S/);
    expect((await cancel()).status).toBe(200);
  });
});
