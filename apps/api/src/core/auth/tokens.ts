import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 3600;

export type AccessClaims = { userId: number; sessionId: string };

const ALGORITHM = 'HS256';

// A token's signature check never changes its answer, so a checked token is
// remembered until it expires (sessions are still checked on every request).
const VERIFIED_CACHE_SIZE = 10_000;

export const createTokenSigner = (secret: string) => {
  const key = createHash('sha256')
    .update('access-token:' + secret)
    .digest();
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...claims, expiresAt });
  };
  return {
    sign: (claims: AccessClaims) =>
      new SignJWT({ sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        // A unique id: two tokens issued in the same second (a quick refresh) still differ.
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key),
    /**
     * Only HS256 is accepted, and only with `exp` and `iat`: a token that never expires
     * would outlive every rule about sessions. An expired token is told apart so the admin refreshes.
     */
    verify: async (token: string): Promise<AccessClaims> => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now())
          return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'iat'],
        });
        if (
          payload.typ !== 'access' ||
          typeof payload.sid !== 'string' ||
          !/^\d+$/.test(payload.sub ?? '')
        )
          throw new AppError('invalid_token', 'error.invalid_token');
        const claims = { userId: Number(payload.sub), sessionId: payload.sid };
        remember(token, claims, (payload.exp ?? 0) * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JWTExpired)
          throw new AppError('token_expired', 'error.token_expired');
        if (error instanceof AppError) throw error;
        throw new AppError('invalid_token', 'error.invalid_token');
      }
    },
  };
};

export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Opaque refresh tokens; only their SHA-256 is stored. */
export const newRefreshToken = () => 'rt_' + randomBytes(32).toString('base64url');
export const newSessionId = () => randomUUID();
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
