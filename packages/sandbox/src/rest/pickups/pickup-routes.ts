// Courier pickups for ordered packages:
//   POST /packages/pickup-date-proposals { packages: [{ id }] }
//        → { pickup_dates: [{ date, min_time, max_time, info }] } (pickup-dates.ts)
//   PUT  /pickup-commands/{uuid} { packages: [{ id }], pickup_date: { date, min_time, max_time } }
//   GET  /pickup-commands/{uuid}
//   DELETE /pickup-commands/{uuid}  cancels the pickup (below)
// Both bodies are checked by @shipbridge/core's schemas (1 to 100 packages;
// the day as YYYY-MM-DD, the times as HH:MM, max_time after min_time). The
// sandbox adds what only it knows: the chosen day must be one of its
// proposals and the window must lie inside that day's window. The command is
// a command resource like ordering (commands/command-resource.ts); each
// package that is ordered, not cancelled, not yet collected and without a
// pickup gets the command's pickup_number. A package the sender hands in at a
// point (its pickup.point) needs no courier: core's pickup_not_needed, in the
// proposals' 400 and as the command's error entry. One pickup serves one carrier: packages of another carrier
// than the first are error entries. Pickups cost nothing in the sandbox.
// A pickup can be cancelled until its window starts (the chosen day's
// min_time in Warsaw, by the sandbox clock): DELETE answers the command with
// `cancelled: true` and frees its packages (they can be given a new pickup);
// repeating it answers the same; once the window has started it is a 409
// pickup_not_cancellable. Every answer of a pickup command says `cancelled`.

import {
  PickupCommandRequestSchema,
  PickupDateProposalsRequestSchema,
} from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { hash32 } from "../../support/hashing.ts";
import { commandResource } from "../commands/command-resource.ts";
import { CommandStore, type Refusal, type StoredCommand } from "../commands/command-store.ts";
import { decidePackages } from "../commands/package-outcomes.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError, type RestErrorEntry } from "../http/rest-error.ts";
import { ruleEntry } from "../http/rule-message.ts";
import { validated, validationError } from "../http/validated-input.ts";
import {
  dropOffPoint,
  PackageStore,
  type PickupWindow,
  type StoredPackage,
} from "../storage/stored-package.ts";
import { canOrderPickup } from "../tracking/tracking-timeline.ts";
import { pickupDateProposals, warsawInstant } from "./pickup-dates.ts";

/**
 * Why a courier cannot be ordered for the package now, if it cannot: core's
 * pickup_not_needed when the sender hands it in at a point, or
 * pickup_unavailable with the reason (already_ordered or not_pickable).
 */
function pickupProblem(pkg: StoredPackage, now: number): Refusal | undefined {
  const package_id = pkg.id;
  const point = dropOffPoint(pkg);
  if (point !== undefined) return { rule: "pickup_not_needed", params: { package_id, point } };
  if (pkg.pickupCommand !== null)
    return {
      rule: "pickup_unavailable",
      params: { reason: "already_ordered", package_id, pickup_number: pkg.pickupNumber ?? "" },
    };
  if (!canOrderPickup(pkg, now))
    return { rule: "pickup_unavailable", params: { reason: "not_pickable", package_id } };
  return undefined;
}

/** The carrier's pickup number of a command: the carrier, the day and a number from the UUID. */
function pickupNumber(service: string, uuid: string, date: string): string {
  const serial = String(hash32(`pickup:${uuid}`) % 1_000_000).padStart(6, "0");
  return `${service.toUpperCase()}-${date.replaceAll("-", "")}-${serial}`;
}

function pickupNotCancellable(uuid: string, window: PickupWindow): RestError {
  const when = `${window.date} ${window.min_time}`;
  return new RestError(409, "pickup_not_cancellable", {
    en_GB: `Pickup ${uuid} can no longer be cancelled: the courier's window started at ${when} (Polish time).`,
    pl_PL: `Odbioru ${uuid} nie można już anulować: okno kuriera zaczęło się ${when} (czasu polskiego).`,
  });
}

export function pickupRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);
  const commands = new CommandStore(ctx.db);
  const windowOf = (command: StoredCommand): PickupWindow =>
    (command.request as { pickup_date: PickupWindow }).pickup_date;

  app.post("/packages/pickup-date-proposals", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const body = validated(PickupDateProposalsRequestSchema, await readJsonObject(c), language);
    const now = ctx.clock.nowMs();
    const problems: RestErrorEntry[] = [];
    const carriers = new Set<string>();
    body.packages.forEach(({ id }, index) => {
      const pkg = packages.find(account.key, id);
      const problem: Refusal | undefined = pkg
        ? pickupProblem(pkg, now)
        : { rule: "pickup_unavailable", params: { reason: "not_found", package_id: id } };
      if (problem)
        problems.push(ruleEntry(`packages[${index}].id`, problem.rule, problem.params, language));
      else if (pkg) carriers.add(pkg.service);
    });
    if (carriers.size > 1) {
      problems.push(
        ruleEntry(
          "packages",
          "pickup_one_carrier",
          { carriers: [...carriers].join(", ") },
          language,
        ),
      );
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
          ruleEntry("pickup_date.date", "pickup_date_unavailable", { date: chosen.date }, language),
        ]);
      }
      const window: RestErrorEntry[] = [];
      const bounds = { from: offer.min_time, to: offer.max_time };
      if (chosen.min_time < offer.min_time || chosen.min_time >= offer.max_time) {
        window.push(
          ruleEntry(
            "pickup_date.min_time",
            "pickup_outside_window",
            { field: "min_time", ...bounds },
            language,
          ),
        );
      }
      if (chosen.max_time > offer.max_time) {
        window.push(
          ruleEntry(
            "pickup_date.max_time",
            "pickup_outside_window",
            { field: "max_time", ...bounds },
            language,
          ),
        );
      }
      if (window.length > 0) throw validationError(window);
      let carrier: string | undefined;
      return decidePackages(
        body.packages,
        (id) => packages.find(account.key, id),
        (pkg): Refusal | undefined => {
          const problem = pickupProblem(pkg, now);
          if (problem) return problem;
          carrier ??= pkg.service;
          if (pkg.service !== carrier)
            return {
              rule: "pickup_one_carrier",
              params: { carriers: `${carrier}, ${pkg.service}` },
            };
          packages.markPickup(pkg.id, {
            command: uuid,
            number: pickupNumber(pkg.service, uuid, chosen.date),
            date: chosen,
          });
          return undefined;
        },
      );
    },
    // What the command booked, also once cancelled or the package picked up again.
    summarize: (command, id) => {
      const service = packages.find(command.account, id)?.service;
      const window = windowOf(command);
      return {
        package_id: id,
        service: service ?? null,
        pickup_number:
          service === undefined ? null : pickupNumber(service, command.uuid, window.date),
        pickup_date: window,
      };
    },
    extra: (command) => ({ cancelled: command.cancelledAt !== undefined }),
  });
  app.route("/", pickupCommands.routes);

  app.delete("/pickup-commands/:uuid", guard(V1), (c) => {
    const found = pickupCommands.find(c);
    if (found.cancelledAt !== undefined) return pickupCommands.respond(c, found);
    const window = windowOf(found);
    const cancelled = ctx.db.transaction((): StoredCommand => {
      const now = ctx.clock.nowMs();
      if (now >= warsawInstant(window.date, window.min_time))
        throw pickupNotCancellable(found.uuid, window);
      commands.markCancelled("pickup", found.uuid, now);
      packages.clearPickup(found.uuid);
      return { ...found, cancelledAt: now };
    });
    return pickupCommands.respond(c, cancelled);
  });
  return app;
}
