import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n, i18nReady } from '../i18n';
import { ApiError } from '../lib/api-client';
import { ResourceForm } from './resource-form';

const schema = z.object({
  source: z
    .string({ error: 'redirect.source_required' })
    .trim()
    .min(1, { error: 'redirect.source_required' }),
  code: z.union([z.literal(301), z.literal(302)]).optional(),
});

const renderForm = (onSubmit: (values: z.output<typeof schema>) => Promise<unknown>) =>
  render(
    <App>
      <Suspense fallback="loading">
        <ResourceForm
          id="test-form"
          schema={schema}
          fields={[
            { name: 'source', label: 'Source' },
            { name: 'code', label: 'Code' },
          ]}
          onSubmit={onSubmit}
        />
      </Suspense>
    </App>,
  );

beforeAll(async () => {
  // happy-dom has no matchMedia; antd's responsive helpers ask for it
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  await i18nReady;
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['common', 'messages']);
});

afterEach(cleanup);

describe('ResourceForm', () => {
  it('shows the zod message key translated from the shared catalogue, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    const button = await screen.findByRole('button', { name: 'Save' });
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByText('Please enter the source address!')).toBeTruthy());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('turns a code union into a select and puts the server 422 errors on their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: {
          source: ['A redirect from this address already exists.'],
          other: ['Something else.'],
        },
      });
    });
    const { container } = renderForm(onSubmit);
    const input = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('input#test-form_source');
      if (!found) throw new Error('not rendered yet');
      return found;
    });
    expect(container.querySelector('#test-form_code')?.closest('.ant-select')).toBeTruthy();
    await act(async () => fireEvent.change(input, { target: { value: '/old' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(screen.getByText('A redirect from this address already exists.')).toBeTruthy(),
    );
    expect(onSubmit).toHaveBeenCalledWith({ source: '/old' });
    expect(screen.getByText('Something else.')).toBeTruthy();
  });
});
