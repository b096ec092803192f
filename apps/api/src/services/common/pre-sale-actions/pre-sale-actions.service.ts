import type { PaginationQuery, PreSaleAction, PreSaleActionRequest } from '@fiscus/contracts';
import { validationMessages, violationCodes } from '@fiscus/contracts';
import type { Actor } from '../../../platform/auth.ts';
import { isUuid } from '../../../platform/auth.ts';
import type { CollectionPage } from '../../../platform/db/collection-query.ts';
import { mapPage } from '../../../platform/db/owned-repository.ts';
import { notFound, unprocessable, violation } from '../../../platform/problem-errors.ts';
import { loginOf } from '../../../platform/tenancy.ts';
import type { PreSalesRepository } from '../pre-sales/pre-sales.repository.ts';
import type { PreSaleActionRow, PreSaleActionsRepository } from './pre-sale-actions.repository.ts';

/** Credit alert actions of the signed-in account, on its own pre-sales only. */
export class PreSaleActionsService {
  constructor(
    private readonly actions: PreSaleActionsRepository,
    private readonly preSales: PreSalesRepository,
  ) {}

  async list(actor: Actor, query: PaginationQuery): Promise<CollectionPage<PreSaleAction>> {
    return mapPage(await this.actions.list(loginOf(actor), query), toPreSaleAction);
  }

  async create(actor: Actor, body: PreSaleActionRequest): Promise<PreSaleAction> {
    const ownerId = loginOf(actor);
    await this.assertOwnPreSale(ownerId, body.pre_sale_uuid);
    return toPreSaleAction(await this.actions.insert({ ...toWritable(body), ownerId }));
  }

  async update(actor: Actor, uuid: string, body: PreSaleActionRequest): Promise<PreSaleAction> {
    const ownerId = loginOf(actor);
    await this.findOwned(ownerId, uuid);
    await this.assertOwnPreSale(ownerId, body.pre_sale_uuid);
    const row = await this.actions.update(ownerId, uuid, toWritable(body));
    if (!row) throw notFound('Pre-sale action not found.');
    return toPreSaleAction(row);
  }

  async delete(actor: Actor, uuid: string): Promise<void> {
    const ownerId = loginOf(actor);
    await this.findOwned(ownerId, uuid);
    if (!(await this.actions.delete(ownerId, uuid))) throw notFound('Pre-sale action not found.');
  }

  private async findOwned(ownerId: string, uuid: string): Promise<PreSaleActionRow> {
    const row = isUuid(uuid) ? await this.actions.findOwned(ownerId, uuid) : undefined;
    if (!row) throw notFound('Pre-sale action not found.');
    return row;
  }

  /** A foreign or unknown pre-sale is a validation error on the field, not a 404 of the action. */
  private async assertOwnPreSale(ownerId: string, preSaleUuid: string): Promise<void> {
    if (!(await this.preSales.findOwned(ownerId, preSaleUuid))) {
      throw unprocessable([
        violation('pre_sale_uuid', validationMessages.preSaleNotFound, violationCodes.notFound),
      ]);
    }
  }
}

function toWritable(body: PreSaleActionRequest) {
  return {
    preSaleUuid: body.pre_sale_uuid,
    threshold: body.threshold,
    actionType: body.action_type,
    target: body.target.toLowerCase(),
    enabled: body.enabled ?? true,
  };
}

function toPreSaleAction(row: PreSaleActionRow): PreSaleAction {
  return {
    uuid: row.uuid,
    pre_sale_uuid: row.preSaleUuid,
    threshold: row.threshold,
    action_type: row.actionType as PreSaleAction['action_type'],
    target: row.target,
    enabled: row.enabled,
    running: row.running,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
