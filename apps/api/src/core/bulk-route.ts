import { bulkResponse, type BulkResult } from '@backoffice/shared/bulk.schema';
import type { Permission } from '@backoffice/shared/permissions';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf, holds } from './auth/guard';
import { serviceContext, type ServiceContext } from './context';
import { forbidden } from './errors';
import type { ChildrenPolicy } from './relations';

type BulkBody = { ids: number[]; action: string };

export type BulkChange<TUpdate> =
  { action: 'update'; input: TUpdate } | { action: 'delete'; children?: ChildrenPolicy };

/** One action of a bulk route: who may take it, and what it does to each row. */
export type BulkAction<TBody, TUpdate> = {
  /** A key, or several of which any one is enough. */
  permission: Permission | readonly Permission[];
  /** A delete, or the same update of every row, made from the body (the status chosen). */
  change: 'delete' | ((body: TBody) => TUpdate);
  /** A tree row's children on a delete: lifted or removed with it (refused without). */
  children?: ChildrenPolicy;
};

/** What the route needs of a resource service (`bulk` in resource.ts). */
type BulkResource<TUpdate> = {
  def: { path: string };
  bulk: (
    ctx: ServiceContext,
    ids: readonly number[],
    change: BulkChange<TUpdate>,
  ) => Promise<BulkResult>;
};

const pascal = (name: string) =>
  name
    .split(/[^a-zA-Z0-9]+/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * `POST /x/bulk` `{ ids, action, … }`: the action's permission, then the resource's `bulk`
 * (one transaction, each row checked as in a write of its own), answering what was done and
 * which rows were skipped and why.
 */
export const registerBulk = <TBody extends BulkBody, TUpdate>(
  app: FastifyInstance,
  service: BulkResource<TUpdate>,
  options: {
    summary: string;
    body: z.ZodType<TBody>;
    actions: Record<TBody['action'], BulkAction<TBody, TUpdate>>;
  },
) => {
  const actions: Record<string, BulkAction<TBody, TUpdate>> = options.actions;
  const permissions = [...new Set(Object.values(actions).flatMap((action) => action.permission))];
  app.post(`/api/v1/${service.def.path}/bulk`, {
    config: { permission: permissions.length === 1 ? permissions[0]! : permissions },
    schema: {
      tags: [service.def.path],
      operationId: `bulk${pascal(service.def.path)}`,
      summary: options.summary,
      body: options.body,
      response: { 200: bulkResponse },
    },
    handler: async (request) => {
      // Validated already on the way in; parsed again here for its type (ids and an action).
      const body = options.body.parse(request.body);
      const action = actions[body.action]!;
      if (!holds(actorOf(request), action.permission)) throw forbidden();
      const change: BulkChange<TUpdate> =
        action.change === 'delete'
          ? { action: 'delete', children: action.children }
          : { action: 'update', input: action.change(body) };
      const result = await service.bulk(serviceContext(request), body.ids, change);
      // Not one row was the caller's to touch: the same answer as for one such row.
      if (result.done === 0 && result.skipped.every((row) => row.code === 'forbidden'))
        throw forbidden();
      return { data: result };
    },
  });
};
