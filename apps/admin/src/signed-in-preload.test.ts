import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE as APP_DEFAULT, FALLBACK_LANGUAGE as APP_FALLBACK } from './i18n';
import { STORAGE_KEYS } from './lib/storage';
import {
  DEFAULT_LANGUAGE,
  EARLY_REQUESTS_KEY,
  earlyRequests,
  FALLBACK_LANGUAGE,
  LANGUAGE_KEY,
  SESSION_KEY,
  signedInModules,
} from './signed-in-preload';

const meta = () => {
  const element = document.createElement('meta');
  element.name = 'signed-in-modules';
  element.content = '/assets/shell-a.js /assets/list-b.js';
  element.setAttribute('data-texts-vi', '/assets/texts-vi-c.js');
  element.setAttribute('data-texts-en', '/assets/texts-en-d.js');
  element.setAttribute('data-texts-ja', '/assets/texts-ja-e.js');
  return element;
};
const storage = (values: Record<string, string>) => ({
  getItem: (key: string) => values[key] ?? null,
});

describe('the signed-in preload', () => {
  it('spells the storage keys and languages as the app does', () => {
    expect(SESSION_KEY).toBe(STORAGE_KEYS.accessToken);
    expect(LANGUAGE_KEY).toBe(STORAGE_KEYS.language);
    expect(EARLY_REQUESTS_KEY).toBe(STORAGE_KEYS.earlyRequests);
    expect(DEFAULT_LANGUAGE).toBe(APP_DEFAULT);
    expect(FALLBACK_LANGUAGE).toBe(APP_FALLBACK);
  });

  it('asks for nothing without a session (the sign-in screen)', () => {
    expect(signedInModules(meta(), storage({}))).toEqual([]);
    expect(signedInModules(meta(), storage({ current_language: 'ja' }))).toEqual([]);
  });

  it("asks for the shared files and the texts of the session's language and the fallback", () => {
    expect(
      signedInModules(meta(), storage({ access_token: 'Bearer x', current_language: 'ja' })),
    ).toEqual([
      '/assets/shell-a.js',
      '/assets/list-b.js',
      '/assets/texts-ja-e.js',
      '/assets/texts-en-d.js',
    ]);
    // no language stored: the app's default; the fallback language is not asked for twice
    expect(signedInModules(meta(), storage({ access_token: 'Bearer x' }))).toEqual([
      '/assets/shell-a.js',
      '/assets/list-b.js',
      '/assets/texts-vi-c.js',
      '/assets/texts-en-d.js',
    ]);
    expect(
      signedInModules(meta(), storage({ access_token: 'Bearer x', current_language: 'en' })),
    ).toEqual(['/assets/shell-a.js', '/assets/list-b.js', '/assets/texts-en-d.js']);
  });

  it('asks for nothing when the page does not name the files (the dev server)', () => {
    expect(signedInModules(null, storage({ access_token: 'Bearer x' }))).toEqual([]);
  });

  describe("the API calls of the screen's previous visit", () => {
    const recorded = (value: unknown) =>
      storage({ access_token: 'Bearer x', early_requests: JSON.stringify(value) });
    const visit = {
      at: '/posts/all-posts/1?page=2',
      requests: [
        { url: '/api/v1/profile', auth: true },
        { url: '/api/v1/site', auth: false },
        { url: '/api/v1/posts?type_id=1&page=2', auth: true },
      ],
    };

    it('asks for them again at the same address only', () => {
      expect(earlyRequests(recorded(visit), '/posts/all-posts/1?page=2')).toEqual(visit.requests);
      expect(earlyRequests(recorded(visit), '/posts/all-posts/1')).toEqual([]);
      expect(earlyRequests(recorded(visit), '/posts/all-posts/1?page=3')).toEqual([]);
    });

    it('asks for nothing without a session, or when the record is not one', () => {
      expect(
        earlyRequests(
          storage({ early_requests: JSON.stringify(visit) }),
          '/posts/all-posts/1?page=2',
        ),
      ).toEqual([]);
      for (const broken of ['{', 'null', '[]', '{"at":"/x","requests":{}}', '"text"'])
        expect(
          earlyRequests(storage({ access_token: 'Bearer x', early_requests: broken }), '/x'),
        ).toEqual([]);
    });

    it("never sends the token anywhere but this site's API", () => {
      const forged = {
        at: '/users',
        requests: [
          { url: 'https://attacker.example/api/v1/users', auth: true },
          { url: '//attacker.example/api/v1/users', auth: true },
          { url: '/api/v1//attacker.example/x', auth: true },
          { url: '/assets/index.js', auth: true },
          { url: 42 },
          null,
          { url: '/api/v1/users?page=1' },
        ],
      };
      expect(earlyRequests(recorded(forged), '/users')).toEqual([
        { url: '/api/v1/users?page=1', auth: true },
      ]);
    });
  });
});
