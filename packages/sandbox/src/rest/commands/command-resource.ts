// The REST resource every asynchronous command shares (ordering, cancelling,
// courier pickups, documents):
//   PUT {path}/{uuid}  accept the command; idempotent on the client's UUID
//   GET {path}/{uuid}  the command, its status by the sandbox clock
// The same body under the same UUID (and account) answers the stored command
// and changes nothing; another body under a used UUID is a 409. Accepting
// decides every package's outcome in one transaction, so a refused command
// (a thrown RestError) leaves nothing written. The answer is 202 while the
// command is queueing or running and 200 once it is final (command-answer.ts);
// GET answers 200 either way. Every answer of a command that is not final, to
// PUT or GET, carries Retry-After: the whole seconds until its status next
// changes, at least 1. A body listing more packages than one command takes
// (the schema's maximum: core's ORDER_PACKAGES_MAX for ordering) is a 422
// naming `packages` and core's too_big rule, beside any other problem of the
// body; every other invalid body is a 400.
// A command kind supplies only what is its own: its body schema, what
// accepting does to each package and what its answer says about a package.
import type { Language } from "@shipbridge/core";
import { CommandUuidSchema } from "@shipbridge/core/schemas";
import { type Context, Hono } from "hono";
import type { z } from "zod";
import type { SandboxContext, SandboxEnv } from "../../context.ts";
import { canonicalJson, sha256Hex } from "../../support/hashing.ts";
import { type Guard, V1 } from "../http/guard.ts";
import { readJsonObject } from "../http/json-body.ts";
import { type RequestAccount, requireUserAccount } from "../http/request-account.ts";
import { isRestError, RestError } from "../http/rest-error.ts";
import { validated } from "../http/validated-input.ts";
import {
  type CommandAnswer,
  commandAnswer,
  commandConflict,
  commandNotFound,
} from "./command-answer.ts";
import {
  type CommandKind,
  CommandStore,
  type PackageOutcome,
  type StoredCommand,
} from "./command-store.ts";

/** What accepting a new command knows: who sent it, its UUID, its checked body and the clock. */
export interface CommandAcceptance<Body> {
  readonly account: RequestAccount & { username: string };
  readonly uuid: string;
  readonly body: Body;
  /** The sandbox clock when the command was accepted (its createdAt). */
  readonly now: number;
  readonly language: Language;
}

export interface CommandResourceSpec<S extends z.ZodType> {
  readonly kind: CommandKind;
  /** The collection path, e.g. "/order-commands". */
  readonly path: string;
  /** The request body's schema (from @shipbridge/core). */
  readonly schema: S;
  /**
   * Decides the outcome of every package of a new command, and writes its
   * effects; runs inside the accepting transaction. Throwing refuses the whole
   * command and rolls everything back.
   */
  readonly accept: (acceptance: CommandAcceptance<z.output<S>>) => PackageOutcome[];
  /** What the final answer lists for a package the command handled. */
  readonly summarize?: (
    command: StoredCommand,
    packageId: number,
    language: Language,
  ) => Record<string, unknown>;
  /** Fields the kind adds to its answer. */
  readonly extra?: (command: StoredCommand, answer: CommandAnswer) => Record<string, unknown>;
}

export interface CommandResource {
  readonly routes: Hono<SandboxEnv>;
  /** The request's command (by its :uuid), or a 404 when the account has none. */
  find(c: Context<SandboxEnv>): StoredCommand;
  /** The command's answer as GET gives it (200, with Retry-After while not final). */
  respond(c: Context<SandboxEnv>, command: StoredCommand): Response;
}

/**
 * The checked body of a command. Too many packages for one command is a 422
 * (the request is well-formed but more than one command takes); the answer
 * names every problem of the body all the same.
 */
function commandBody<S extends z.ZodType>(
  schema: S,
  input: unknown,
  language: Language,
): z.output<S> {
  try {
    return validated(schema, input, language);
  } catch (error) {
    if (
      isRestError(error) &&
      error.status === 400 &&
      error.errors.some((e) => e.path === "packages" && e.rule === "too_big")
    )
      throw new RestError(422, error.code, error.localized, { errors: error.errors });
    throw error;
  }
}

/** Retry-After for an answer that is not final yet; no header once it is. */
function retryAfter(result: CommandAnswer): Record<string, string> {
  return result.retryAfterSeconds === undefined
    ? {}
    : { "Retry-After": String(result.retryAfterSeconds) };
}

export function commandResource<S extends z.ZodType>(
  ctx: SandboxContext,
  guard: Guard,
  spec: CommandResourceSpec<S>,
): CommandResource {
  const routes = new Hono<SandboxEnv>();
  const commands = new CommandStore(ctx.db);
  const summarize = spec.summarize ?? ((_command, id) => ({ package_id: id }));

  const answer = (command: StoredCommand, language: Language): CommandAnswer => {
    const result = commandAnswer(command, ctx.clock.nowMs(), language, (id) =>
      summarize(command, id, language),
    );
    if (!spec.extra) return result;
    return { ...result, body: { ...result.body, ...spec.extra(command, result) } };
  };

  const find = (c: Context<SandboxEnv>): StoredCommand => {
    const account = requireUserAccount(c, ctx);
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), c.get("language"), "uuid");
    const command = commands.find(spec.kind, uuid);
    if (!command || command.account !== account.key) throw commandNotFound(spec.kind, uuid);
    return command;
  };

  routes.put(`${spec.path}/:uuid`, guard({ ...V1, body: true }), async (c) => {
    const account = requireUserAccount(c, ctx);
    const language = c.get("language");
    const uuid = validated(CommandUuidSchema, c.req.param("uuid"), language, "uuid");
    const body = commandBody(spec.schema, await readJsonObject(c), language);
    const requestHash = sha256Hex(canonicalJson(body));
    const command = ctx.db.transaction((): StoredCommand => {
      const existing = commands.find(spec.kind, uuid);
      if (existing) {
        if (existing.account !== account.key || existing.requestHash !== requestHash)
          throw commandConflict(uuid);
        return existing;
      }
      const now = ctx.clock.nowMs();
      const outcomes = spec.accept({ account, uuid, body, now, language });
      const created: StoredCommand = {
        kind: spec.kind,
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
    const result = answer(command, language);
    return c.json(result.body, result.final ? 200 : 202, retryAfter(result));
  });

  const respond = (c: Context<SandboxEnv>, command: StoredCommand): Response => {
    const result = answer(command, c.get("language"));
    return c.json(result.body, 200, retryAfter(result));
  };

  routes.get(`${spec.path}/:uuid`, guard(V1), (c) => respond(c, find(c)));

  return { routes, find, respond };
}
