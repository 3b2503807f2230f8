import { Image } from 'antd';

// A faint tile, seen through in either theme.
const MISSING =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='4' height='4'%3E%3Crect width='4' height='4' fill='%23888' fill-opacity='0.2'/%3E%3C/svg%3E";

/**
 * A list's small picture: a fixed box, the image cropped to fill it (`contain` for icons), and a
 * plain tile where the file cannot be loaded: a deleted or moved file would otherwise show its
 * alt text spilling over the row.
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
  <Image
    src={src}
    alt={alt}
    width={width}
    height={height}
    preview={false}
    fallback={MISSING}
    style={{ objectFit: fit, borderRadius: radius }}
  />
);
