// Payments: topping up the account.
//   POST /payments { amount, currency?, return_url? }  → 201 { id, status: "pending", amount,
//        currency, payment_url, datetime_add }; the body is checked by @shipbridge/core's
//        PaymentCreateRequestSchema alone (PLN only, at most 100 000 zł in whole grosze,
//        an http(s) return_url)
//   GET  /payments/{id}                                → the payment and its status
//   GET  /payments/{id}/pay                            the sandbox's payment gateway page: a
//        browser that opens payment_url completes the payment (status "paid") and is sent on
//        to return_url with ?payment_id=…&status=paid, or sees a short page. No token needed,
//        as with a real gateway; the id alone identifies the payment.

import { toGrosze } from "@shipbridge/core/rules";
import { PAYMENT_CURRENCY, PaymentCreateRequestSchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { isoSeconds } from "../../support/datetime.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";
import { MessageStore } from "../messages/message-store.ts";

interface PaymentRow {
  id: number;
  account: string;
  amount: number;
  status: string;
  return_url: string | null;
  created_at: number;
  paid_at: number | null;
}

function notFound(id: string): RestError {
  return new RestError(404, "payment_not_found", {
    en_GB: `There is no payment ${id} on this account.`,
    pl_PL: `Na tym koncie nie ma płatności ${id}.`,
  });
}

export function paymentRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const messages = new MessageStore(ctx.db);
  const out = (row: PaymentRow) => ({
    id: row.id,
    status: row.status,
    amount: row.amount / 100,
    currency: PAYMENT_CURRENCY,
    payment_url: `${ctx.baseUrl}/payments/${row.id}/pay`,
    datetime_add: isoSeconds(row.created_at),
    datetime_paid: row.paid_at === null ? null : isoSeconds(row.paid_at),
  });
  const find = (id: number) =>
    ctx.db.sql.prepare("SELECT * FROM rest_payments WHERE id = ?").get(id) as
      | PaymentRow
      | undefined;

  app.post("/payments", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const body = validated(PaymentCreateRequestSchema, await readJsonObject(c), language);
    const row = ctx.db.transaction(() => {
      const result = ctx.db.sql
        .prepare(
          "INSERT INTO rest_payments (account, amount, status, return_url, created_at) VALUES (?, ?, 'pending', ?, ?)",
        )
        .run(account.key, toGrosze(body.amount), body.return_url ?? null, ctx.clock.nowMs());
      return find(Number(result.lastInsertRowid));
    });
    if (!row) throw new Error("the created payment could not be read back");
    return c.json(out(row), 201);
  });

  app.get("/payments/:id{[0-9]+}", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const row = find(Number(c.req.param("id")));
    if (!row || row.account !== account.key) throw notFound(c.req.param("id"));
    return c.json(out(row), 200);
  });

  app.get("/payments/:id{[0-9]+}/pay", (c) => {
    const id = Number(c.req.param("id"));
    const row = ctx.db.transaction(() => {
      const found = find(id);
      if (found?.status !== "pending") return found;
      const now = ctx.clock.nowMs();
      ctx.db.sql
        .prepare("UPDATE rest_payments SET status = 'paid', paid_at = ? WHERE id = ?")
        .run(now, id);
      messages.add(found.account, {
        type: "payment",
        title: { en_GB: `Payment ${id} received`, pl_PL: `Płatność ${id} zaksięgowana` },
        content: {
          en_GB: `Your account was topped up by ${(found.amount / 100).toFixed(2)} PLN.`,
          pl_PL: `Twoje konto zostało doładowane kwotą ${(found.amount / 100).toFixed(2).replace(".", ",")} zł.`,
        },
        at: now,
      });
      return find(id);
    });
    if (!row)
      return c.html(
        "<!doctype html><title>Payment not found</title><p>There is no such payment.</p>",
        404,
      );
    if (row.return_url) {
      const target = new URL(row.return_url);
      target.searchParams.set("payment_id", String(row.id));
      target.searchParams.set("status", row.status);
      return c.redirect(target.toString(), 303);
    }
    return c.html(
      `<!doctype html><title>Payment ${row.id}</title><h1>Payment ${row.id}: ${row.status}</h1><p>${(row.amount / 100).toFixed(2)} PLN (sandbox: no money moved).</p>`,
      200,
    );
  });

  return app;
}
