// The account's own resources, all needing a user's access token (an
// application token from client_credentials gets 403):
//   GET    /account/services           the carrier services and their service_id
//   GET    /account/user-data          the user's data
//   PUT    /account/user-data          edit it (partial; country_code from the unified list)
//   GET    /account/tracking-webhook   the registered tracking push URL (never the secret)
//   PUT    /account/tracking-webhook   register { url, secret, language? } (core's
//                                      TrackingWebhookRequestSchema: http(s), secret 16–128)
//   DELETE /account/tracking-webhook   stop pushes
import { validateUserData } from "@shipbridge/core";
import { TrackingWebhookRequestSchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { isoSeconds } from "../../support/datetime.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated, validationError } from "../http/validated-input.ts";
import { ALLOWED_COUNTRIES } from "../reference/allowed-countries.ts";
import { accountServices } from "./account-services.ts";

function defaultUserData(
  username: string,
  companyName: string | undefined,
): Record<string, unknown> {
  return {
    email: username.includes("@") ? username : null,
    name: null,
    surname: null,
    company: companyName ?? null,
    nip: null,
    phone: null,
    country_code: "PL",
    street: null,
    postcode: null,
    city: null,
  };
}

function noWebhook(): RestError {
  return new RestError(404, "webhook_not_found", {
    en_GB: "No tracking webhook is registered; register one with PUT /account/tracking-webhook.",
    pl_PL:
      "Nie zarejestrowano adresu powiadomień; zarejestruj go przez PUT /account/tracking-webhook.",
  });
}

export function accountRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get("/account/services", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    return c.json({ services: accountServices(account.key) }, 200);
  });

  const readUserData = (key: string, username: string, companyName: string | undefined) => {
    const row = ctx.db.sql.prepare("SELECT data FROM rest_user_data WHERE account = ?").get(key) as
      | { data: string }
      | undefined;
    return row
      ? (JSON.parse(row.data) as Record<string, unknown>)
      : defaultUserData(username, companyName);
  };
  const companyName = (username: string, companyId: string | null) =>
    ctx.config.users
      .find((u) => u.username === username)
      ?.companies?.find((co) => co.id === companyId)?.name;

  app.get("/account/user-data", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    return c.json(
      readUserData(account.key, account.username, companyName(account.username, account.companyId)),
      200,
    );
  });

  app.put("/account/user-data", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const body = await readJsonObject(c);
    const result = validateUserData(body, { language, countries: ALLOWED_COUNTRIES });
    if (!result.ok) throw validationError(result.error.issues);
    const updated = ctx.db.transaction(() => {
      const current = readUserData(
        account.key,
        account.username,
        companyName(account.username, account.companyId),
      );
      const next = { ...current, ...(result.value as Record<string, unknown>) };
      ctx.db.sql
        .prepare(
          "INSERT INTO rest_user_data (account, data, updated_at) VALUES (?, ?, ?) ON CONFLICT(account) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
        )
        .run(account.key, JSON.stringify(next), ctx.clock.nowMs());
      return next;
    });
    return c.json({ ...updated, warnings: result.warnings }, 200);
  });

  app.get("/account/tracking-webhook", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const row = ctx.db.sql
      .prepare("SELECT url, language, created_at FROM rest_tracking_webhooks WHERE account = ?")
      .get(account.key) as { url: string; language: string; created_at: number } | undefined;
    if (!row) throw noWebhook();
    return c.json(
      { url: row.url, language: row.language, datetime_add: isoSeconds(row.created_at) },
      200,
    );
  });

  app.put("/account/tracking-webhook", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const body = validated(
      TrackingWebhookRequestSchema,
      await readJsonObject(c),
      c.get("language"),
    );
    const now = ctx.clock.nowMs();
    ctx.db.sql
      .prepare(
        `INSERT INTO rest_tracking_webhooks (account, url, secret, language, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(account) DO UPDATE SET url = excluded.url, secret = excluded.secret, language = excluded.language`,
      )
      .run(account.key, body.url, body.secret, body.language ?? "pl_PL", now);
    return c.json(
      { url: body.url, language: body.language ?? "pl_PL", datetime_add: isoSeconds(now) },
      200,
    );
  });

  app.delete("/account/tracking-webhook", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const removed = ctx.db.sql
      .prepare("DELETE FROM rest_tracking_webhooks WHERE account = ?")
      .run(account.key);
    if (removed.changes === 0) throw noWebhook();
    return c.body(null, 204);
  });

  return app;
}
