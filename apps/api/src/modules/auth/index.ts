// What other modules may use of sign-in and sessions.
export { newPassword, storePassword, type PasswordColumns } from './password-store';
export { revokeSessions } from './sessions';
