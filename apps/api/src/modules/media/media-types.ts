import { open, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as FileType from 'file-type';

export type MediaKind = 'image' | 'video' | 'document';

export type DetectedType = { mime: string; ext: string; kind: MediaKind };

export type TypeRefusal = { refused: true; reason: 'unsupported_type'; detected?: string };

/** Every type the library accepts, decided from the bytes; anything else is refused. */
export const ACCEPTED_TYPES: Record<string, DetectedType> = Object.fromEntries(
  (
    [
      ['image/jpeg', 'jpg', 'image'],
      ['image/png', 'png', 'image'],
      ['image/webp', 'webp', 'image'],
      ['image/gif', 'gif', 'image'],
      ['image/avif', 'avif', 'image'],
      ['image/svg+xml', 'svg', 'image'],
      ['video/mp4', 'mp4', 'video'],
      ['video/webm', 'webm', 'video'],
      ['application/pdf', 'pdf', 'document'],
      ['application/zip', 'zip', 'document'],
      [
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'docx',
        'document',
      ],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'document'],
      [
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'pptx',
        'document',
      ],
      ['application/msword', 'doc', 'document'],
      ['application/vnd.ms-excel', 'xls', 'document'],
      ['application/vnd.ms-powerpoint', 'ppt', 'document'],
      ['text/plain', 'txt', 'document'],
      ['text/csv', 'csv', 'document'],
    ] as const
  ).map(([mime, ext, kind]) => [mime, { mime, ext, kind }]),
);

/** Types sharp re-encodes (metadata stripped) and thumbnails. */
export const RASTER_IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);

const TEXT_SAMPLE = 1024 * 1024;
const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/**
 * Legacy Office files are Compound File Binary containers; which one is decided by the
 * name of its main stream in the directory (names are UTF-16LE there).
 */
export function detectCfbOffice(bytes: Buffer): DetectedType | null {
  const has = (name: string) => bytes.includes(utf16(name));
  if (has('WordDocument')) return ACCEPTED_TYPES['application/msword']!;
  if (has('Workbook') || has('Book\0')) return ACCEPTED_TYPES['application/vnd.ms-excel']!;
  if (has('PowerPoint Document')) return ACCEPTED_TYPES['application/vnd.ms-powerpoint']!;
  return null;
}

/** SVG: XML whose root element is `<svg>` (after an optional declaration and comments). */
export function looksLikeSvg(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/g, '')
    .replace(/^\s*<!DOCTYPE\s+svg[^>]*>/i, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(head);
}

const looksLikeHtml = (text: string) =>
  /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>]|<iframe[\s>])/i.test(
    text.replace(/^\uFEFF/, ''),
  );

/** Plain UTF-8 text: decodes strictly and holds no control characters but tab, CR, LF, FF. */
export function isPlainText(sample: Buffer, truncated: boolean): boolean {
  if (sample.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: truncated });
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** CSV: the lines split into the same number (>1) of comma, semicolon or tab separated cells. */
export function looksLikeCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (lines.length === 0) return false;
  return [',', ';', '\t'].some((sep) => {
    const counts = lines.map((l) => l.replace(/"[^"]*"/g, '').split(sep).length);
    return counts[0]! > 1 && counts.every((c) => c === counts[0]);
  });
}

/**
 * Decides a file's type from its bytes alone; the original name only chooses between
 * plain text and CSV for text. Returns a refusal for any type not accepted.
 */
export async function detectMediaType(
  file: string,
  originalName: string,
): Promise<DetectedType | TypeRefusal> {
  // loaded with the first upload, not at start-up (required, not imported: see db/migrate.ts)
  const { fileTypeFromFile } = createRequire(import.meta.url)('file-type') as typeof FileType;
  const found = await fileTypeFromFile(file);
  if (found) {
    if (found.mime === 'application/x-cfb') {
      const office = detectCfbOffice(await readFile(file));
      return office ?? { refused: true, reason: 'unsupported_type', detected: found.mime };
    }
    const accepted = ACCEPTED_TYPES[found.mime];
    if (accepted) return accepted;
    if (found.mime === 'application/xml') {
      const text = await readFile(file, 'utf8');
      if (looksLikeSvg(text)) return ACCEPTED_TYPES['image/svg+xml']!;
    }
    return { refused: true, reason: 'unsupported_type', detected: found.mime };
  }
  const size = (await stat(file)).size;
  const handle = await open(file, 'r');
  let sample: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(size, TEXT_SAMPLE));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (!isPlainText(sample, size > sample.length))
    return { refused: true, reason: 'unsupported_type' };
  const text = sample.toString('utf8');
  if (looksLikeSvg(text)) return ACCEPTED_TYPES['image/svg+xml']!;
  if (looksLikeHtml(text) || /^\s*<\?xml/i.test(text))
    return { refused: true, reason: 'unsupported_type', detected: 'text/html' };
  if (/\.csv$/i.test(originalName) && looksLikeCsv(text)) return ACCEPTED_TYPES['text/csv']!;
  return ACCEPTED_TYPES['text/plain']!;
}

export const isRefusal = (t: DetectedType | TypeRefusal): t is TypeRefusal => 'refused' in t;
