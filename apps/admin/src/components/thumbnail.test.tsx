import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Thumbnail } from './thumbnail';

describe('Thumbnail', () => {
  it('shows the picture in a fixed box', () => {
    render(<Thumbnail src="/api/v1/media/files/2026/01/a.webp" alt="Cà phê" width={48} />);
    const image = screen.getByAltText('Cà phê');
    expect(image.getAttribute('src')).toBe('/api/v1/media/files/2026/01/a.webp');
    expect(image.getAttribute('width')).toBe('48');
    expect(image.getAttribute('height')).toBe('48');
  });

  it('shows a plain tile instead of a file that cannot be loaded, not its alt text', () => {
    render(<Thumbnail src="/api/v1/media/files/gone.webp" alt="Bánh mì" width={56} height={36} />);
    const image = screen.getByAltText('Bánh mì');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    // the tile itself failing does not loop
    fireEvent.error(image);
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('loads each file once (no second probe image)', () => {
    const created: string[] = [];
    const create = document.createElement.bind(document);
    const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
      created.push(tag);
      return create(tag);
    }) as typeof document.createElement);
    render(<Thumbnail src="/api/v1/media/files/2026/01/a.webp" alt="Phở" width={48} />);
    spy.mockRestore();
    expect(created.filter((tag) => tag === 'img')).toHaveLength(1);
  });
});
