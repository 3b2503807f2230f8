import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import {
  ACCESS_TOKEN_SECONDS,
  newRefreshToken,
  newSessionId,
  REFRESH_TOKEN_SECONDS,
  sha256,
  type TokenSigner,
} from '../../core/auth/tokens';

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

export type TokenPair = {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
};

const issueRefreshToken = async (tx: Db, sessionId: string) => {
  const token = newRefreshToken();
  await tx
    .insertInto('refresh_tokens')
    .values({
      session_id: sessionId,
      token_hash: sha256(token),
      created_at: now(),
      expires_at: inSeconds(REFRESH_TOKEN_SECONDS),
    })
    .execute();
  return token;
};

const pair = async (
  signer: TokenSigner,
  userId: number,
  sessionId: string,
  refreshToken: string,
): Promise<TokenPair> => ({
  token_type: 'Bearer',
  access_token: await signer.sign({ userId, sessionId }),
  refresh_token: refreshToken,
  expires_in: ACCESS_TOKEN_SECONDS,
});

export const startSession = async (
  tx: Db,
  signer: TokenSigner,
  userId: number,
  client: { ip: string | null; userAgent: string | null },
) => {
  const sessionId = newSessionId();
  const stamp = now();
  await tx
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      created_at: stamp,
      last_used_at: stamp,
      expires_at: inSeconds(REFRESH_TOKEN_SECONDS),
    })
    .execute();
  return pair(signer, userId, sessionId, await issueRefreshToken(tx, sessionId));
};

export type RefreshOutcome =
  | { ok: true; tokens: TokenPair; userId: number }
  | { ok: false; reused: boolean; sessionId?: string };

/**
 * Rotation: a refresh token works once. Presenting a spent one means it was
 * stolen or replayed, so the whole session (the token family) is revoked.
 */
export const rotateRefreshToken = async (
  tx: Db,
  signer: TokenSigner,
  token: string,
): Promise<RefreshOutcome> => {
  const row = await tx
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.used_at',
      'refresh_tokens.expires_at',
      'sessions.id as session_id',
      'sessions.revoked_at',
      'users.id as user_id',
      'users.status',
    ])
    .where('refresh_tokens.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reused: false };
  const stamp = now();
  if (row.used_at) {
    await revokeSessions(tx, { sessionId: row.session_id });
    return { ok: false, reused: true, sessionId: row.session_id };
  }
  if (row.revoked_at || row.expires_at <= stamp || row.status !== 'enable')
    return { ok: false, reused: false };
  const spent = await tx
    .updateTable('refresh_tokens')
    .set({ used_at: stamp })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeSessions(tx, { sessionId: row.session_id });
    return { ok: false, reused: true, sessionId: row.session_id };
  }
  await tx
    .updateTable('sessions')
    .set({ last_used_at: stamp, expires_at: inSeconds(REFRESH_TOKEN_SECONDS) })
    .where('id', '=', row.session_id)
    .execute();
  return {
    ok: true,
    userId: row.user_id,
    tokens: await pair(
      signer,
      row.user_id,
      row.session_id,
      await issueRefreshToken(tx, row.session_id),
    ),
  };
};

/** Ends sessions at once: their access and refresh tokens are refused from the next request. */
export const revokeSessions = async (
  tx: Db,
  target: { sessionId: string } | { userId: number; exceptSessionId?: string },
) => {
  let query = tx.updateTable('sessions').set({ revoked_at: now() }).where('revoked_at', 'is', null);
  if ('sessionId' in target) query = query.where('id', '=', target.sessionId);
  else {
    query = query.where('user_id', '=', target.userId);
    if (target.exceptSessionId) query = query.where('id', '!=', target.exceptSessionId);
  }
  await query.execute();
};
