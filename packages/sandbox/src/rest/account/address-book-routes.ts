// The account's address book (/account/address-book): saved sender and
// receiver addresses, checked by core's AddressBookEntryRequestSchema (a
// sender in AddressSchema's shape, a receiver in ReceiverSchema's, which may
// carry a `point`) and AddressBookQuerySchema.
//   GET    /account/address-book?type=sender|receiver   { addresses: [{ id, type, label, address, datetime_add }] }
//   POST   /account/address-book { type, label?, address } → 201 the entry
//   DELETE /account/address-book/{id}                   → 204
import { AddressBookEntryRequestSchema, AddressBookQuerySchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { isoSeconds } from "../../support/datetime.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { queryInput } from "../http/query-input.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";

interface EntryRow {
  id: number;
  type: string;
  label: string | null;
  address: string;
  created_at: number;
}

const out = (row: EntryRow) => ({
  id: row.id,
  type: row.type,
  label: row.label,
  address: JSON.parse(row.address) as unknown,
  datetime_add: isoSeconds(row.created_at),
});

export function addressBookRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get("/account/address-book", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const query = validated(AddressBookQuerySchema, queryInput(c), c.get("language"));
    const rows = ctx.db.sql
      .prepare(
        "SELECT * FROM rest_address_book WHERE account = ? AND (? IS NULL OR type = ?) ORDER BY id",
      )
      .all(account.key, query.type ?? null, query.type ?? null) as unknown as EntryRow[];
    return c.json({ addresses: rows.map(out) }, 200);
  });

  app.post("/account/address-book", guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const entry = validated(
      AddressBookEntryRequestSchema,
      await readJsonObject(c),
      c.get("language"),
    );
    const row = ctx.db.transaction(() => {
      const result = ctx.db.sql
        .prepare(
          "INSERT INTO rest_address_book (account, type, label, address, created_at) VALUES (?, ?, ?, ?, ?)",
        )
        .run(
          account.key,
          entry.type,
          entry.label ?? null,
          JSON.stringify(entry.address),
          ctx.clock.nowMs(),
        );
      return ctx.db.sql
        .prepare("SELECT * FROM rest_address_book WHERE id = ?")
        .get(Number(result.lastInsertRowid)) as unknown as EntryRow;
    });
    return c.json(out(row), 201);
  });

  app.delete("/account/address-book/:id{[0-9]+}", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    const removed = ctx.db.sql
      .prepare("DELETE FROM rest_address_book WHERE account = ? AND id = ?")
      .run(account.key, Number(c.req.param("id")));
    if (removed.changes === 0) {
      throw new RestError(404, "address_not_found", {
        en_GB: `There is no address ${c.req.param("id")} in this account's address book.`,
        pl_PL: `W książce adresowej tego konta nie ma adresu ${c.req.param("id")}.`,
      });
    }
    return c.body(null, 204);
  });

  return app;
}
