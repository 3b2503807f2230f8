import type { SyntheticEvent } from 'react';

// A faint tile, seen through in either theme.
const MISSING =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='4'%3E%3Crect width='4' height='4' fill='%23888' fill-opacity='0.2'/%3E%3C/svg%3E";

const showMissing = (event: SyntheticEvent<HTMLImageElement>) => {
  const image = event.currentTarget;
  if (image.getAttribute('src') !== MISSING) image.src = MISSING;
};

/**
 * A list's small picture: a fixed box, the image cropped to fill it (`contain` for icons), and a
 * plain tile where the file cannot be loaded: a deleted or moved file would otherwise show its
 * alt text spilling over the row.
 *
 * A plain image: Ant Design's Image (without its preview, which lists don't use) loaded every
 * file twice, once in a probe of its own, and was among the costliest parts of a list's row.
 */
export const Thumbnail = ({
  src,
  alt,
  width,
  height = width,
  fit = 'cover',
  radius,
}: {
  src: string;
  alt: string;
  width: number;
  height?: number;
  fit?: 'cover' | 'contain';
  radius?: number;
}) => (
  <img
    src={src}
    alt={alt}
    width={width}
    height={height}
    decoding="async"
    onError={showMissing}
    style={{ objectFit: fit, borderRadius: radius, display: 'block', width, height }}
  />
);
