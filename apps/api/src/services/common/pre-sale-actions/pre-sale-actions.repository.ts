import { asc, desc } from 'drizzle-orm';
import { preSaleActions } from '../../../db/schema/index.ts';
import type { Database } from '../../../platform/db/database.ts';
import { OwnedRepository } from '../../../platform/db/owned-repository.ts';

export type PreSaleActionRow = typeof preSaleActions.$inferSelect;

/** Credit alert actions, owned by the login (`loginOf`): a sub-account has its own. */
export class PreSaleActionsRepository extends OwnedRepository<typeof preSaleActions> {
  constructor(db: Database) {
    super(db, {
      table: preSaleActions,
      owner: preSaleActions.ownerId,
      id: preSaleActions.uuid,
      updatedAt: preSaleActions.updatedAt,
      collection: {
        filters: {
          pre_sale_uuid: { kind: 'uuid', column: preSaleActions.preSaleUuid },
          enabled: { kind: 'boolean', column: preSaleActions.enabled },
          target: { kind: 'partial', column: preSaleActions.target },
          created_at: { kind: 'date', column: preSaleActions.createdAt },
        },
        order: { threshold: preSaleActions.threshold, created_at: preSaleActions.createdAt },
        defaultOrder: [desc(preSaleActions.createdAt), asc(preSaleActions.uuid)],
      },
    });
  }
}
