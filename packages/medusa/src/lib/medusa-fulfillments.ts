// Which fulfillments Medusa has kept, read from Medusa's own tables: a row
// not deleted nor cancelled and linked to an order or a return, which is what
// Medusa's workflow does after the provider returned. The attempt ledger asks
// this to tell a shipment Medusa holds from one whose process died before
// Medusa kept it.

/** A raw query on Medusa's database (MikroORM's `execute`, `?` placeholders). */
export interface RawExecute {
  execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/**
 * The ids among `ids` whose fulfillment Medusa keeps; undefined when this
 * database has no such tables (the fulfillment module alone, without links).
 */
export type KeptFulfillments = (ids: readonly string[]) => Promise<ReadonlySet<string> | undefined>;

export function keptFulfillments(manager: () => RawExecute): KeptFulfillments {
  return async (ids) => {
    if (ids.length === 0) return new Set();
    const rows = await manager()
      .execute(
        `select f.id from fulfillment f
        where f.id in (${ids.map(() => "?").join(", ")})
          and f.deleted_at is null and f.canceled_at is null
          and (exists (select 1 from order_fulfillment l where l.fulfillment_id = f.id and l.deleted_at is null)
            or exists (select 1 from return_fulfillment l where l.fulfillment_id = f.id and l.deleted_at is null))`,
        [...ids],
      )
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === "42P01") return undefined;
        throw error;
      });
    if (rows === undefined) return undefined;
    return new Set(rows.map((row) => String(row["id"])));
  };
}
