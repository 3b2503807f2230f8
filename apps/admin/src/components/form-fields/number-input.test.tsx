import { act, render } from '@testing-library/react';
import { Form } from 'antd';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { NumberInput } from './number-input';

const arrows = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="button"]')].map((arrow) =>
    arrow.getAttribute('aria-label'),
  );

afterAll(() => i18n.changeLanguage('en'));

describe('NumberInput', { timeout: 60_000 }, () => {
  it("names its step arrows in the reader's language, and again when it changes", async () => {
    await act(() => i18n.changeLanguage('vi'));
    const { container } = render(<NumberInput aria-label="Số lượng" defaultValue={2} />);
    expect(arrows(container)).toEqual(['Tăng', 'Giảm']);
    await act(() => i18n.changeLanguage('ja'));
    expect(arrows(container)).toEqual(['増やす', '減らす']);
  });

  it('gives a form its input, as the library would (focus on a refused field)', async () => {
    let focus: (() => void) | undefined;
    const Probe = () => {
      const [form] = Form.useForm();
      focus = () => form.focusField('count');
      return (
        <Form form={form}>
          <Form.Item name="count">
            <NumberInput id="count" />
          </Form.Item>
        </Form>
      );
    };
    render(<Probe />);
    act(() => focus!());
    expect(document.activeElement?.id).toBe('count');
  });
});
