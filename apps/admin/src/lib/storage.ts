import type { TokenPair } from '@backoffice/shared/auth.schema';

/** The storage keys the admin keeps, plus the theme. */
export const STORAGE_KEYS = {
  direction: 'direction',
  language: 'current_language',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
  theme: 'theme',
  /** What a screen asked the API for before its first render (app/warm-start.ts). */
  earlyRequests: 'early_requests',
  /**
   * The permissions of the last profile read: a cold start asks for a screen's data before the
   * profile answers, except for a screen these say is not the user's (app/warm-start.ts).
   */
  permissionsHint: 'permissions_hint',
  /** The post editor's layout: static or draggable boxes, and the boxes hidden. */
  postEditorDisplay: 'post-editor-display',
} as const;

/** The draft kept in this browser while a post is edited, one per post (or per type for a new one). */
export const postDraftKey = (typeId: number, postId?: number) =>
  `post-draft:${typeId}:${postId ?? 'new'}` as const;

type StorageKey =
  (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | ReturnType<typeof postDraftKey>;

export const readStored = (key: StorageKey): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const writeStored = (key: StorageKey, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage may be unavailable (private mode); the session then lives in memory only
  }
};

/** A stored JSON value; null when absent, unreadable or not JSON. */
export const readStoredJson = <T>(key: StorageKey): T | null => {
  const raw = readStored(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

export const writeStoredJson = (key: StorageKey, value: unknown): void =>
  writeStored(key, JSON.stringify(value));

export type { TokenPair };

/** Stores the token type together with the access token, e.g. `Bearer eyJ…`. */
export const storeTokens = (tokens: TokenPair): void => {
  writeStored(STORAGE_KEYS.accessToken, `${tokens.token_type || 'Bearer'} ${tokens.access_token}`);
  writeStored(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  writeStored(STORAGE_KEYS.expiresIn, String(tokens.expires_in));
};

/** Removes the three stored items of a session. */
export const clearTokens = (): void => {
  writeStored(STORAGE_KEYS.accessToken, null);
  writeStored(STORAGE_KEYS.refreshToken, null);
  writeStored(STORAGE_KEYS.expiresIn, null);
  writeStored(STORAGE_KEYS.earlyRequests, null);
  writeStored(STORAGE_KEYS.permissionsHint, null);
};

export const authorizationHeader = (): string | null => readStored(STORAGE_KEYS.accessToken);

export const hasSession = (): boolean => Boolean(authorizationHeader());

/** The user id (`sub`) inside the stored access token, when it is a JWT. */
export const tokenSubject = (): string | null => {
  const token = authorizationHeader()?.split(' ').pop();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
    };
    return json.sub === undefined || json.sub === null ? null : String(json.sub);
  } catch {
    return null;
  }
};
