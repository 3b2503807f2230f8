import type { Permission } from '@backoffice/shared/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { now } from '../../db/types';
import { AppError, forbidden } from '../errors';
import { sql } from 'kysely';
import { engineOf } from '../../db/connection';
import { preparedQuery, type Arg } from '../../db/prepared';
import { heldKeySet, heldKeysQuery } from './user-permissions';

/**
 * Every API route declares who may call it in `config.permission`:
 * - 'public': anyone;
 * - 'authenticated': any signed-in user (the service may check more);
 * - a permission key, or a list of keys of which one is enough.
 * A route under /api/v1 without a declaration stops the app from starting.
 */
export type RoutePermission = 'public' | 'authenticated' | Permission | readonly Permission[];

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  mustChangePassword: boolean;
  /** A role of theirs requires two-factor sign-in and they have not set it up. */
  needsTwoFactor: boolean;
};

export type Actor = {
  user: AuthUser;
  sessionId: string;
  permissions: ReadonlySet<string>;
  isSuperAdmin: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** Reachable while the user must change their password (sign-out, the change itself). */
    allowPasswordChange?: boolean;
    /** Reachable while a role requires two-factor sign-in the user has not set up (its set-up, sign-out). */
    allowTwoFactorSetup?: boolean;
    /** A success writes no access-log line (health probes: only their failures belong there). */
    quietWhenOk?: boolean;
    /**
     * Any query parameter is let through unread (a file's address: a website adds its own
     * cache-busting `?v=…`), where other routes without a query schema refuse one (body-guard.ts).
     */
    ignoresQuery?: boolean;
    /**
     * Keys of `permission` that let their holders in for part of the answers only (the route
     * refuses them the rest with a 403 of its own): the route proof expects either of them.
     */
    narrowed?: readonly Permission[];
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export const API_PREFIX = '/api/v1';

export const holds = (actor: Actor, permission: Permission | readonly Permission[]) =>
  (typeof permission === 'string' ? [permission] : permission).some((key) =>
    actor.permissions.has(key),
  );

/** Who is calling, from a request or a service's context: the signed-in user, or a 401. */
export const actorOf = (from: { actor: Actor | null }): Actor => {
  if (!from.actor) throw new AppError('unauthenticated', 'error.unauthenticated');
  return from.actor;
};

const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('invalid_token', 'error.invalid_token');
  return match[1];
};

// One query per request: the session, its user and every key the user holds, so that a
// revoked session, a disabled user or a changed role counts at once. Built once per engine.
const sessionQuery = preparedQuery((db, arg: Arg<{ sessionId: string; userId: number }>) => {
  const keys = sql<string>`(select ${engineOf(db as never) === 'postgres' ? sql`string_agg(k.key, ',')` : sql`group_concat(k.key, ',')`}
    from (${heldKeysQuery(sql.ref('users.id'))}) k)`;
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.status',
      'users.must_change_password',
      'sessions.revoked_at',
      'sessions.expires_at',
      keys.as('permission_keys'),
      sql<number>`(case
        when exists (select 1 from two_factor_secrets tf
          where tf.user_id = ${sql.ref('users.id')} and tf.enabled_at is not null) then 0
        when exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${sql.ref('users.id')} and r.require_2fa = ${sql.lit(true)}) then 1
        else 0 end)`.as('needs_two_factor'),
    ])
    .where('sessions.id', '=', arg('sessionId'))
    .where('sessions.user_id', '=', arg('userId'));
});

const authenticate = async (app: FastifyInstance, request: FastifyRequest): Promise<Actor> => {
  const token = bearerToken(request);
  if (!token) throw new AppError('unauthenticated', 'error.unauthenticated');
  const claims = await app.tokens.verify(token);
  const row = await sessionQuery.executeTakeFirst(app.db, {
    sessionId: claims.sessionId,
    userId: claims.userId,
  });
  if (!row || row.revoked_at || row.expires_at <= now() || row.status !== 'enable')
    throw new AppError('invalid_token', 'error.invalid_token');
  const held = heldKeySet(row.permission_keys ? row.permission_keys.split(',') : []);
  return {
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      mustChangePassword: Boolean(row.must_change_password),
      needsTwoFactor: Number(row.needs_two_factor) === 1,
    },
    sessionId: claims.sessionId,
    permissions: held.permissions,
    isSuperAdmin: held.isSuperAdmin,
  };
};

export const permissionGuard = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);

    const guard = async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      const permission = config.permission;
      const actor = await authenticate(app, request);
      request.actor = actor;
      // The password comes first: until it is changed, nothing else (2FA set-up included) is open.
      if (actor.user.mustChangePassword) {
        if (!config.allowPasswordChange)
          throw new AppError('password_change_required', 'error.password_change_required');
      } else if (actor.user.needsTwoFactor && !config.allowTwoFactorSetup)
        throw new AppError('two_factor_required', 'error.two_factor_required');
      // routes marked public never get this hook (see onRoute below)
      if (permission === undefined || permission === 'public' || permission === 'authenticated')
        return;
      if (!holds(actor, permission)) throw forbidden();
    };

    // Each route that needs a signed-in user gets the check as its own first hook; public
    // routes (health, the site's name, the admin's files) pay nothing for it.
    app.addHook('onRoute', (route) => {
      const permission = route.config?.permission;
      if (route.url.startsWith(API_PREFIX) && !route.url.startsWith(`${API_PREFIX}/docs`))
        if (permission === undefined)
          throw new Error(
            `Route ${String(route.method)} ${route.url} declares no permission (config.permission)`,
          );
      if (permission === undefined || permission === 'public') return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guard, ...own] as typeof route.onRequest;
    });
  },
  { name: 'permission-guard', dependencies: ['services'] },
);
