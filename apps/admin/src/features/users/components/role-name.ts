import { SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import { useTranslation } from 'react-i18next';

/**
 * A role's name as staff read it: the built-in administrators' role is named in their language
 * (its key, `super-admin`, is for programs); a role the shop made keeps the name it was given.
 */
export const useRoleName = () => {
  const { t } = useTranslation('users');
  return (role: { name: string }) =>
    role.name === SUPER_ADMIN_ROLE ? t('roles.superAdminName') : role.name;
};
