// Cancelling: PUT /cancel-command/{uuid} with the packages, a reasonType
// and reasonContent (the user's own words), checked by @shipbridge/core's
// CancelCommandRequestSchema alone (the service's reason codes are an open
// list there), and GET /cancel-command/{uuid}. Idempotent on the UUID like
// ordering, with the same status model. A package can be cancelled while it
// is ordered and not yet collected (tracking-timeline.ts); its charge is
// refunded exactly once, and it ends in state `canceled` when the command
// completes.
import { CancelCommandRequestSchema, CommandUuidSchema } from "@shipbridge/core";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { validated } from "../http/validated-input.ts";
import { MessageStore } from "../messages/message-store.ts";
import { packagePrice } from "../packages/package-details.ts";
import { PackageStore } from "../packages/stored-package.ts";
import { canonicalJson, sha256Hex } from "../support/hashing.ts";
import { canCancel } from "../tracking/tracking-timeline.ts";
import { Charges } from "./charges.ts";
import { commandAnswer, commandConflict, commandNotFound } from "./command-answer.ts";
import { CommandStore, type PackageOutcome } from "./command-store.ts";
import { commandCompletesAt } from "./command-timeline.ts";

function fail(packageId: number, index: number, en: string, pl: string): PackageOutcome {
  return {
    package_id: packageId,
    ok: false,
    error: { path: `packages[${index}].id`, message: { en_GB: en, pl_PL: pl } },
  };
}

export function cancelRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);
  const commands = new CommandStore(ctx.db);
  const charges = new Charges(ctx.db);
  const messages = new MessageStore(ctx.db);

  app.put("/cancel-command/:uuid", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const body = validated(CancelCommandRequestSchema, await readJsonObject(c), language);
    const requestHash = sha256Hex(canonicalJson(body));
    const command = ctx.db.transaction(() => {
      const existing = commands.find("cancel", uuid);
      if (existing) {
        if (existing.account !== account.key || existing.requestHash !== requestHash)
          throw commandConflict(uuid);
        return existing;
      }
      const now = ctx.clock.nowMs();
      const seen = new Set<number>();
      const outcomes = body.packages.map(({ id }, index): PackageOutcome => {
        if (seen.has(id))
          return fail(
            id,
            index,
            `Package ${id} is listed more than once.`,
            `Przesyłka ${id} występuje więcej niż raz.`,
          );
        seen.add(id);
        const pkg = packages.find(account.key, id);
        if (!pkg)
          return fail(
            id,
            index,
            `There is no package ${id} on this account.`,
            `Na tym koncie nie ma przesyłki ${id}.`,
          );
        if (pkg.orderCommand === null) {
          return fail(
            id,
            index,
            `Package ${id} is not ordered, so there is nothing to cancel.`,
            `Przesyłka ${id} nie jest zamówiona, więc nie ma czego anulować.`,
          );
        }
        if (pkg.cancelCommand !== null) {
          return fail(
            id,
            index,
            `Package ${id} was already cancelled by command ${pkg.cancelCommand}; it is not refunded again.`,
            `Przesyłka ${id} została już anulowana poleceniem ${pkg.cancelCommand}; nie jest zwracana ponownie.`,
          );
        }
        if (!canCancel(pkg, now)) {
          return fail(
            id,
            index,
            `Package ${id} has been collected by the courier and can no longer be cancelled.`,
            `Przesyłka ${id} została odebrana przez kuriera i nie można jej już anulować.`,
          );
        }
        if (charges.has(id, "charge")) {
          charges.record({
            account: account.key,
            packageId: id,
            kind: "refund",
            commandUuid: uuid,
            amountGross: packagePrice(pkg, language).gross,
            at: now,
          });
        }
        packages.markCanceled(id, { command: uuid, canceledAt: commandCompletesAt(now) });
        messages.add(account.key, {
          type: "cancel",
          title: { en_GB: `Package ${id} cancelled`, pl_PL: `Przesyłka ${id} anulowana` },
          content: {
            en_GB: `The order of package ${id} is cancelled (${body.reasonType}) and its price refunded.`,
            pl_PL: `Zamówienie przesyłki ${id} zostało anulowane (${body.reasonType}), a jej cena zwrócona.`,
          },
          packageId: id,
          at: now,
        });
        return { package_id: id, ok: true };
      });
      const created = {
        kind: "cancel" as const,
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
    const result = commandAnswer(command, ctx.clock.nowMs(), language, (id) => ({
      package_id: id,
    }));
    return c.json(result.body, result.final ? 200 : 202);
  });

  app.get("/cancel-command/:uuid", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const command = commands.find("cancel", uuid);
    if (!command || command.account !== account.key) throw commandNotFound("cancel", uuid);
    return c.json(
      commandAnswer(command, ctx.clock.nowMs(), language, (id) => ({ package_id: id })).body,
      200,
    );
  });

  return app;
}
