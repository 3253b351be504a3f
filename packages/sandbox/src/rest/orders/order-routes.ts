// Ordering: PUT /order-commands/{uuid} and GET /order-commands/{uuid}.
// The client chooses the UUID, so the PUT is idempotent: the same body under
// the same UUID answers the same command (and charges nothing more); a
// different body under a used UUID is a 409. Accepting a command decides,
// in one transaction, the outcome of every package: it is charged exactly
// once, gets one tracking number per parcel and is locked against edits. A
// package already ordered by another command is an error entry and is not
// charged again. The status then runs queueing → running → final by the
// sandbox clock (command-timeline.ts); the package counts as ordered, and
// its tracking starts, when the command completes.
//
// only_order_pickup: true orders only the courier pickup of packages that
// are already ordered: nothing is charged and no number changes.
// skip_email_send: the sandbox sends no e-mail; the order confirmation it
// would send is recorded in GET /messages unless skip_email_send is true.

import type { Language } from "@shipbridge/core";
import { CommandUuidSchema, OrderCommandRequestSchema } from "@shipbridge/core";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { validated } from "../http/validated-input.ts";
import { MessageStore } from "../messages/message-store.ts";
import { packagePrice, pricingOut } from "../packages/package-details.ts";
import { servicesDictionary } from "../packages/service-names.ts";
import { PackageStore, type StoredPackage } from "../packages/stored-package.ts";
import { canonicalJson, sha256Hex } from "../support/hashing.ts";
import { trackingNumber } from "../tracking/tracking-numbers.ts";
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

export function orderSummary(
  pkg: StoredPackage,
  language: Language,
  baseUrl: string,
): Record<string, unknown> {
  return {
    package_id: pkg.id,
    service: pkg.service,
    service_id: pkg.serviceId,
    user_reference_number: pkg.data.user_reference_number ?? null,
    pricing: pricingOut(packagePrice(pkg, language), 2),
    additional_services_dictionary: servicesDictionary(pkg.data.additional_services, language),
    parcels: pkg.data.parcels.map((parcel, index) => ({
      ...parcel,
      package_no: pkg.parcelNumbers[index] ?? null,
      tracking_url: `${baseUrl}/packages/${pkg.id}/tracking`,
      service: pkg.service,
    })),
  };
}

export function orderRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const packages = new PackageStore(ctx.db);
  const commands = new CommandStore(ctx.db);
  const charges = new Charges(ctx.db);
  const messages = new MessageStore(ctx.db);

  const answer = (
    command: Parameters<typeof commandAnswer>[0],
    account: string,
    language: Language,
  ) =>
    commandAnswer(command, ctx.clock.nowMs(), language, (id) => {
      const pkg = packages.find(account, id);
      return pkg ? orderSummary(pkg, language, ctx.baseUrl) : { package_id: id };
    });

  app.put("/order-commands/:uuid", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const body = validated(OrderCommandRequestSchema, await readJsonObject(c), language);
    const requestHash = sha256Hex(canonicalJson(body));
    const command = ctx.db.transaction(() => {
      const existing = commands.find("order", uuid);
      if (existing) {
        if (existing.account !== account.key || existing.requestHash !== requestHash)
          throw commandConflict(uuid);
        return existing;
      }
      const now = ctx.clock.nowMs();
      const completesAt = commandCompletesAt(now);
      const fileFormat = body.label?.file_format ?? "pdf";
      const pageFormat = body.label?.page_format ?? "a4";
      const seen = new Set<number>();
      const outcomes = body.packages.map(({ id }, index): PackageOutcome => {
        if (seen.has(id)) {
          return fail(
            id,
            index,
            `Package ${id} is listed more than once.`,
            `Przesyłka ${id} występuje więcej niż raz.`,
          );
        }
        seen.add(id);
        const pkg = packages.find(account.key, id);
        if (!pkg)
          return fail(
            id,
            index,
            `There is no package ${id} on this account.`,
            `Na tym koncie nie ma przesyłki ${id}.`,
          );
        if (pkg.cancelCommand !== null) {
          return fail(
            id,
            index,
            `Package ${id} was cancelled and cannot be ordered.`,
            `Przesyłka ${id} została anulowana i nie można jej zamówić.`,
          );
        }
        if (body.only_order_pickup) {
          if (pkg.orderCommand === null) {
            return fail(
              id,
              index,
              `Package ${id} is not ordered yet; order it before ordering only its pickup.`,
              `Przesyłka ${id} nie jest jeszcze zamówiona; zamów ją przed zamówieniem samego odbioru.`,
            );
          }
          return { package_id: id, ok: true };
        }
        if (pkg.orderCommand !== null) {
          return fail(
            id,
            index,
            `Package ${id} was already ordered by command ${pkg.orderCommand}; it is not ordered or charged again.`,
            `Przesyłka ${id} została już zamówiona poleceniem ${pkg.orderCommand}; nie jest zamawiana ani obciążana ponownie.`,
          );
        }
        const price = packagePrice(pkg, language);
        charges.record({
          account: account.key,
          packageId: id,
          kind: "charge",
          commandUuid: uuid,
          amountGross: price.gross,
          at: now,
        });
        packages.markOrdered(id, {
          command: uuid,
          orderedAt: completesAt,
          fileFormat,
          pageFormat,
          numbers: pkg.data.parcels.map((_, parcelIndex) =>
            trackingNumber(pkg.service, id, parcelIndex),
          ),
        });
        if (!body.skip_email_send) {
          messages.add(account.key, {
            type: "order",
            title: { en_GB: `Package ${id} ordered`, pl_PL: `Przesyłka ${id} zamówiona` },
            content: {
              en_GB: `Order confirmation: package ${id} (${pkg.service}) is ordered; the label is ready a few seconds after the order completes.`,
              pl_PL: `Potwierdzenie zamówienia: przesyłka ${id} (${pkg.service}) jest zamówiona; etykieta będzie gotowa kilka sekund po zakończeniu zamówienia.`,
            },
            packageId: id,
            at: now,
          });
        }
        return { package_id: id, ok: true };
      });
      const created = {
        kind: "order" as const,
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
    const result = answer(command, account.key, language);
    return c.json(result.body, result.final ? 200 : 202);
  });

  app.get("/order-commands/:uuid", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const command = commands.find("order", uuid);
    if (!command || command.account !== account.key) throw commandNotFound("order", uuid);
    return c.json(answer(command, account.key, language).body, 200);
  });

  return app;
}
