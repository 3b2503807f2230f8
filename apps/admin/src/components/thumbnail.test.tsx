import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('shows a plain tile instead of a file that cannot be loaded, not its alt text', async () => {
    // Ant Design tries the address in an image of its own; the test browser loads none, so
    // that probe is told the file failed, as a browser tells it for a missing file.
    const probes: HTMLImageElement[] = [];
    const create = document.createElement.bind(document);
    const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
      const element = create(tag);
      if (tag === 'img') probes.push(element as HTMLImageElement);
      return element;
    }) as typeof document.createElement);
    render(<Thumbnail src="/api/v1/media/files/gone.webp" alt="Bánh mì" width={56} height={36} />);
    spy.mockRestore();
    const probe = probes.find(
      (image) => !image.isConnected && image.getAttribute('src')?.endsWith('gone.webp'),
    );
    expect(probe).toBeDefined();
    fireEvent.error(probe!);
    await waitFor(() =>
      expect(screen.getByAltText('Bánh mì').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/),
    );
  });
});
