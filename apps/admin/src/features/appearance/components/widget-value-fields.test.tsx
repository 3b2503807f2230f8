import type { WidgetSettings } from '@backoffice/shared/widget.schema';
import { describe, expect, it } from 'vitest';
import { choicesFrom } from './api-choices';
import { valueFieldsOf, valueForForm } from './widget-value-fields';

const settings: WidgetSettings = {
  fields: [
    { key: 'hotline', title: 'Hotline', style: 'text', required: true, help: 'Số tổng đài' },
    { key: 'opens', title: 'Mở cửa', style: 'time' },
    {
      key: 'tags',
      title: 'Thẻ',
      style: 'selectbox',
      has_option: true,
      data: [
        { value: 'a', title: 'Cà phê' },
        { value: 'b', title: 'Trà' },
      ],
    },
    { key: 'gallery', title: 'Bộ ảnh', style: 'media' },
    {
      key: 'partners',
      title: 'Đối tác',
      style: 'list',
      fields: [
        { key: 'logo', title: 'Logo', style: 'image', required: true },
        { key: 'since', title: 'Từ ngày', style: 'date' },
      ],
    },
  ],
};

describe('the value editor drawn from a widget’s settings', () => {
  it('has one field per setting, in order, with its label, help, required mark and control', () => {
    const fields = valueFieldsOf(settings);
    expect(fields.map((field) => [field.name, field.label, field.kind, field.required])).toEqual([
      ['hotline', 'Hotline', 'text', true],
      ['opens', 'Mở cửa', undefined, false],
      ['tags', 'Thẻ', 'select', false],
      ['gallery', 'Bộ ảnh', 'media', false],
      ['partners', 'Đối tác', 'list', false],
    ]);
    expect(fields[0]!.help).toBe('Số tổng đài');
    // The post editor's time picker.
    expect(fields[1]!.input).toBeTruthy();
    expect(fields[2]).toMatchObject({
      multiple: true,
      options: [
        { value: 'a', label: 'Cà phê' },
        { value: 'b', label: 'Trà' },
      ],
    });
    expect(fields[3]).toMatchObject({ multiple: true });
    expect(fields[4]!.fields!.map((column) => [column.name, column.kind, column.required])).toEqual(
      [
        ['logo', 'media', true],
        ['since', 'date', false],
      ],
    );
  });

  it('starts from the stored value without what the settings no longer have, list rows included', () => {
    expect(
      valueForForm(settings, {
        hotline: '1900 1234',
        removed: 'x',
        partners: [{ logo: '/a.webp', old: 1 }, 'not a row'],
      }),
    ).toEqual({ hotline: '1900 1234', partners: [{ logo: '/a.webp' }, {}] });
    expect(valueForForm(settings, {})).toEqual({});
  });
});

describe('the choices of an api field', () => {
  const source = {
    path: '/categories',
    list_key: 'data.items',
    value_key: 'id',
    title_key: 'name.vi',
  };

  it('reads the list at a dotted key and each choice’s value and title', () => {
    const answer = {
      data: {
        items: [
          { id: 3, name: { vi: 'Cà phê' } },
          { id: 'tra', name: { vi: 'Trà' } },
          { id: 5 },
          { id: { nested: true }, name: { vi: 'Bỏ qua' } },
        ],
      },
    };
    expect(choicesFrom(answer, source)).toEqual([
      { value: 3, label: 'Cà phê' },
      { value: 'tra', label: 'Trà' },
      { value: 5, label: '5' },
    ]);
  });

  it('takes the answer itself when there is no list key, and nothing from inherited properties', () => {
    expect(
      choicesFrom([{ id: 1, title: 'Một' }], { ...source, list_key: null, title_key: 'title' }),
    ).toEqual([{ value: 1, label: 'Một' }]);
    expect(choicesFrom({ data: {} }, { ...source, list_key: 'data.constructor' })).toEqual([]);
    expect(choicesFrom({ data: 'text' }, { ...source, list_key: 'data' })).toEqual([]);
  });
});
