import { describe, expect, it } from 'vitest';
import { isPickerMessage, PICKER_SOURCE, pickerUrl, popupGeometry } from './picker-protocol';

describe('media picker popup', () => {
  it('is at most 1000x800, 40px from the screen edges, centred', () => {
    expect(popupGeometry({ availWidth: 1920, availHeight: 1080 })).toEqual({
      width: 1000,
      height: 800,
      left: 460,
      top: 140,
    });
    expect(
      popupGeometry({ availWidth: 1024, availHeight: 768, availLeft: 1920, availTop: 0 }),
    ).toEqual({
      width: 944,
      height: 688,
      left: 1960,
      top: 40,
    });
  });

  it('passes the request in its URL', () => {
    expect(pickerUrl('r1', { multiple: true, type: 'image', area: 'posts' })).toBe(
      '/media/picker?request_id=r1&multiple=1&type=image&area=posts',
    );
    expect(pickerUrl('r2', {})).toBe('/media/picker?request_id=r2');
  });

  it('recognises only well-formed picker messages', () => {
    const ok = {
      source: PICKER_SOURCE,
      version: 1,
      type: 'select',
      request_id: 'r',
      urls: ['https://x/a.png'],
      items: [],
    };
    expect(isPickerMessage(ok)).toBe(true);
    expect(isPickerMessage({ ...ok, source: 'other' })).toBe(false);
    expect(isPickerMessage({ ...ok, version: 2 })).toBe(false);
    expect(isPickerMessage({ ...ok, urls: 'x' })).toBe(false);
    expect(
      isPickerMessage({ source: PICKER_SOURCE, version: 1, type: 'cancel', request_id: 'r' }),
    ).toBe(true);
    expect(isPickerMessage('select')).toBe(false);
  });
});
