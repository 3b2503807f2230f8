import type { Role } from '@backoffice/shared/role.schema';
import type { User, UserCreate, UserUpdate } from '@backoffice/shared/user.schema';
import { createResourceApi } from '../resource-api';

export type UserWithRoles = User & { roles?: Role[] };

/** GET /users, GET, DELETE /users/{id} (the users screens add creating and updating). */
export const usersResourceApi = createResourceApi<UserWithRoles, UserCreate, UserUpdate>('/users');
