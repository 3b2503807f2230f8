import { AUDIT_ACTIONS, type AuditLog } from '@backoffice/shared/audit-log.schema';
import { usersResourceApi } from '../../../lib/api/users';
import { optionsFromList } from '../../../lib/options';
import { createResourceApi } from '../../../lib/resource-api';

export { AUDIT_ACTIONS, type AuditLog };

/** GET /audit-logs: who, which resource, which action, when; each change's before and after. */
export const auditLogsApi = createResourceApi<AuditLog>('/audit-logs');

/** The "who" filter: users searched on the server as one types. */
export const auditUserOptions = optionsFromList(
  usersResourceApi,
  (user) => ({ value: user.id, label: `${user.name} · ${user.email}` }),
  { limit: 20 },
);

/** The resources whose changes the log records, as the API names them. */
export const AUDIT_RESOURCES = [
  'agency',
  'category',
  'comment',
  'data_field',
  'discount',
  'feedback',
  'group',
  'language',
  'media',
  'menu',
  'order',
  'post',
  'post_type',
  'rating',
  'redirect',
  'role',
  'seo',
  'setting',
  'slider',
  'supplier',
  'user',
  'warehouse',
  'warehouse_change',
  'widget',
] as const;
