import type { OutboxMail } from '@backoffice/shared/mail.schema';
import type {
  PasswordResetResult,
  User,
  UserCreate,
  UserUpdate,
} from '@backoffice/shared/user.schema';
import { queryOptions } from '@tanstack/react-query';
import { usersResourceApi as base, type UserWithRoles } from '../../../lib/api/users';
import { apiRequest, type ItemResponse, type ListResponse } from '../../../lib/api-client';
import { createResourceApi, type Id } from '../../../lib/resource-api';

export type { OutboxMail, UserWithRoles };

/** A user update: name and email always; zalo, facebook and address only when not empty (an empty one is not sent). */
export const toUpdateForm = (
  values: Omit<UserUpdate, 'avatar'> & { avatar?: File | string | null },
): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (
      (key === 'zalo' || key === 'facebook' || key === 'address') &&
      (value === null || value === '')
    )
      continue;
    if (value instanceof File) form.append(key, value, value.name);
    else form.append(key, value === null ? '' : String(value));
  }
  return form;
};

/** GET /users (searchRole, include=roles), POST /register, GET/DELETE /users/{id}, POST /users/{id}?_method=PATCH multipart. */
export const usersApi = {
  ...base,
  getWithRoles: (id: Id, signal?: AbortSignal) =>
    apiRequest<ItemResponse<UserWithRoles>>(`/users/${id}`, {
      query: { include: 'roles' },
      signal,
    }).then((response) => response.data),
  create: (body: UserCreate) =>
    apiRequest<ItemResponse<UserWithRoles>>('/register', { method: 'POST', body }).then(
      (response) => response.data,
    ),
  update: (id: Id, body: Omit<UserUpdate, 'avatar'> & { avatar?: File | string | null }) =>
    apiRequest<ItemResponse<UserWithRoles>>(`/users/${id}`, {
      method: 'POST',
      query: { _method: 'PATCH' },
      form: toUpdateForm(body),
    }).then((response) => response.data),
};

/** GET /users?search=email:{email}: true when a user has that email. */
export const emailExists = async (email: string, signal?: AbortSignal) => {
  const response = await apiRequest<ListResponse<User>>('/users', {
    query: { search: `email:${email}`, limit: 1 },
    signal,
  });
  return response.data.length > 0;
};

/** Whether a typed email belongs to a user already (the form's check as one types). */
export const emailExistsQueryOptions = (email: string) =>
  queryOptions({
    queryKey: base.keys.view('email-exists', email),
    queryFn: ({ signal }) => emailExists(email, signal),
    staleTime: 10_000,
  });

/** One user with their roles, for the details drawer. */
export const userWithRolesQueryOptions = (id: Id) =>
  queryOptions({
    queryKey: base.keys.itemView(id, 'roles'),
    queryFn: ({ signal }) => usersApi.getWithRoles(id, signal),
  });

/** POST /users/{id}/reset-password: `default` answers the one-time password, `mail` sends a link. */
export const resetPassword = (id: Id, mode: 'default' | 'mail') =>
  apiRequest<ItemResponse<PasswordResetResult>>(`/users/${id}/reset-password`, {
    method: 'POST',
    body: { mode },
  }).then((response) => response.data);

/** POST /password/reset (public): the reset link's token and the new password. */
export const completeReset = (token: string, newPassword: string) =>
  apiRequest<null>('/password/reset', {
    method: 'POST',
    body: { token, new_password: newPassword },
    auth: false,
  });

export const outboxApi = createResourceApi<OutboxMail>('/mail/outbox');
