import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeFileName } from './file-name';
import { ImageRefusedError, processImage, THUMBNAIL_SIZE } from './image-process';
import { detectMediaType, isRefusal } from './media-types';
import { sanitizeSvg, SvgRefusedError } from '../../sanitize/svg';
import {
  makeAnimatedGif,
  makeCfb,
  makeDocx,
  makeImage,
  makeMp4,
  makePdf,
  makePngBomb,
  makePptx,
  makeWebm,
  makeXlsx,
  makeZip,
  SVG_WITH_SCRIPT,
} from './test-fixtures';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-pure-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const detect = async (bytes: Buffer | string, name: string) => {
  const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, bytes);
  const result = await detectMediaType(file, name);
  return isRefusal(result) ? 'refused' : result.mime;
};

describe('detectMediaType', () => {
  it('accepts each allowed type from its bytes', async () => {
    expect(await detect(await makeImage('jpeg'), 'a.jpg')).toBe('image/jpeg');
    expect(await detect(await makeImage('png'), 'a.png')).toBe('image/png');
    expect(await detect(await makeImage('webp'), 'a.webp')).toBe('image/webp');
    expect(await detect(await makeImage('gif'), 'a.gif')).toBe('image/gif');
    expect(await detect(await makeImage('avif', 64, 64), 'a.avif')).toBe('image/avif');
    expect(await detect(SVG_WITH_SCRIPT, 'a.svg')).toBe('image/svg+xml');
    expect(await detect(makeMp4(), 'a.mp4')).toBe('video/mp4');
    expect(await detect(makeWebm(), 'a.webm')).toBe('video/webm');
    expect(await detect(makePdf(), 'a.pdf')).toBe('application/pdf');
    expect(await detect(makeZip({ 'a.txt': 'x' }), 'a.zip')).toBe('application/zip');
    expect(await detect(makeDocx(), 'a.docx')).toMatch(/wordprocessingml/);
    expect(await detect(makeXlsx(), 'a.xlsx')).toMatch(/spreadsheetml/);
    expect(await detect(makePptx(), 'a.pptx')).toMatch(/presentationml/);
    expect(await detect(makeCfb('WordDocument'), 'a.doc')).toBe('application/msword');
    expect(await detect(makeCfb('Workbook'), 'a.xls')).toBe('application/vnd.ms-excel');
    expect(await detect(makeCfb('PowerPoint Document'), 'a.ppt')).toBe(
      'application/vnd.ms-powerpoint',
    );
    expect(await detect('Xin chào, thế giới!\nLine two\n', 'notes.txt')).toBe('text/plain');
    expect(await detect('name,price\nCà phê,25000\nTrà,15000\n', 'prices.csv')).toBe('text/csv');
  });

  it('decides by bytes, not by the extension', async () => {
    expect(await detect(await makeImage('png'), 'photo.pdf')).toBe('image/png');
    expect(await detect('just text', 'evil.jpg')).toBe('text/plain');
    expect(await detect(makePdf(), 'a.csv')).toBe('application/pdf');
  });

  it('refuses everything else', async () => {
    expect(await detect(Buffer.from('7f454c46020101000000000000000000', 'hex'), 'app.png')).toBe(
      'refused',
    ); // ELF
    expect(await detect(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), 'setup.txt')).toBe(
      'refused',
    );
    expect(await detect('<!doctype html><script>alert(1)</script>', 'page.txt')).toBe('refused');
    expect(await detect('<html><body>x</body></html>', 'page.csv')).toBe('refused');
    expect(await detect(makeCfb('SomethingElse'), 'a.doc')).toBe('refused');
    expect(await detect(Buffer.from([0, 1, 2, 3, 255, 254, 0, 0]), 'blob.txt')).toBe('refused');
    expect(await detect(Buffer.alloc(0), 'empty.txt')).toBe('refused');
    expect(await detect(Buffer.from('%!PS-Adobe-3.0\n'), 'x.pdf')).toBe('refused');
  });
});

describe('normalizeFileName', () => {
  it('keeps the last path part only', () => {
    expect(normalizeFileName('../../etc/passwd')).toBe('passwd');
    expect(normalizeFileName('..\\..\\windows\\system32\\cmd.exe')).toBe('cmd.exe');
    expect(normalizeFileName('/var/www/ảnh đẹp.jpg')).toBe('ảnh đẹp.jpg');
    expect(normalizeFileName('..')).toBe('file');
    expect(normalizeFileName('.htaccess')).toBe('htaccess');
  });
  it('composes to NFC and drops control and bidi characters', () => {
    const decomposed = 'Cà phê.png'.normalize('NFD');
    expect(normalizeFileName(decomposed)).toBe('Cà phê.png'.normalize('NFC'));
    expect(normalizeFileName('a\u0000b\u001fc\u202Egpj.exe')).toBe('abcgpj.exe');
    expect(normalizeFileName('  many   spaces\t\n.txt ')).toBe('many spaces.txt');
  });
  it('caps the length and keeps the extension', () => {
    const long = `${'ả'.repeat(300)}.jpeg`;
    const out = normalizeFileName(long);
    expect(Array.from(out)).toHaveLength(200);
    expect(out.endsWith('.jpeg')).toBe(true);
  });
});

describe('sanitizeSvg', () => {
  it('removes scripts, handlers, javascript: links, foreignObject and external refs', () => {
    const out = sanitizeSvg(SVG_WITH_SCRIPT);
    expect(out).not.toMatch(/script/i);
    expect(out).not.toMatch(/onload|onclick/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/foreignObject/i);
    expect(out).not.toMatch(/tracker\.example\.com/);
    expect(out).toMatch(/<rect[^>]*fill="#c33"/);
    expect(out).toContain('>hi</text>');
  });
  it('keeps local references and escapes text', () => {
    const out = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)" style="fill:url(http://x/y)"/><use href="#g"/><text>a &lt;b&gt;</text></svg>',
    );
    expect(out).toContain('fill="url(#g)"');
    expect(out).not.toContain('http://x/y');
    expect(out).toContain('<use href="#g"');
    expect(out).toContain('a &lt;b&gt;');
  });
  it('refuses entity declarations, broken XML and non-svg roots', () => {
    expect(() => sanitizeSvg('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>')).toThrow(
      SvgRefusedError,
    );
    expect(() => sanitizeSvg('<svg><g></svg>')).toThrow(SvgRefusedError);
    expect(() => sanitizeSvg('<html><svg/></html>')).toThrow(SvgRefusedError);
  });
  it('drops animation elements that can rewrite links', () => {
    const out = sanitizeSvg(
      '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
    );
    // Written back as XML in the SVG namespace, declared even when the upload left it out.
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text>x</text></svg>');
  });
});

describe('processImage', () => {
  it('re-encodes without metadata, measures and draws a thumbnail', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const input = await makeImage(format, 800, 600);
      expect(input.includes(Buffer.from('SecretCam'))).toBe(true);
      const out = await processImage(input, `image/${format}`);
      expect(out.data.includes(Buffer.from('SecretCam'))).toBe(false);
      expect((await sharp(out.data).metadata()).exif).toBeUndefined();
      expect(out).toMatchObject({ width: 800, height: 600, animated: false });
      const thumb = await sharp(out.thumbnail!).metadata();
      expect(thumb.format).toBe('webp');
      expect(thumb.width).toBe(THUMBNAIL_SIZE);
      expect(thumb.height).toBe(240);
    }
  });

  it('keeps animation frames and thumbnails the first frame', async () => {
    const out = await processImage(await makeAnimatedGif(4, 64), 'image/gif');
    expect(out).toMatchObject({ width: 64, height: 64, animated: true });
    const meta = await sharp(out.data, { animated: true }).metadata();
    expect(meta.pages).toBe(4);
    const thumb = await sharp(out.thumbnail!, { animated: true }).metadata();
    expect(thumb.pages ?? 1).toBe(1);
    expect(thumb.width).toBe(64);
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(10_000);
    // CPU time, not wall time: a busy machine must not fail this; decoding would cost seconds
    const started = process.cpuUsage();
    await expect(processImage(bomb, 'image/png')).rejects.toMatchObject({
      reason: 'too_many_pixels',
    });
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(2000);
  });

  it('refuses a corrupt image', async () => {
    const jpeg = await makeImage('jpeg');
    await expect(processImage(jpeg.subarray(0, 200), 'image/jpeg')).rejects.toBeInstanceOf(
      ImageRefusedError,
    );
  });
});

describe('image processing slots', () => {
  it('processes many images at once without failing (they queue)', async () => {
    const input = await makeImage('png', 300, 200);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => processImage(input, 'image/png')),
    );
    expect(results.every((r) => r.width === 300 && r.thumbnail !== null)).toBe(true);
  });
});
