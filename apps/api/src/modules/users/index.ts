// What other modules may use of users: the users resource, its records, and email changes.
export { announceEmailChange, checkOwnEmailChange } from './email-change';
export { userRecord, userRoles } from './users.repository';
export { usersResource } from './users.service';
