import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const CHALLENGE_SECONDS = 5 * 60;

/**
 * What a sign-in with the right password gives a user with two-factor sign-in: proof of the
 * password for five minutes, signed with a key made from the app secret (nothing is stored,
 * any instance reads it), good only for `POST /login/2fa`.
 */
export const createSignInChallenges = (appSecret: string) => {
  const key = createHash('sha256')
    .update('two-factor-challenge:' + appSecret)
    .digest();
  return {
    issue: (userId: number) =>
      new SignJWT({ typ: 'two-factor' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${CHALLENGE_SECONDS}s`)
        .sign(key),
    read: async (challenge: string): Promise<number | undefined> => {
      try {
        const { payload } = await jwtVerify(challenge, key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'iat'],
        });
        return payload.typ === 'two-factor' && /^\d+$/.test(payload.sub ?? '')
          ? Number(payload.sub)
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
};
