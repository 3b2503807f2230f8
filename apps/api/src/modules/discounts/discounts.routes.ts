import {
  DISCOUNT_PHASES,
  DISCOUNT_STATUSES,
  discountCreateSchema,
  discountPhase,
  discountRecordSchema,
  discountUpdateSchema,
  type Discount,
  type DiscountPhase,
} from '@backoffice/shared/discount.schema';
import type { DiscountTier } from '@backoffice/shared/order-money';
import { z } from 'zod';
import { invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { searchText } from '../../core/search';
import { fromJson } from '../../db/types';
import './discounts.table';
import { exportColumns } from '../../core/export/export-route';
import type { TypedApp } from '../../core/typed-app';

const tiersOf = (config: unknown): DiscountTier[] => fromJson<DiscountTier[] | null>(config) ?? [];

/**
 * Discounts: quantity tiers (percent or money off each unit) that apply to the products naming
 * them between a start and an end time, while enabled. The phase is derived from the time.
 */
export const discountsService = createResourceService({
  path: 'discounts',
  table: 'discounts',
  entity: 'discount',
  permissions: crudPermissions('discounts'),
  schemas: {
    create: discountCreateSchema,
    update: discountUpdateSchema,
    record: discountRecordSchema,
  },
  list: {
    columns: ['title', 'start_at', 'end_at', 'config', 'status', 'created_at', 'updated_at'],
    search: 'index',
    sortable: ['title', 'start_at', 'end_at', 'status'],
    defaultOrder: ['id', 'desc'],
    filters: {
      status: equalsFilter<'discounts'>(
        'status',
        z.enum(DISCOUNT_STATUSES, { error: 'validation.invalid_value' }),
      ),
      phase: {
        schema: z.enum(DISCOUNT_PHASES, { error: 'validation.invalid_value' }),
        where: (eb, value: DiscountPhase, ctx) => {
          const at = ctx.clock.now().toISOString();
          if (value === 'upcoming') return eb('start_at', '>', at);
          if (value === 'expired') return eb('end_at', '<=', at);
          return eb.and([eb('start_at', '<=', at), eb('end_at', '>', at)]);
        },
      },
    },
    counted: { by: ['status'] },
  },
  toRecord: (row, now): Discount => ({
    id: row.id,
    title: row.title,
    start_at: row.start_at,
    end_at: row.end_at,
    config: tiersOf(row.config),
    status: row.status,
    phase: discountPhase(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.title),
  jsonColumns: ['config'],
  hooks: {
    prepare: (ctx, { action, input, current }) => {
      const startChanged =
        input.start_at !== undefined &&
        (action === 'create' || Date.parse(input.start_at) !== Date.parse(current.start_at));
      // A discount that has begun may still be edited (its title, its end); only a new start must lie ahead.
      if (startChanged && Date.parse(input.start_at!) <= ctx.clock.now().getTime())
        throw invalid({ start_at: 'discount.start_after_now' });
      return { values: action === 'create' ? { status: 'enable' as const, ...input } : input };
    },
    // Checked on the row as it is inside the transaction: two edits at once, one moving the
    // start later and one the end earlier, each fine alone, never leave an end before the start.
    beforeWrite: (_tx, _ctx, { values, current }) => {
      if (!current) return;
      const start = values.start_at ?? current.start_at;
      const end = values.end_at ?? current.end_at;
      if (Date.parse(end) <= Date.parse(start))
        throw invalid({ end_at: 'discount.end_after_start' });
    },
    // A product or course keeps naming its discount: deleting it would silently drop the tiers
    // from their next orders. Disabling it is the way to stop it; a post saved at the same time
    // reads the discount in its own transaction, so one of the two waits for the other.
    beforeDelete: async (tx, _ctx, current) => {
      const used = await tx
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('discount_id', '=', current.id)
        .executeTakeFirst();
      const count = Number(used?.count ?? 0);
      if (count > 0) throw invalid({ id: { key: 'discount.in_use', params: { count } } });
    },
  },
});

export const discountsRoutes = async (app: TypedApp) =>
  registerResource(app, discountsService, {
    bulkDelete: true,
    export: exportColumns<Discount>(
      {
        id: (discount) => discount.id,
        title: (discount) => discount.title,
        start_at: (discount) => discount.start_at,
        end_at: (discount) => discount.end_at,
        status: (discount) => discount.status,
        phase: (discount) => discount.phase,
        created_at: (discount) => discount.created_at,
      },
      { status: 'discount.status', phase: 'discount.phase' },
    ),
  });
