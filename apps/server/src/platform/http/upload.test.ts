import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { judgeFileType } from './upload.ts';

describe('[UPLOADS] a file is judged by its content', () => {
  it('knows PDF, JPEG and PNG by their signatures, SVG and CSV as text, and nothing else', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(await judgeFileType(await image.clone().png().toBuffer())).toBe('image/png');
    expect(await judgeFileType(await image.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(await judgeFileType(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'))).toBe(
      'application/pdf',
    );
    expect(await judgeFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      'image/svg+xml',
    );
    expect(await judgeFileType(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- drawn -->\n<svg></svg>'))).toBe(
      'image/svg+xml',
    );
    expect(await judgeFileType(Buffer.from('Stock #,Shape\r\nA-1,Round\r\n'))).toBe('text/csv');
    expect(await judgeFileType(Buffer.from('Cr\xe8me,1\r\n', 'latin1'))).toBe('text/csv');
    // A GIF, and binary junk: not what any route takes.
    expect(
      await judgeFileType(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')),
    ).toBe('image/gif');
    expect(await judgeFileType(Buffer.from([0x00, 0x13, 0x37, 0x00, 0xff]))).toBeNull();
    // An executable renamed report.pdf is still no PDF.
    expect(await judgeFileType(Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'))).not.toBe(
      'application/pdf',
    );
  });
});
