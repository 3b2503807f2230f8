import type { Db } from '../../db/connection';
import { forbidden } from '../errors';
import type { Actor } from './guard';
import { loadUserPermissions } from './user-permissions';

/**
 * Acting on another user's account (editing it, resetting its password, reading the mails
 * about it) needs every permission that user holds, and a super-admin's only by a
 * super-admin: nobody takes over a stronger account. One's own account is always one's own.
 */
export const mayManage = async (db: Db, actor: Actor, targetId: number) => {
  if (targetId === actor.user.id) return true;
  const target = await loadUserPermissions(db, targetId);
  return !(
    (target.isSuperAdmin && !actor.isSuperAdmin) ||
    target.permissions.some((key) => !actor.permissions.has(key))
  );
};

export const assertOutranks = async (db: Db, actor: Actor, targetId: number) => {
  if (!(await mayManage(db, actor, targetId))) throw forbidden();
};
