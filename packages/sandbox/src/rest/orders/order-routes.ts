// Ordering: PUT /order-commands/{uuid} and GET /order-commands/{uuid}, a
// command resource (commands/command-resource.ts: idempotent on the UUID, a
// 409 for another body under a used UUID, status by the sandbox clock).
// Accepting decides every package at once: it is charged exactly once, gets
// one tracking number per parcel and is locked against edits. A package
// already ordered by another command is an error entry and is not charged
// again. A package whose point is unknown, closed, on holiday or of another
// carrier at that moment (a point closed after the package was created) is an
// error entry with core's point_unavailable and is not charged either. The
// package counts as ordered, and its tracking starts, when the command
// completes.
//
// only_order_pickup: true orders only the courier pickup of packages that
// are already ordered: nothing is charged and no number changes.
// skip_email_send: the sandbox sends no e-mail; the order confirmation it
// would send is recorded in GET /messages unless skip_email_send is true.

import type { Language } from "@shipbridge/core";
import { OrderCommandRequestSchema } from "@shipbridge/core/schemas";
import type { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { commandResource } from "../commands/command-resource.ts";
import type { Refusal } from "../commands/command-store.ts";
import { commandCompletesAt } from "../commands/command-timeline.ts";
import { decidePackages } from "../commands/package-outcomes.ts";
import type { Guard } from "../http/guard.ts";
import { MessageStore } from "../messages/message-store.ts";
import { packagePrice, pricingOut } from "../packages/package-details.ts";
import { servicesDictionary } from "../packages/service-names.ts";
import { PackageStore, type StoredPackage } from "../packages/stored-package.ts";
import { pointProblems } from "../points/point-availability.ts";
import { trackingNumber } from "../tracking/tracking-numbers.ts";
import { trackingPageUrl } from "../tracking/tracking-page.ts";
import { Charges } from "./charges.ts";

export function orderSummary(
  pkg: StoredPackage,
  language: Language,
  accountUrl: string,
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
      tracking_url: pkg.parcelNumbers[index]
        ? trackingPageUrl(accountUrl, pkg.parcelNumbers[index])
        : null,
      service: pkg.service,
    })),
  };
}

export function orderRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const packages = new PackageStore(ctx.db);
  const charges = new Charges(ctx.db);
  const messages = new MessageStore(ctx.db);

  return commandResource(ctx, guard, {
    kind: "order",
    path: "/order-commands",
    schema: OrderCommandRequestSchema,
    accept: ({ account, uuid, body, now, language }) => {
      const completesAt = commandCompletesAt(now);
      const fileFormat = body.label?.file_format ?? "pdf";
      const pageFormat = body.label?.page_format ?? "a4";
      return decidePackages(
        body.packages,
        (id) => packages.find(account.key, id),
        (pkg): Refusal | undefined => {
          const id = pkg.id;
          if (pkg.cancelCommand !== null)
            return { rule: "package_cancelled", params: { package_id: id, action: "order" } };
          if (body.only_order_pickup) {
            if (pkg.orderCommand !== null) return undefined;
            return { rule: "package_not_ordered", params: { package_id: id, action: "pickup" } };
          }
          if (pkg.orderCommand !== null)
            return {
              rule: "package_already_ordered",
              params: { package_id: id, command: pkg.orderCommand },
            };
          // A point may have closed since the package was created: not charged.
          const [point] = pointProblems(ctx.db, pkg.data, pkg.service);
          if (point)
            return { rule: "point_unavailable", params: { ...point.params, package_id: id } };
          charges.record({
            account: account.key,
            packageId: id,
            kind: "charge",
            commandUuid: uuid,
            amountGross: packagePrice(pkg, language).gross,
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
          return undefined;
        },
      );
    },
    summarize: (command, id, language) => {
      const pkg = packages.find(command.account, id);
      return pkg ? orderSummary(pkg, language, ctx.accountUrl) : { package_id: id };
    },
  }).routes;
}
