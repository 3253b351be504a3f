// The account's messages: what the service tells the user (order
// confirmations, cancellations, payments, notices). Each message is kept in
// both languages; version 1 of GET /messages returns both, version 2 the one
// X-Language asks for. A new account starts with a welcome message and a
// notice about the postal carrier's own-contract rule.
import type { MessageType } from "@shipbridge/core/schemas";
import type { SandboxDatabase } from "../../state/database.ts";
import type { Localized } from "../http/rest-error.ts";

export interface StoredMessage {
  readonly id: number;
  readonly type: MessageType;
  readonly title: Localized;
  readonly content: Localized;
  readonly packageId: number | null;
  readonly createdAt: number;
  readonly read: boolean;
}

interface MessageRow {
  id: number;
  type: string;
  content_pl: string;
  content_en: string;
  package_id: number | null;
  created_at: number;
  read: number;
}

// Title and content are stored together as "title\n\ncontent".
function join(title: string, content: string): string {
  return `${title}\n\n${content}`;
}

function split(text: string): [string, string] {
  const at = text.indexOf("\n\n");
  return at < 0 ? ["", text] : [text.slice(0, at), text.slice(at + 2)];
}

export class MessageStore {
  readonly #db: SandboxDatabase;

  constructor(db: SandboxDatabase) {
    this.#db = db;
  }

  add(
    account: string,
    message: {
      type: MessageType;
      title: Localized;
      content: Localized;
      packageId?: number;
      at: number;
    },
  ): void {
    this.#db.sql
      .prepare(
        "INSERT INTO rest_messages (account, type, content_pl, content_en, package_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        account,
        message.type,
        join(message.title.pl_PL, message.content.pl_PL),
        join(message.title.en_GB, message.content.en_GB),
        message.packageId ?? null,
        message.at,
      );
  }

  /** Seeds a new account's first messages, once. */
  seed(account: string, at: number): void {
    const seeded = this.#db.sql
      .prepare("INSERT OR IGNORE INTO rest_seeded_accounts (account) VALUES (?)")
      .run(account);
    if (seeded.changes === 0) return;
    this.add(account, {
      type: "info",
      title: { pl_PL: "Witamy w piaskownicy", en_GB: "Welcome to the sandbox" },
      content: {
        pl_PL: "To konto testowe: przesyłki nie są nadawane, a płatności nie są pobierane.",
        en_GB: "This is a test account: no parcel is shipped and no payment is taken.",
      },
      at,
    });
    this.add(account, {
      type: "notice",
      title: { pl_PL: "Zmiana zasad Poczty Polskiej", en_GB: "Change in Poczta Polska rules" },
      content: {
        pl_PL:
          "Od 24.08.2026 przesyłki na umowie własnej z Pocztą Polską nie mogą mieć usług: rod, guarantee_0800, delivery_after_1700, pickup_confirmation, delivery_confirmation, saturday_pickup, check_content.",
        en_GB:
          "From 2026-08-24, own-contract Poczta Polska shipments may not carry: rod, guarantee_0800, delivery_after_1700, pickup_confirmation, delivery_confirmation, saturday_pickup, check_content.",
      },
      at,
    });
  }

  list(account: string): StoredMessage[] {
    const rows = this.#db.sql
      .prepare("SELECT * FROM rest_messages WHERE account = ? ORDER BY created_at DESC, id DESC")
      .all(account) as unknown as MessageRow[];
    return rows.map((row) => {
      const [titlePl, contentPl] = split(row.content_pl);
      const [titleEn, contentEn] = split(row.content_en);
      return {
        id: row.id,
        type: row.type as MessageType,
        title: { pl_PL: titlePl, en_GB: titleEn },
        content: { pl_PL: contentPl, en_GB: contentEn },
        packageId: row.package_id,
        createdAt: row.created_at,
        read: row.read === 1,
      };
    });
  }

  markRead(account: string, id: number): boolean {
    return (
      this.#db.sql
        .prepare("UPDATE rest_messages SET read = 1 WHERE account = ? AND id = ?")
        .run(account, id).changes > 0
    );
  }
}
