// GET /messages: the account's messages, newest first. Version 1 answers
// both languages (content_pl, content_en); version 2 answers `content` in the
// language of X-Language, and is what a request with X-Language gets when its
// Accept names no version (section 9.3: "selected by the language header"). Filters, checked by core's MessagesQuerySchema:
// type (one of MESSAGE_TYPES), read (true | false), date_from and date_to
// (YYYY-MM-DD, inclusive, UTC; date_to not before date_from), limit (1-500,
// default 50) and page. POST /messages/{id}/read marks one as read.
import { MessagesQuerySchema } from "@shipbridge/core/schemas";
import { Hono } from "hono";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { isoSeconds } from "../../support/datetime.ts";
import { type Guard, V1, V1_V2 } from "../http/guard.ts";
import { queryInput } from "../http/query-input.ts";
import { requireUserAccount } from "../http/request-account.ts";
import { RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";
import { MessageStore } from "./message-store.ts";

const DAY_MS = 86_400_000;

export function messageRoutes(ctx: SandboxContext, guard: Guard): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const store = new MessageStore(ctx.db);

  app.get("/messages", guard({ ...V1_V2, languageVersion: 2 }), (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const version = c.get("apiVersion");
    const query = validated(
      MessagesQuerySchema,
      queryInput(c, { numbers: ["limit", "page"], booleans: ["read"] }),
      language,
    );
    ctx.db.transaction(() => store.seed(account.key, ctx.clock.nowMs()));
    const from =
      query.date_from === undefined
        ? Number.NEGATIVE_INFINITY
        : Date.parse(`${query.date_from}T00:00:00Z`);
    const to =
      query.date_to === undefined
        ? Number.POSITIVE_INFINITY
        : Date.parse(`${query.date_to}T00:00:00Z`) + DAY_MS;
    const limit = query.limit ?? 50;
    const page = query.page ?? 1;
    const messages = store
      .list(account.key)
      .filter((m) => query.type === undefined || m.type === query.type)
      .filter((m) => query.read === undefined || m.read === query.read)
      .filter((m) => m.createdAt >= from && m.createdAt < to)
      .slice((page - 1) * limit, page * limit)
      .map((m) => {
        const common = {
          id: m.id,
          type: m.type,
          title: m.title[language],
          read: m.read,
          package_id: m.packageId,
          datetime_add: isoSeconds(m.createdAt),
        };
        return version === 1
          ? { ...common, content_pl: m.content.pl_PL, content_en: m.content.en_GB }
          : { ...common, content: m.content[language] };
      });
    return c.json({ messages }, 200);
  });

  app.post("/messages/:id{[0-9]+}/read", guard(V1), (c) => {
    const account = requireUserAccount(c, ctx);
    if (!store.markRead(account.key, Number(c.req.param("id")))) {
      throw new RestError(404, "message_not_found", {
        en_GB: `There is no message ${c.req.param("id")} on this account.`,
        pl_PL: `Na tym koncie nie ma wiadomości ${c.req.param("id")}.`,
      });
    }
    return c.body(null, 204);
  });

  return app;
}
