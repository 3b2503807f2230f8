import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { ResourceForm } from './resource-form';

const schema = z.strictObject({
  source: z
    .string({ error: 'redirect.source_required' })
    .trim()
    .min(1, { error: 'redirect.source_required' }),
  code: z.union([z.literal(301), z.literal(302)]).optional(),
});

const renderForm = (
  onSubmit: (values: z.output<typeof schema>) => Promise<unknown>,
  initialValues?: Record<string, unknown>,
) =>
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
          initialValues={initialValues}
          onSubmit={onSubmit}
        />
      </Suspense>
    </App>,
  );

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

  it('sends only the fields it declares, not the rest of the record it was opened with', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit, {
      id: 7,
      source: '/from',
      code: 302,
      destination: '/to',
      created_at: '2026-11-21T10:00:00+07:00',
    });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Save' })));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ source: '/from', code: 302 });
  });

  it('shows its children inside the form, where a live preview reads the values as they are typed', async () => {
    const Preview = () => (
      <output data-testid="preview">{Form.useWatch<string>('source') ?? ''}</output>
    );
    const { container } = render(
      <App>
        <Suspense fallback="loading">
          <ResourceForm
            id="preview-form"
            schema={schema}
            fields={[{ name: 'source', label: 'Source' }]}
            onSubmit={async () => undefined}
          >
            <Preview />
          </ResourceForm>
        </Suspense>
      </App>,
    );
    const input = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('input#preview-form_source');
      if (!found) throw new Error('not rendered yet');
      return found;
    });
    await act(async () => fireEvent.change(input, { target: { value: '/cu' } }));
    await waitFor(() => expect(screen.getByTestId('preview').textContent).toBe('/cu'));
    expect(screen.getByTestId('preview').closest('form')).toBe(input.closest('form'));
  });
});
