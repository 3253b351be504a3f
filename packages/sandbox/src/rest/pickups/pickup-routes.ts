// Courier pickups for ordered packages:
//   POST /packages/pickup-date-proposals { packages: [{ id }] }
//        → { pickup_dates: [{ date, min_time, max_time, info }] } (pickup-dates.ts)
//   PUT  /pickup-commands/{uuid} { packages: [{ id }], pickup_date: { date, min_time, max_time } }
//   GET  /pickup-commands/{uuid}
// The chosen day must be one of the proposals and the window must lie inside
// its window. The command is idempotent on the UUID and runs like ordering
// (queueing, running, final); each package that is ordered, not cancelled,
// not yet collected and without a pickup gets the command's pickup_number.
// One pickup serves one carrier: packages of another carrier than the first
// are error entries. Pickups cost nothing in the sandbox.
import { CommandUuidSchema, type Language, PackageRefSchema } from "@shipbridge/core";
import { Hono } from "hono";
import { z } from "zod";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import type { RestErrorEntry } from "../http/rest-error.ts";
import { validated, validationError } from "../http/validated-input.ts";
import { commandAnswer, commandConflict, commandNotFound } from "../orders/command-answer.ts";
import { CommandStore, type PackageOutcome } from "../orders/command-store.ts";
import { PackageStore, type StoredPackage } from "../packages/stored-package.ts";
import { canonicalJson, hash32, sha256Hex } from "../support/hashing.ts";
import { canOrderPickup } from "../tracking/tracking-timeline.ts";
import { pickupDateProposals } from "./pickup-dates.ts";

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM");

export const PickupProposalRequestSchema = z.strictObject({
  packages: z.array(PackageRefSchema).min(1).max(100),
});

export const PickupCommandRequestSchema = z.strictObject({
  packages: z.array(PackageRefSchema).min(1).max(100),
  pickup_date: z.strictObject({ date: z.iso.date(), min_time: hhmm, max_time: hhmm }),
});

function pickupProblem(
  pkg: StoredPackage | undefined,
  id: number,
  language: Language,
): string | undefined {
  const pl = language === "pl_PL";
  if (!pkg)
    return pl
      ? `Na tym koncie nie ma przesyłki ${id}.`
      : `There is no package ${id} on this account.`;
  if (pkg.pickupCommand !== null) {
    return pl
      ? `Dla przesyłki ${id} zamówiono już odbiór ${pkg.pickupNumber}.`
      : `A pickup (${pkg.pickupNumber}) is already ordered for package ${id}.`;
  }
  return undefined;
}

function notPickable(id: number, language: Language): string {
  return language === "pl_PL"
    ? `Przesyłka ${id} musi być zamówiona, nieanulowana i jeszcze nieodebrana, aby zamówić kuriera.`
    : `Package ${id} must be ordered, not cancelled and not yet collected to order a courier for it.`;
}

export function pickupRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);
  const commands = new CommandStore(ctx.db);

  app.post("/packages/pickup-date-proposals", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const body = validated(PickupProposalRequestSchema, await readJsonObject(c), language);
    const now = ctx.clock.nowMs();
    const problems: RestErrorEntry[] = [];
    const carriers = new Set<string>();
    body.packages.forEach(({ id }, index) => {
      const pkg = packages.find(account.key, id);
      const problem =
        pickupProblem(pkg, id, language) ??
        (pkg && !canOrderPickup(pkg, now) ? notPickable(id, language) : undefined);
      if (problem)
        problems.push({
          path: `packages[${index}].id`,
          rule: "pickup_unavailable",
          message: problem,
        });
      else if (pkg) carriers.add(pkg.service);
    });
    if (carriers.size > 1) {
      problems.push({
        path: "packages",
        rule: "pickup_one_carrier",
        message:
          language === "pl_PL"
            ? `Jeden odbiór obejmuje przesyłki jednego przewoźnika, a podano: ${[...carriers].join(", ")}.`
            : `One pickup serves one carrier; these packages go with ${[...carriers].join(", ")}.`,
      });
    }
    if (problems.length > 0) throw validationError(problems);
    return c.json({ pickup_dates: pickupDateProposals(now, language) }, 200);
  });

  app.put("/pickup-commands/:uuid", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const body = validated(PickupCommandRequestSchema, await readJsonObject(c), language);
    const requestHash = sha256Hex(canonicalJson(body));
    const command = ctx.db.transaction(() => {
      const existing = commands.find("pickup", uuid);
      if (existing) {
        if (existing.account !== account.key || existing.requestHash !== requestHash)
          throw commandConflict(uuid);
        return existing;
      }
      const now = ctx.clock.nowMs();
      const chosen = body.pickup_date;
      const offer = pickupDateProposals(now, language).find((p) => p.date === chosen.date);
      if (!offer) {
        throw validationError([
          {
            path: "pickup_date.date",
            rule: "pickup_date_unavailable",
            message:
              language === "pl_PL"
                ? `Kurier nie przyjedzie ${chosen.date}; wybierz dzień z POST /packages/pickup-date-proposals.`
                : `No courier comes on ${chosen.date}; choose a day from POST /packages/pickup-date-proposals.`,
          },
        ]);
      }
      const window: RestErrorEntry[] = [];
      if (chosen.min_time < offer.min_time || chosen.min_time >= offer.max_time) {
        window.push({
          path: "pickup_date.min_time",
          rule: "pickup_window",
          message:
            language === "pl_PL"
              ? `min_time musi być od ${offer.min_time} i przed ${offer.max_time}.`
              : `min_time must be from ${offer.min_time} and before ${offer.max_time}.`,
        });
      }
      if (chosen.max_time > offer.max_time || chosen.max_time <= chosen.min_time) {
        window.push({
          path: "pickup_date.max_time",
          rule: "pickup_window",
          message:
            language === "pl_PL"
              ? `max_time musi być po min_time i najpóźniej ${offer.max_time}.`
              : `max_time must be after min_time and at most ${offer.max_time}.`,
        });
      }
      if (window.length > 0) throw validationError(window);
      const number = `${chosen.date.replaceAll("-", "")}-${String(hash32(`pickup:${uuid}`) % 1_000_000).padStart(6, "0")}`;
      let carrier: string | undefined;
      const seen = new Set<number>();
      const outcomes = body.packages.map(({ id }, index): PackageOutcome => {
        const fail = (en: string, pl: string): PackageOutcome => ({
          package_id: id,
          ok: false,
          error: { path: `packages[${index}].id`, message: { en_GB: en, pl_PL: pl } },
        });
        if (seen.has(id))
          return fail(
            `Package ${id} is listed more than once.`,
            `Przesyłka ${id} występuje więcej niż raz.`,
          );
        seen.add(id);
        const pkg = packages.find(account.key, id);
        const problem = {
          en: pickupProblem(pkg, id, "en_GB"),
          pl: pickupProblem(pkg, id, "pl_PL"),
        };
        if (problem.en && problem.pl) return fail(problem.en, problem.pl);
        if (!pkg || !canOrderPickup(pkg, now))
          return fail(notPickable(id, "en_GB"), notPickable(id, "pl_PL"));
        carrier ??= pkg.service;
        if (pkg.service !== carrier) {
          return fail(
            `Package ${id} goes with ${pkg.service}; this pickup is for ${carrier}.`,
            `Przesyłka ${id} jedzie z ${pkg.service}; ten odbiór dotyczy ${carrier}.`,
          );
        }
        packages.markPickup(id, {
          command: uuid,
          number: `${pkg.service.toUpperCase()}-${number}`,
          date: chosen,
        });
        return { package_id: id, ok: true };
      });
      const created = {
        kind: "pickup" as const,
        uuid,
        account: account.key,
        requestHash,
        request: body,
        createdAt: now,
        outcomes,
      };
      commands.insert(created);
      return created;
    });
    const result = answerOf(command, account.key, language);
    return c.json(result.body, result.final ? 200 : 202);
  });

  app.get("/pickup-commands/:uuid", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const command = commands.find("pickup", uuid);
    if (!command || command.account !== account.key) throw commandNotFound("pickup", uuid);
    return c.json(answerOf(command, account.key, language).body, 200);
  });

  function answerOf(
    command: Parameters<typeof commandAnswer>[0],
    accountKey: string,
    language: Language,
  ) {
    return commandAnswer(command, ctx.clock.nowMs(), language, (id) => {
      const pkg = packages.find(accountKey, id);
      return {
        package_id: id,
        service: pkg?.service ?? null,
        pickup_number: pkg?.pickupNumber ?? null,
        pickup_date: pkg?.pickupDate ?? null,
      };
    });
  }

  return app;
}
