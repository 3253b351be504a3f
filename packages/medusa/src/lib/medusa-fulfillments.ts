// Which fulfillments Medusa has kept, read from Medusa's own tables: a row
// not deleted nor cancelled and linked to an order or a return, which is what
// Medusa's workflow does after the provider returned (a standalone
// fulfillment, made without an order, is never linked: its row is enough). The attempt ledger asks
// this to tell a shipment Medusa holds from one whose process died before
// Medusa kept it.

/** A raw query on Medusa's database (MikroORM's `execute`, `?` placeholders). */
export interface RawExecute {
  execute(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/**
 * The ids among `ids` whose fulfillment Medusa keeps (those of `standalone`,
 * made without an order, need no link); undefined when this database has no
 * such tables (the fulfillment module alone, without links).
 */
export type KeptFulfillments = (
  ids: readonly string[],
  standalone?: readonly string[],
) => Promise<ReadonlySet<string> | undefined>;

export function keptFulfillments(manager: () => RawExecute): KeptFulfillments {
  return async (ids, standalone = []) => {
    if (ids.length === 0) return new Set();
    const alone =
      standalone.length === 0 ? "" : `f.id in (${standalone.map(() => "?").join(", ")}) or `;
    const rows = await manager()
      .execute(
        `select f.id from fulfillment f
        where f.id in (${ids.map(() => "?").join(", ")})
          and f.deleted_at is null and f.canceled_at is null
          and (${alone}exists (select 1 from order_fulfillment l where l.fulfillment_id = f.id and l.deleted_at is null)
            or exists (select 1 from return_fulfillment l where l.fulfillment_id = f.id and l.deleted_at is null))`,
        [...ids, ...standalone],
      )
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === "42P01") return undefined;
        throw error;
      });
    if (rows === undefined) return undefined;
    return new Set(rows.map((row) => String(row["id"])));
  };
}

/** The return a return fulfillment is for, as Medusa has it. */
export interface ReturnOf {
  readonly id: string;
  readonly order_id: string;
}

/**
 * The return whose items are the order lines of `lines` (line id to quantity),
 * neither cancelled nor received, in the same quantities when one is: the
 * newest one without a live fulfillment yet (the one being confirmed), else
 * the newest one that has one (a second confirmation of a return that has
 * its parcel). Undefined when none matches, or this database has no
 * such tables.
 */
export type FindReturn = (lines: Readonly<Record<string, number>>) => Promise<ReturnOf | undefined>;

export function findReturn(manager: () => RawExecute): FindReturn {
  return async (lines) => {
    const ids = Object.keys(lines);
    if (ids.length === 0) return undefined;
    const rows = await manager()
      .execute(
        `select r.id, r.order_id, ri.item_id, ri.quantity,
                exists (select 1 from return_fulfillment l join fulfillment f on f.id = l.fulfillment_id
                         where l.return_id = r.id and l.deleted_at is null
                           and f.deleted_at is null and f.canceled_at is null) as kept
           from "return" r join return_item ri on ri.return_id = r.id and ri.deleted_at is null
          where r.deleted_at is null and r.status not in ('canceled', 'received')
            and r.id in (select return_id from return_item
                          where item_id in (${ids.map(() => "?").join(", ")}) and deleted_at is null)
          order by r.created_at, r.id`,
        ids,
      )
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code === "42P01") return undefined;
        throw error;
      });
    if (rows === undefined) return undefined;
    const returns = new Map<
      string,
      { order_id: string; kept: boolean; lines: Map<string, number> }
    >();
    for (const row of rows) {
      const id = String(row["id"]);
      const entry = returns.get(id) ?? {
        order_id: String(row["order_id"]),
        kept: row["kept"] === true,
        lines: new Map<string, number>(),
      };
      const item = String(row["item_id"]);
      entry.lines.set(item, (entry.lines.get(item) ?? 0) + Number(row["quantity"]));
      returns.set(id, entry);
    }
    // The same order lines, in the same quantities when one does (two
    // confirmations at once may each have written the return's items).
    const sameLines = [...returns].filter(
      ([, entry]) => entry.lines.size === ids.length && ids.every((id) => entry.lines.has(id)),
    );
    const sameQuantities = sameLines.filter(([, entry]) =>
      ids.every((id) => entry.lines.get(id) === lines[id]),
    );
    const matching = sameQuantities.length > 0 ? sameQuantities : sameLines;
    // The newest without a fulfillment (the one being confirmed), else the
    // newest with one (a second confirmation of a return that has its parcel).
    const chosen =
      matching.filter(([, entry]) => !entry.kept).at(-1) ??
      matching.filter(([, entry]) => entry.kept).at(-1);
    return chosen === undefined ? undefined : { id: chosen[0], order_id: chosen[1].order_id };
  };
}
