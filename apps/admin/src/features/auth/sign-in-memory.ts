// Kept in memory only (never stored) so the forced password change need not ask for the
// password just typed, and can sign in again with the new one.
let remembered: { email: string; password: string } | null = null;

export const rememberSignIn = (email: string, password: string): void => {
  remembered = { email, password };
};

export const recallSignIn = () => remembered;

export const forgetSignIn = (): void => {
  remembered = null;
};
