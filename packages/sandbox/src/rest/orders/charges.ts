// The money side of ordering: one charge per ordered package and at most one
// refund when it is cancelled. The table's unique (package_id, kind) makes a
// second charge or refund of the same package impossible, whatever the client
// retries. Amounts are gross, in grosze.
import type { SandboxDatabase } from "../../state/database.ts";

export interface ChargeTotals {
  readonly charges: number;
  readonly refunds: number;
  /** Charged minus refunded, grosze. */
  readonly balanceGross: number;
}

export class Charges {
  readonly #db: SandboxDatabase;

  constructor(db: SandboxDatabase) {
    this.#db = db;
  }

  record(entry: {
    account: string;
    packageId: number;
    kind: "charge" | "refund";
    commandUuid: string;
    amountGross: number;
    at: number;
  }): void {
    this.#db.sql
      .prepare(
        "INSERT INTO rest_charges (account, package_id, kind, command_uuid, amount_gross, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        entry.account,
        entry.packageId,
        entry.kind,
        entry.commandUuid,
        entry.amountGross,
        entry.at,
      );
  }

  has(packageId: number, kind: "charge" | "refund"): boolean {
    return (
      this.#db.sql
        .prepare("SELECT 1 FROM rest_charges WHERE package_id = ? AND kind = ?")
        .get(packageId, kind) !== undefined
    );
  }

  /** Totals of one account, or of the whole sandbox. */
  totals(account?: string): ChargeTotals {
    const row = (
      account === undefined
        ? this.#db.sql
            .prepare(
              "SELECT SUM(kind = 'charge') AS charges, SUM(kind = 'refund') AS refunds, SUM(CASE kind WHEN 'charge' THEN amount_gross ELSE -amount_gross END) AS balance FROM rest_charges",
            )
            .get()
        : this.#db.sql
            .prepare(
              "SELECT SUM(kind = 'charge') AS charges, SUM(kind = 'refund') AS refunds, SUM(CASE kind WHEN 'charge' THEN amount_gross ELSE -amount_gross END) AS balance FROM rest_charges WHERE account = ?",
            )
            .get(account)
    ) as { charges: number | null; refunds: number | null; balance: number | null };
    return { charges: row.charges ?? 0, refunds: row.refunds ?? 0, balanceGross: row.balance ?? 0 };
  }
}
