// What other modules may use of roles: who holds super-admin, and users' roles.
export { loadRoles, roleColumns, superAdminIds } from './roles.repository';
