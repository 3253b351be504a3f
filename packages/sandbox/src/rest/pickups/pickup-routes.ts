// Courier pickups for ordered packages:
//   POST /packages/pickup-date-proposals { packages: [{ id }] }
//        → { pickup_dates: [{ date, min_time, max_time, info }] } (pickup-dates.ts)
//   PUT  /pickup-commands/{uuid} { packages: [{ id }], pickup_date: { date, min_time, max_time } }
//   GET  /pickup-commands/{uuid}
// Both bodies are checked by @shipbridge/core's schemas (1 to 100 packages;
// the day as YYYY-MM-DD, the times as HH:MM, max_time after min_time). The
// sandbox adds what only it knows: the chosen day must be one of its
// proposals and the window must lie inside that day's window. The command is
// a command resource like ordering (commands/command-resource.ts); each
// package that is ordered, not cancelled, not yet collected and without a
// pickup gets the command's pickup_number. One pickup serves one carrier: packages of another carrier
// than the first are error entries. Pickups cost nothing in the sandbox.
import { PickupCommandRequestSchema, PickupDateProposalsRequestSchema } from "@shipbridge/core";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { commandResource } from "../commands/command-resource.ts";
import { decidePackages, noSuchPackage } from "../commands/package-outcomes.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import type { Localized, RestErrorEntry } from "../http/rest-error.ts";
import { validated, validationError } from "../http/validated-input.ts";
import { PackageStore, type StoredPackage } from "../packages/stored-package.ts";
import { hash32 } from "../support/hashing.ts";
import { canOrderPickup } from "../tracking/tracking-timeline.ts";
import { pickupDateProposals } from "./pickup-dates.ts";

/** Why a courier cannot be ordered for the package now, if it cannot. */
function pickupProblem(pkg: StoredPackage, now: number): Localized | undefined {
  const id = pkg.id;
  if (pkg.pickupCommand !== null)
    return {
      en_GB: `A pickup (${pkg.pickupNumber}) is already ordered for package ${id}.`,
      pl_PL: `Dla przesyłki ${id} zamówiono już odbiór ${pkg.pickupNumber}.`,
    };
  if (!canOrderPickup(pkg, now))
    return {
      en_GB: `Package ${id} must be ordered, not cancelled and not yet collected to order a courier for it.`,
      pl_PL: `Przesyłka ${id} musi być zamówiona, nieanulowana i jeszcze nieodebrana, aby zamówić kuriera.`,
    };
  return undefined;
}

export function pickupRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);

  app.post("/packages/pickup-date-proposals", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const body = validated(PickupDateProposalsRequestSchema, await readJsonObject(c), language);
    const now = ctx.clock.nowMs();
    const problems: RestErrorEntry[] = [];
    const carriers = new Set<string>();
    body.packages.forEach(({ id }, index) => {
      const pkg = packages.find(account.key, id);
      const problem = pkg ? pickupProblem(pkg, now) : noSuchPackage(id);
      if (problem)
        problems.push({
          path: `packages[${index}].id`,
          rule: "pickup_unavailable",
          message: problem[language],
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

  const pickupCommands = commandResource(ctx, guard, {
    kind: "pickup",
    path: "/pickup-commands",
    schema: PickupCommandRequestSchema,
    accept: ({ account, uuid, body, now, language }) => {
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
      if (chosen.max_time > offer.max_time) {
        window.push({
          path: "pickup_date.max_time",
          rule: "pickup_window",
          message:
            language === "pl_PL"
              ? `max_time może być najpóźniej ${offer.max_time}.`
              : `max_time must be at most ${offer.max_time}.`,
        });
      }
      if (window.length > 0) throw validationError(window);
      const number = `${chosen.date.replaceAll("-", "")}-${String(hash32(`pickup:${uuid}`) % 1_000_000).padStart(6, "0")}`;
      let carrier: string | undefined;
      return decidePackages(
        body.packages,
        (id) => packages.find(account.key, id),
        (pkg) => {
          const problem = pickupProblem(pkg, now);
          if (problem) return problem;
          carrier ??= pkg.service;
          if (pkg.service !== carrier)
            return {
              en_GB: `Package ${pkg.id} goes with ${pkg.service}; this pickup is for ${carrier}.`,
              pl_PL: `Przesyłka ${pkg.id} jedzie z ${pkg.service}; ten odbiór dotyczy ${carrier}.`,
            };
          packages.markPickup(pkg.id, {
            command: uuid,
            number: `${pkg.service.toUpperCase()}-${number}`,
            date: chosen,
          });
          return undefined;
        },
      );
    },
    summarize: (command, id) => {
      const pkg = packages.find(command.account, id);
      return {
        package_id: id,
        service: pkg?.service ?? null,
        pickup_number: pkg?.pickupNumber ?? null,
        pickup_date: pkg?.pickupDate ?? null,
      };
    },
  });
  app.route("/", pickupCommands.routes);
  return app;
}
