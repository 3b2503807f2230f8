import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { updateSettings } from './update-settings';

afterEach(() => vi.unstubAllGlobals());

describe('updateSettings', () => {
  it('sends every value by key in one request, and names a refused value by its key', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(
        JSON.stringify({
          message: 'The data is not valid.',
          errors: { 'settings.1.value': ['Invalid phone number!'] },
        }),
        { status: 422, headers: { 'Content-Type': 'application/json' } },
      );
    });
    const error = await updateSettings({ site_name: 'Cà Phê', site_hotline: '123' }).catch(
      (caught: unknown) => caught,
    );
    expect(bodies).toEqual([
      {
        settings: [
          { key: 'site_name', value: 'Cà Phê' },
          { key: 'site_hotline', value: '123' },
        ],
      },
    ]);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ site_hotline: ['Invalid phone number!'] });
  });
});
