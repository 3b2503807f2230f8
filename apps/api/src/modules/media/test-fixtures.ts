// Files for the media tests, made in code so that no binary fixture is committed.
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A stored (uncompressed) zip archive. */
export function makeZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.concat([
      u32(0x04034b50),
      u16(20),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      u32(crc),
      u32(data.length),
      u32(data.length),
      u16(nameBuf.length),
      u16(0),
      nameBuf,
      data,
    ]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20),
        u16(20),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(crc),
        u32(data.length),
        u32(data.length),
        u16(nameBuf.length),
        u16(0),
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        nameBuf,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(centrals.length),
    u16(centrals.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

const contentTypes = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${main}"/></Types>`;

export const makeDocx = () =>
  makeZip({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      'word/document.xml',
    ),
    'word/document.xml': '<w:document/>',
  });
export const makeXlsx = () =>
  makeZip({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      'xl/workbook.xml',
    ),
    'xl/workbook.xml': '<workbook/>',
  });
export const makePptx = () =>
  makeZip({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
      'ppt/presentation.xml',
    ),
    'ppt/presentation.xml': '<presentation/>',
  });

/** A Compound File Binary container whose directory names the given stream. */
export function makeCfb(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const dir = Buffer.alloc(512);
  Buffer.from('Root Entry', 'utf16le').copy(dir, 0);
  Buffer.from(streamName, 'utf16le').copy(dir, 128);
  return Buffer.concat([header, Buffer.alloc(512), dir]);
}

export const makeMp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('free'),
  ]);
export const makeWebm = () =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(32),
  ]);
export const makePdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A photo-like image with EXIF (camera model, GPS-ish comment) to check stripping. */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif',
  width = 640,
  height = 480,
): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  }).withExif({
    IFD0: { Make: 'SecretCam', Model: 'Spy 3000', ImageDescription: 'GPS 10.762622,106.660172' },
  });
  return base.toFormat(format).toBuffer();
}

/** A random-noise JPEG: noise keeps the file large, like a photo. */
export async function makeNoiseJpeg(width: number, height: number, quality = 92): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (seed >> 16) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** An animated GIF with `frames` frames. */
export async function makeAnimatedGif(frames = 3, size = 64): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({
        create: {
          width: size,
          height: size,
          channels: 3,
          background: { r: 60 * i, g: 100, b: 200 - 50 * i },
        },
      })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(pages), {
    raw: { width: size, height: size * frames, channels: 3, pageHeight: size },
  })
    .gif({ delay: Array(frames).fill(100), loop: 0 })
    .toBuffer();
}

/**
 * A decompression bomb: a PNG whose header claims 100,000 x 100,000 pixels (10 gigapixels)
 * while the file is a few kilobytes of compressed zeros.
 */
export function makePngBomb(side = 100_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(256 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" onload="alert('load')">
  <script>alert('xss')</script>
  <rect width="40" height="20" fill="#c33" onclick="alert('click')"/>
  <a xlink:href="javascript:alert('link')"><text x="2" y="14">hi</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
  <image href="https://tracker.example.com/pixel.png" width="1" height="1"/>
</svg>`;
