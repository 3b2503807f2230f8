import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DataFieldInput, type DataFieldDefinition } from './data-field-input';

const mount = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{node}</App>
    </QueryClientProvider>,
  );

const field = (style: DataFieldDefinition['style']): DataFieldDefinition => ({
  key: 'intro',
  title: 'Giới thiệu',
  style,
  data: [],
  api: null,
});

// The rich editor itself needs a real browser (e2e/content.test.ts previews one).
describe('a data field of the editor style', { timeout: 30_000 }, () => {
  it('stays a plain text area for the textarea style, and shows the HTML as text when read-only', async () => {
    mount(<DataFieldInput field={field('textarea')} value="dòng một" />);
    expect((screen.getByRole('textbox', { name: 'Giới thiệu' }) as HTMLTextAreaElement).value).toBe(
      'dòng một',
    );
    mount(<DataFieldInput field={field('editor')} value="<p>x</p>" disabled />);
    const readOnly = screen.getAllByRole('textbox', {
      name: 'Giới thiệu',
    })[1] as HTMLTextAreaElement;
    expect(readOnly.value).toBe('<p>x</p>');
    expect(readOnly.disabled).toBe(true);
  });
});
