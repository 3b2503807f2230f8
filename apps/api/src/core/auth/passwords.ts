import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified when no user matches, so an unknown email costs the same time as a wrong password.
// Made on first need or once the server listens (primeDummyHash), not while it starts: it
// takes 19 MiB and a core for a while.
let dummyHash: Promise<string> | undefined;
export const primeDummyHash = () =>
  (dummyHash ??= hash(`not-a-real-password-${randomBytes(16).toString('hex')}`, OPTIONS));

export const verifyPassword = async (
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> => {
  try {
    const ok = await verify(passwordHash ?? (await primeDummyHash()), password);
    return passwordHash !== undefined && ok;
  } catch {
    return false;
  }
};
