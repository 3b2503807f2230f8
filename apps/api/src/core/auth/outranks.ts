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

/**
 * Managing an account (changing its password): one's own always; anyone else's with
 * `users.update`, only when it holds nothing the actor lacks, and never while the actor must
 * first replace their own password.
 */
export const assertMayManageAccount = async (db: Db, actor: Actor, targetId: number) => {
  if (targetId === actor.user.id) return;
  if (!actor.permissions.has('users.update') || actor.user.mustChangePassword) throw forbidden();
  await assertOutranks(db, actor, targetId);
};
