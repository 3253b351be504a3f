// Cancelling: PUT /cancel-command/{uuid} with the packages, a reasonType
// and reasonContent (the user's own words), checked by @shipbridge/core's
// CancelCommandRequestSchema alone (the service's reason codes are an open
// list there), and GET /cancel-command/{uuid}: a command resource like
// ordering (commands/command-resource.ts). A package can be cancelled while
// it is ordered and not yet collected (tracking-timeline.ts); its charge is
// refunded exactly once, and it ends in state `canceled` when the command
// completes.
import { CancelCommandRequestSchema } from "@shipbridge/core/schemas";
import type { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { commandResource } from "../commands/command-resource.ts";
import type { Refusal } from "../commands/command-store.ts";
import { commandCompletesAt } from "../commands/command-timeline.ts";
import { decidePackages } from "../commands/package-outcomes.ts";
import type { Guard } from "../http/guard.ts";
import { MessageStore } from "../messages/message-store.ts";
import { packagePrice } from "../pricing/package-price.ts";
import { PackageStore } from "../storage/stored-package.ts";
import { canCancel } from "../tracking/tracking-timeline.ts";
import { Charges } from "./charges.ts";

export function cancelRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const packages = new PackageStore(ctx.db);
  const charges = new Charges(ctx.db);
  const messages = new MessageStore(ctx.db);

  return commandResource(ctx, guard, {
    kind: "cancel",
    path: "/cancel-command",
    schema: CancelCommandRequestSchema,
    accept: ({ account, uuid, body, now, language }) =>
      decidePackages(
        body.packages,
        (id) => packages.find(account.key, id),
        (pkg): Refusal | undefined => {
          const id = pkg.id;
          if (pkg.orderCommand === null)
            return { rule: "package_not_ordered", params: { package_id: id, action: "cancel" } };
          if (pkg.cancelCommand !== null)
            return {
              rule: "package_already_cancelled",
              params: { package_id: id, command: pkg.cancelCommand },
            };
          if (!canCancel(pkg, now))
            return { rule: "package_not_cancellable", params: { package_id: id } };
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
          return undefined;
        },
      ),
  }).routes;
}
