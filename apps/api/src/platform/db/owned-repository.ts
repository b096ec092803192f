import type { SQL } from 'drizzle-orm';
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CollectionDefinition, CollectionPage } from './collection-query.ts';
import { parseCollectionQuery } from './collection-query.ts';
import type { Database } from './database.ts';

/** How an owned table is read: its owner and id columns, and its collection (filters, order). */
export type OwnedTableDefinition<TTable extends PgTable> = {
  table: TTable;
  /** The column holding the owning account (`platform/tenancy.ts` says which one). */
  owner: PgColumn;
  /** The column a route's id names (`uuid` mostly). */
  id: PgColumn;
  /** Filters, `exists`, `order` and the default order of the list route. */
  collection: CollectionDefinition;
  /** Set to the time of every update when the table has one. */
  updatedAt?: PgColumn;
};

type Row<TTable extends PgTable> = TTable['$inferSelect'];
type Insert<TTable extends PgTable> = TTable['$inferInsert'];

/**
 * The repository of a tenant-owned table: list (a page of the collection), find, insert, update
 * and delete, every statement scoped by the owner so a foreign id finds nothing (→ 404). A
 * resource's repository extends it and adds its special queries; one whose scope is more than
 * an owner id (a sub-account's registries) overrides `scoped`, one whose items carry more than
 * the row (linked registries) overrides `withDetails`.
 */
export class OwnedRepository<TTable extends PgTable, Scope = string, Item = Row<TTable>> {
  constructor(
    protected readonly db: Database,
    protected readonly owned: OwnedTableDefinition<TTable>,
  ) {}

  /** The scope's rows, narrowed by `conditions`. */
  protected scoped(scope: Scope, ...conditions: (SQL | undefined)[]): SQL | undefined {
    return and(eq(this.owned.owner, scope as unknown as string), ...conditions);
  }

  /** What an item holds beyond its row (override to join details); the row itself by default. */
  protected async withDetails(rows: Row<TTable>[]): Promise<Item[]> {
    return rows as unknown as Item[];
  }

  /**
   * One page of the scope's collection. The query is the one the route's querystring schema
   * checked; its filters and order are read here by the collection definition (a bad filter
   * value is a 400 problem).
   */
  async list(scope: Scope, query: unknown, ...conditions: SQL[]): Promise<CollectionPage<Item>> {
    const collection = parseCollectionQuery(query, this.owned.collection);
    const where = this.scoped(scope, collection.where, ...conditions);
    const table = this.owned.table as PgTable;
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select()
        .from(table)
        .where(where)
        .orderBy(...collection.orderBy)
        .limit(collection.itemsPerPage)
        .offset(collection.offset),
      this.db.select({ total: count() }).from(table).where(where),
    ]);
    return {
      items: await this.withDetails(rows as Row<TTable>[]),
      total: totalRow?.total ?? 0,
      page: collection.page,
      itemsPerPage: collection.itemsPerPage,
    };
  }

  async findOwned(scope: Scope, id: string): Promise<Item | undefined> {
    const [row] = await this.db
      .select()
      .from(this.owned.table as PgTable)
      .where(this.scoped(scope, eq(this.owned.id, id)));
    return row ? (await this.withDetails([row as Row<TTable>]))[0] : undefined;
  }

  /** Inserts one row; the values name its owner (`ownerId: loginOf(actor)` or `businessOf`). */
  async insert(values: Insert<TTable>): Promise<Row<TTable>> {
    const [row] = (await this.db
      .insert(this.owned.table)
      .values(values)
      .returning()) as Row<TTable>[];
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(
    scope: Scope,
    id: string,
    changes: Partial<Insert<TTable>>,
  ): Promise<Row<TTable> | undefined> {
    const stamped = this.owned.updatedAt
      ? { ...changes, [this.columnKey(this.owned.updatedAt)]: new Date() }
      : changes;
    const [row] = (await this.db
      .update(this.owned.table)
      .set(stamped as never)
      .where(this.scoped(scope, eq(this.owned.id, id)))
      .returning()) as Row<TTable>[];
    return row;
  }

  async delete(scope: Scope, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(this.owned.table)
      .where(this.scoped(scope, eq(this.owned.id, id)))
      .returning({ id: this.owned.id });
    return rows.length > 0;
  }

  /** The table's property key of a column (Drizzle's `set` takes keys, not SQL names). */
  private columnKey(column: PgColumn): string {
    const entry = Object.entries(this.owned.table).find(([, value]) => value === column);
    if (!entry) throw new Error(`column ${column.name} is not in the owned table`);
    return entry[0];
  }
}

/** A page whose members are mapped to their contract (rows → API items). */
export function mapPage<T, U>(page: CollectionPage<T>, toItem: (item: T) => U): CollectionPage<U> {
  return { ...page, items: page.items.map(toItem) };
}
