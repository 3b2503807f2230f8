import { multipart } from './multipart';
import type { DemoClient } from './demo-client';

const PALETTES = [
  ['#6f4e37', '#c8a27a'],
  ['#2e7d32', '#a5d6a7'],
  ['#8d6e63', '#ffe0b2'],
  ['#1565c0', '#90caf9'],
  ['#ad1457', '#f8bbd0'],
  ['#ef6c00', '#ffe082'],
];

/** A picture drawn here (no download): a gradient, a cup-like shape and the picture's label. */
const drawing = (label: string, index: number) => {
  const [dark, light] = PALETTES[index % PALETTES.length]!;
  const x = 200 + ((index * 97) % 400);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <ellipse cx="${x}" cy="330" rx="150" ry="40" fill="#fff" opacity="0.35"/>
  <rect x="${x - 110}" y="200" width="220" height="140" rx="30" fill="#fff" opacity="0.8"/>
  <circle cx="${x + 130}" cy="260" r="35" fill="none" stroke="#fff" stroke-width="14" opacity="0.8"/>
  <text x="400" y="500" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="40"
    text-anchor="middle" fill="#fff">${label}</text>
</svg>`;
};

/** Draws `labels.length` pictures and uploads each to the media library; answers their URLs. */
export const uploadPictures = async (client: DemoClient, labels: string[], area: string) => {
  const { default: sharp } = await import('sharp');
  const urls: string[] = [];
  for (const [index, label] of labels.entries()) {
    const bytes = await sharp(Buffer.from(drawing(label, index)))
      .jpeg({ quality: 78 })
      .toBuffer();
    const body = multipart({
      field: 'files[]',
      filename: `${area}-${index + 1}.jpg`,
      type: 'image/jpeg',
      bytes,
    });
    const stored = await client.upload<{ url: string } | { url: string }[]>(
      `/media?area=${area}`,
      body.payload,
      body.contentType,
    );
    urls.push((Array.isArray(stored) ? stored[0]! : stored).url);
  }
  return urls;
};
