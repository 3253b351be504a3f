// Asynchronous commands (ordering, cancelling, courier pickups, documents) as the sandbox stores them:
// the client's UUID, the request and its hash (for idempotency), when it was
// accepted and the outcome for each package, decided atomically at that
// moment. What a client sees of the command then unfolds with the sandbox
// clock (command-timeline.ts). A courier pickup can be cancelled later; the
// command keeps when.
import type { RuleCode } from "@shipbridge/core";
import type { MessageParams } from "@shipbridge/core/internal";
import type { SandboxDatabase } from "../../state/database.ts";
import type { Localized } from "../http/rest-error.ts";

export type CommandKind = "order" | "cancel" | "pickup" | "documents";

/** Why a command refused a package: core's rule code and the parameters of its message. */
export interface Refusal {
  readonly rule: RuleCode;
  readonly params: MessageParams;
}

/**
 * Why the package was not ordered (or cancelled, ...), at the field path of
 * the request. The message is rendered in the language of each answer;
 * commands stored before refusals carried a rule have their text instead.
 */
export type PackageError = { readonly path: string } & (
  | Refusal
  | { readonly rule?: undefined; readonly message: Localized }
);

export interface PackageOutcome {
  readonly package_id: number;
  readonly ok: boolean;
  readonly error?: PackageError | undefined;
}

export interface StoredCommand {
  readonly kind: CommandKind;
  readonly uuid: string;
  readonly account: string;
  readonly requestHash: string;
  readonly request: unknown;
  readonly createdAt: number;
  readonly outcomes: readonly PackageOutcome[];
  /** When the command was cancelled (a courier pickup); undefined while it stands. */
  readonly cancelledAt?: number | undefined;
}

interface CommandRow {
  kind: string;
  uuid: string;
  account: string;
  request_hash: string;
  request: string;
  created_at: number;
  outcomes: string;
  cancelled_at: number | null;
}

export class CommandStore {
  readonly #db: SandboxDatabase;

  constructor(db: SandboxDatabase) {
    this.#db = db;
  }

  find(kind: CommandKind, uuid: string): StoredCommand | undefined {
    const row = this.#db.sql
      .prepare("SELECT * FROM rest_commands WHERE kind = ? AND uuid = ?")
      .get(kind, uuid) as CommandRow | undefined;
    if (!row) return undefined;
    return {
      kind: row.kind as CommandKind,
      uuid: row.uuid,
      account: row.account,
      requestHash: row.request_hash,
      request: JSON.parse(row.request),
      createdAt: row.created_at,
      outcomes: JSON.parse(row.outcomes) as PackageOutcome[],
      cancelledAt: row.cancelled_at ?? undefined,
    };
  }

  insert(command: StoredCommand): void {
    this.#db.sql
      .prepare(
        "INSERT INTO rest_commands (kind, uuid, account, request_hash, request, created_at, outcomes) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        command.kind,
        command.uuid,
        command.account,
        command.requestHash,
        JSON.stringify(command.request),
        command.createdAt,
        JSON.stringify(command.outcomes),
      );
  }

  /** Records that the command was cancelled at `at` (sandbox clock). */
  markCancelled(kind: CommandKind, uuid: string, at: number): void {
    this.#db.sql
      .prepare("UPDATE rest_commands SET cancelled_at = ? WHERE kind = ? AND uuid = ?")
      .run(at, kind, uuid);
  }
}
