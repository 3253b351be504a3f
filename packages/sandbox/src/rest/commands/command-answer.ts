// What GET and PUT of a command answer: its uuid, its status by the sandbox
// clock, and, once final, the per-package errors ({ package_id, path, rule,
// message }, the message core's in the request's language) and the packages
// it handled. While the command is not final, the answer also says in how many
// whole seconds its status next changes (at least 1), for Retry-After.
import type { Language } from "@shipbridge/core";
import { renderMessage } from "@shipbridge/core/internal";
import { isoSeconds } from "../../support/datetime.ts";
import { RestError } from "../http/rest-error.ts";
import type { PackageError, StoredCommand } from "./command-store.ts";
import { COMMAND_DURATION_MS, commandStatus, QUEUEING_MS } from "./command-timeline.ts";

/** Where each kind of command lists the packages it handled. */
const SUCCESS_KEY: Record<StoredCommand["kind"], string> = {
  order: "successfully_ordered_packages",
  pickup: "successfully_ordered_packages",
  cancel: "successfully_canceled_packages",
  documents: "successfully_processed_packages",
};

export interface CommandAnswer {
  readonly status: ReturnType<typeof commandStatus>;
  readonly final: boolean;
  readonly body: Record<string, unknown>;
  /** Whole seconds until the status next changes (at least 1); undefined once final. */
  readonly retryAfterSeconds: number | undefined;
}

export function commandAnswer(
  command: StoredCommand,
  now: number,
  language: Language,
  summarize: (packageId: number) => Record<string, unknown>,
): CommandAnswer {
  const ok = command.outcomes.filter((o) => o.ok);
  const status = commandStatus(command.createdAt, now, ok.length, command.outcomes.length);
  const final = status !== "queueing" && status !== "running";
  const changedAt =
    status === "queueing"
      ? command.createdAt
      : status === "running"
        ? command.createdAt + QUEUEING_MS
        : command.createdAt + COMMAND_DURATION_MS;
  const nextChangeAt =
    status === "queueing"
      ? command.createdAt + QUEUEING_MS
      : status === "running"
        ? command.createdAt + COMMAND_DURATION_MS
        : undefined;
  const retryAfterSeconds =
    nextChangeAt === undefined ? undefined : Math.max(1, Math.ceil((nextChangeAt - now) / 1000));
  const errors = final
    ? command.outcomes
        .filter((o) => !o.ok && o.error)
        .map((o) => ({ package_id: o.package_id, ...errorEntry(o.error, language) }))
    : [];
  const done = final ? ok.map((o) => summarize(o.package_id)) : [];
  const body: Record<string, unknown> = {
    uuid: command.uuid,
    status,
    errors,
    [SUCCESS_KEY[command.kind]]: done,
    datetime_add: isoSeconds(command.createdAt),
    datetime_change: isoSeconds(changedAt),
  };
  return { status, final, body, retryAfterSeconds };
}

function errorEntry(
  error: PackageError | undefined,
  language: Language,
): { path: string | null; rule?: string; message: string } {
  if (error === undefined) return { path: null, message: "" };
  if (error.rule === undefined) return { path: error.path, message: error.message[language] };
  const { path, rule, params } = error;
  return { path, rule, message: renderMessage({ path, rule, params }, language) };
}

const POLISH_KIND: Record<string, string> = {
  order: "zamówienia",
  cancel: "anulowania",
  pickup: "odbioru",
  documents: "dokumentów",
};

export function commandNotFound(kind: string, uuid: string): RestError {
  return new RestError(404, "command_not_found", {
    en_GB: `There is no ${kind} command ${uuid} on this account.`,
    pl_PL: `Na tym koncie nie ma polecenia ${POLISH_KIND[kind] ?? kind} ${uuid}.`,
  });
}

export function commandConflict(uuid: string): RestError {
  return new RestError(409, "command_uuid_conflict", {
    en_GB: `Command ${uuid} already exists with a different request. Repeat the PUT with exactly the same body, or choose a new UUID for a new command.`,
    pl_PL: `Polecenie ${uuid} już istnieje z inną treścią. Powtórz PUT z dokładnie tą samą treścią albo wybierz nowy UUID dla nowego polecenia.`,
  });
}
