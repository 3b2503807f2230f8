import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  API_TIMEOUT_MS,
  forgetEarlyRequests,
  recordRequests,
  setApiLocale,
} from './api-client';
import { type AppEvent, onAppEvent } from './events';
import { readStored, STORAGE_KEYS, storeTokens } from './storage';

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let calls: Call[];
let events: AppEvent[];
let stopListening: () => void;

const headerOf = (call: Call | undefined, name: string) =>
  new Headers(call?.init.headers).get(name);

beforeEach(() => {
  localStorage.clear();
  calls = [];
  events = [];
  stopListening = onAppEvent((event) => events.push(event));
  setApiLocale('ja');
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

const stubFetch = (answer: (call: Call) => Response | Promise<Response>) => {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  });
};

describe('api client', () => {
  it('sends the token, the Locale and JSON headers, and builds the query', async () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 });
    stubFetch(() => json(200, { data: [] }));
    await apiRequest('/redirects', {
      query: { page: 2, search: '', limit: 20, sortedBy: undefined },
    });
    expect(calls[0]?.url).toBe('/api/v1/redirects?page=2&limit=20');
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer A1');
    expect(headerOf(calls[0], 'Locale')).toBe('ja');
    expect(headerOf(calls[0], 'Accept')).toBe('application/json');
    expect(API_TIMEOUT_MS).toBe(320_000);
  });

  it('stores exactly the three session keys, the token type with the access token', () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 });
    expect(Object.keys(localStorage).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
    ]);
    expect(readStored(STORAGE_KEYS.accessToken)).toBe('Bearer A1');
  });

  it('refreshes once for requests that fail together, then repeats each', async () => {
    storeTokens({
      token_type: 'Bearer',
      access_token: 'OLD',
      refresh_token: 'R1',
      expires_in: 900,
    });
    stubFetch(async ({ url, init }) => {
      if (url.endsWith('/clients/web/refresh')) {
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'R1' });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, {
          token_type: 'Bearer',
          access_token: 'NEW',
          refresh_token: 'R2',
          expires_in: 900,
        });
      }
      const authorization = new Headers(init.headers).get('Authorization');
      return authorization === 'Bearer NEW'
        ? json(200, { data: url })
        : json(401, { message: 'expired', code: 'token_expired' });
    });
    const results = await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    expect(results).toEqual([{ data: '/api/v1/a' }, { data: '/api/v1/b' }, { data: '/api/v1/c' }]);
    expect(calls.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(1);
    expect(readStored(STORAGE_KEYS.refreshToken)).toBe('R2');
    expect(events).toEqual([]);
  });

  it('signs out when the refresh fails, or on any other 401', async () => {
    storeTokens({
      token_type: 'Bearer',
      access_token: 'OLD',
      refresh_token: 'R1',
      expires_in: 900,
    });
    stubFetch(({ url }) =>
      url.endsWith('/refresh')
        ? json(401, { message: 'spent' })
        : json(401, { message: 'expired', code: 'token_expired' }),
    );
    await expect(apiRequest('/a')).rejects.toBeInstanceOf(ApiError);
    expect(readStored(STORAGE_KEYS.accessToken)).toBeNull();
    expect(readStored(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(events).toEqual([{ type: 'signed-out', reason: 'unauthorized' }]);

    storeTokens({
      token_type: 'Bearer',
      access_token: 'BAD',
      refresh_token: 'R1',
      expires_in: 900,
    });
    events = [];
    calls = [];
    stubFetch(() => json(401, { message: 'bad token', code: 'invalid_token' }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.some((call) => call.url.endsWith('/refresh'))).toBe(false);
    expect(events).toEqual([{ type: 'signed-out', reason: 'unauthorized' }]);
  });

  it('does not sign out on a public call (a wrong login is just an error)', async () => {
    stubFetch(() => json(401, { message: 'Your email or password is wrong. Please check again.' }));
    await expect(
      apiRequest('/clients/web/login', { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({
      status: 401,
      messages: ['Your email or password is wrong. Please check again.'],
    });
    expect(events).toEqual([]);
  });

  it('raises "no permission" and "password change required" for 403s', async () => {
    stubFetch(({ url }) =>
      url.endsWith('/a')
        ? json(403, { message: 'You do not have permission to do this.', code: 'forbidden' })
        : json(403, { message: 'change it', code: 'password_change_required' }),
    );
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    await expect(apiRequest('/b')).rejects.toMatchObject({
      status: 403,
      code: 'password_change_required',
    });
    expect(events).toEqual([
      { type: 'forbidden', message: 'You do not have permission to do this.' },
      { type: 'password-change-required' },
    ]);
  });

  it('keeps the messages of a failed call for the screen', async () => {
    stubFetch(() =>
      json(422, {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: {
          source: ['A redirect from this address already exists.'],
          'products.0.number': ['too many'],
        },
      }),
    );
    const error = (await apiRequest('/redirects', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.status).toBe(422);
    expect(error.errors.source).toEqual(['A redirect from this address already exists.']);
    expect(error.messages).toEqual(['A redirect from this address already exists.', 'too many']);
  });

  it("tells the body's message when no field says more", async () => {
    stubFetch(() => json(409, { message: 'Someone saved this meanwhile.', code: 'conflict' }));
    const error = (await apiRequest('/posts/1', { method: 'PATCH', body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.messages).toEqual(['Someone saved this meanwhile.']);
  });

  it('returns null for 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    expect(await apiRequest('/logout', { method: 'DELETE' })).toBeNull();
  });
});

describe('answers asked for before the app ran (signed-in-preload.ts)', () => {
  afterEach(() => {
    delete window.earlyRequests;
  });

  const early = (url: string, authorization: string | null, locale: string, body: unknown) => {
    window.earlyRequests ??= new Map();
    window.earlyRequests.set(url, {
      authorization,
      locale,
      response: Promise.resolve(json(200, body)),
    });
  };

  it('takes the answer to the same call once, and asks the server for any later one', async () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 });
    stubFetch(() => json(200, { data: 'from the server' }));
    early('/api/v1/posts?type_id=1', 'Bearer A1', 'ja', { data: 'early' });
    expect(await apiRequest('/posts', { query: { type_id: 1 } })).toEqual({ data: 'early' });
    expect(calls).toHaveLength(0);
    expect(await apiRequest('/posts', { query: { type_id: 1 } })).toEqual({
      data: 'from the server',
    });
    expect(calls).toHaveLength(1);
  });

  it('does not take an answer asked with another token or language, or for a public call', async () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A2', refresh_token: 'R1', expires_in: 900 });
    stubFetch(() => json(200, { data: 'from the server' }));
    early('/api/v1/profile', 'Bearer A1', 'ja', { data: 'someone else' });
    early('/api/v1/posts', 'Bearer A2', 'vi', { data: 'in Vietnamese' });
    early('/api/v1/site', 'Bearer A2', 'ja', { data: 'with a token' });
    expect(await apiRequest('/profile')).toEqual({ data: 'from the server' });
    expect(await apiRequest('/posts')).toEqual({ data: 'from the server' });
    expect(await apiRequest('/site', { auth: false })).toEqual({ data: 'from the server' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/profile',
      '/api/v1/posts',
      '/api/v1/site',
    ]);
  });

  it('asks again when the early call failed, and never takes one for a write', async () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 });
    stubFetch(() => json(200, { data: 'from the server' }));
    window.earlyRequests = new Map([
      [
        '/api/v1/profile',
        { authorization: 'Bearer A1', locale: 'ja', response: Promise.resolve(null) },
      ],
    ]);
    early('/api/v1/posts', 'Bearer A1', 'ja', { data: 'early' });
    expect(await apiRequest('/profile')).toEqual({ data: 'from the server' });
    await apiRequest('/posts', { method: 'POST', body: { title: 'x' } });
    expect(calls.map((call) => [call.url, call.init.method])).toEqual([
      ['/api/v1/profile', 'GET'],
      ['/api/v1/posts', 'POST'],
    ]);
  });

  it('takes none once the first screen has its answers', async () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 });
    stubFetch(() => json(200, { data: 'from the server' }));
    early('/api/v1/users', 'Bearer A1', 'ja', { data: 'from the first screen' });
    forgetEarlyRequests();
    expect(await apiRequest('/users')).toEqual({ data: 'from the server' });
  });

  it('lists the GET calls made while recording, with whether they carried the token', async () => {
    storeTokens({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 });
    stubFetch(() => json(200, { data: [] }));
    const stop = recordRequests();
    await apiRequest('/profile');
    await apiRequest('/site', { auth: false });
    await apiRequest('/posts', { method: 'POST', body: {} });
    const recorded = stop();
    await apiRequest('/users');
    expect(recorded).toEqual([
      { url: '/api/v1/profile', auth: true },
      { url: '/api/v1/site', auth: false },
    ]);
  });
});
