import { createRequire } from 'node:module';
import type sharpFactory from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';

// libvips (about 25 MB once loaded) comes in with the first image, not at start-up.
let sharpLoaded: Promise<typeof sharpFactory> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= Promise.resolve().then(() => {
    const sharp = createRequire(import.meta.url)('sharp') as typeof sharpFactory;
    sharp.cache(false);
    return sharp;
  }));

/** Largest decoded image accepted: 100 megapixels (all frames of an animation together). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Thumbnails fit in this square box: the grid and the picker show them. */
export const THUMBNAIL_SIZE = 320;

export type ImageRefusalReason = 'too_many_pixels' | 'unreadable_image';

export class ImageRefusedError extends Error {
  constructor(readonly reason: ImageRefusalReason) {
    super(reason === 'too_many_pixels' ? 'Image has too many pixels' : 'Image cannot be read');
  }
}

export type ProcessedImage = {
  /** The re-encoded image (same format, metadata stripped, orientation applied). */
  data: Buffer;
  width: number;
  height: number;
  animated: boolean;
  /** A static WebP of the first frame fitting THUMBNAIL_SIZE, or null when it cannot be drawn. */
  thumbnail: Buffer | null;
};

/**
 * At most this many images are decoded at once per process: a 100-megapixel image takes
 * about 300 MB while it is processed, so parallel uploads wait their turn instead of
 * exhausting memory. Sharp already uses every core for one image.
 */
export const MAX_PARALLEL_IMAGES = 2;
let running = 0;
const waiting: Array<() => void> = [];
const withImageSlot = async <T>(work: () => Promise<T>): Promise<T> => {
  if (running >= MAX_PARALLEL_IMAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
};

/**
 * Re-encodes a raster image without metadata (EXIF, GPS, XMP, IPTC, comments), measures it
 * and draws its thumbnail. Animated GIF and WebP keep every frame; their thumbnail is the
 * first frame. Decompression bombs are refused before any pixel is decoded.
 */
export function processImage(input: Buffer, mime: string): Promise<ProcessedImage> {
  return withImageSlot(() => processImageNow(input, mime));
}

async function processImageNow(input: Buffer, mime: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new ImageRefusedError('too_many_pixels');
    throw new ImageRefusedError('unreadable_image');
  }
  const pages = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const width = meta.width ?? 0;
  if (!width || !frameHeight) throw new ImageRefusedError('unreadable_image');
  if (width * frameHeight * pages > MAX_IMAGE_PIXELS)
    throw new ImageRefusedError('too_many_pixels');

  const animated = pages > 1 && (mime === 'image/gif' || mime === 'image/webp');
  let pipeline = sharp(input, {
    ...options,
    animated,
    limitInputPixels: animated ? false : MAX_IMAGE_PIXELS,
  });
  if (!animated) pipeline = pipeline.rotate();
  switch (mime) {
    case 'image/jpeg':
      pipeline = pipeline.jpeg({ quality: 90 });
      break;
    case 'image/png':
      pipeline = pipeline.png({ compressionLevel: 6 });
      break;
    case 'image/webp':
      pipeline = pipeline.webp({ quality: 90 });
      break;
    case 'image/gif':
      pipeline = pipeline.gif();
      break;
    case 'image/avif':
      pipeline = pipeline.avif({ quality: 60, effort: 2 });
      break;
    default:
      throw new ImageRefusedError('unreadable_image');
  }
  let data: Buffer;
  let info: OutputInfo;
  try {
    ({ data, info } = await pipeline.toBuffer({ resolveWithObject: true }));
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new ImageRefusedError('too_many_pixels');
    throw new ImageRefusedError('unreadable_image');
  }
  const height = animated ? (info.pageHeight ?? frameHeight) : info.height;
  return { data, width: info.width, height, animated, thumbnail: await makeThumbnail(input) };
}

/** A WebP thumbnail of the first frame, or null when the image cannot be drawn. */
export async function makeThumbnail(input: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Width and height of a vector image (SVG), or nulls. */
export async function measureImage(
  input: Buffer,
): Promise<{ width: number | null; height: number | null }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    return { width: meta.width ?? null, height: meta.height ?? null };
  } catch {
    return { width: null, height: null };
  }
}
