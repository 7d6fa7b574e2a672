import fs from 'node:fs';
import path from 'node:path';
import {
  downloadKycForm,
  getKyc,
  getKycDocument,
  removeKycDocument,
  uploadKycDocument,
} from '@loupe/contract/kyc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../test/admin.ts';
import { callRoute, expectOk } from '../../test/call-route.ts';
import { newKycBuyer, PDF, PNG, upload } from '../../test/kyc-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const newBuyer = () => newKycBuyer(t);

describe('[KYC] documents', () => {
  it('takes a PDF or PNG judged by content, refuses other content and files over the document size', async () => {
    const b = await newBuyer();
    const ok = await upload(t, b.token, 'india', false, 'pan_card', PDF, 'pan.pdf');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ field_key: 'pan_card', file_name: 'pan.pdf', size: PDF.length });
    const png = await upload(t, b.token, 'india', false, 'business_card', PNG, 'card.png');
    expect(png.status).toBe(200);

    const text = await upload(
      t,
      b.token,
      'india',
      false,
      'gst_certificate',
      Buffer.from('not a pdf at all'),
      'gst.pdf',
    );
    expect(text.status).toBe(400);
    expect(text.error?.code).toBe('FILE_TYPE_NOT_ALLOWED');

    // section_194q may be 5 MB (of 1,000,000 bytes).
    const big = Buffer.concat([PDF, Buffer.alloc(5_000_001)]);
    const tooBig = await upload(t, b.token, 'india', false, 'section_194q', big, 'big.pdf');
    expect(tooBig.status).toBe(400);
    expect(tooBig.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('5 MB') });

    const unknown = await upload(t, b.token, 'india', false, 'passport');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.details).toEqual([{ path: 'field_key', message: expect.any(String) }]);

    const state = await expectOk(t.app, getKyc, { token: b.token });
    expect(state.documents.map((d) => d.field_key).sort()).toEqual(['business_card', 'pan_card']);
    expect(state.kyc.status).toBe('inprogress');
  });

  it('keeps one file per document, serves it to its owner only, and removes it from storage', async () => {
    const b = await newBuyer();
    const other = await newBuyer();
    await upload(t, b.token, 'belgium', false, 'passport', PDF);
    await upload(t, b.token, 'belgium', false, 'passport', PNG, 'passport.png');
    const state = await expectOk(t.app, getKyc, { token: b.token });
    expect(state.documents).toEqual([
      { field_key: 'passport', file_name: 'passport.png', size: PNG.length, uploaded_at: expect.any(String) },
    ]);
    const read = await callRoute(t.app, getKycDocument, {
      token: b.token,
      params: { field_key: 'passport' },
    });
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(Buffer.from(read.raw.rawPayload).equals(PNG)).toBe(true);
    const notMine = await callRoute(t.app, getKycDocument, {
      token: other.token,
      params: { field_key: 'passport' },
    });
    expect(notMine.status).toBe(404);

    const shown = await admin(t, 'kyc', 'show', b.email);
    const key = shown.match(/at (kyc\/\S+)/)?.[1];
    expect(key).toMatch(new RegExp(`^kyc/${b.id}/belgium-online-passport-.+\\.png$`));
    expect(await t.deps.storage?.exists(key!)).toBe(true);
    const removed = await callRoute(t.app, removeKycDocument, {
      token: b.token,
      body: { country: 'belgium', offline: false, field_key: 'passport' },
    });
    expect(removed.status).toBe(204);
    expect(await t.deps.storage?.exists(key!)).toBe(false);
    expect((await expectOk(t.app, getKyc, { token: b.token })).documents).toEqual([]);
  });

  it('refuses to remove a document the form does not have with the same 400 as the upload', async () => {
    const b = await newBuyer();
    const remove = (country: 'india' | 'belgium', field_key: string) =>
      callRoute(t.app, removeKycDocument, { token: b.token, body: { country, offline: false, field_key } });

    const uploaded = await upload(t, b.token, 'india', false, 'nope');
    const removed = await remove('india', 'nope');
    expect(removed.status).toBe(400);
    expect(removed.error).toEqual(uploaded.error);
    expect(removed.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'field_key', message: 'nope is not a document of this KYC form.' }],
    });
    // A document of another country's form is not one of this form's either.
    expect((await remove('india', 'passport')).error?.details).toEqual([
      { path: 'field_key', message: 'passport is not a document of this KYC form.' },
    ]);
    // A document of the form that was never uploaded: nothing to remove, no error.
    expect((await remove('belgium', 'passport')).status).toBe(204);
  });

  it('answers each country offline form as a PDF', async () => {
    const b = await newBuyer();
    for (const country of ['india', 'belgium', 'usa', 'other'] as const) {
      const res = await callRoute(t.app, downloadKycForm, { token: b.token, params: { country } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('[KYC] documents arrive as a stream', () => {
  const kept = (customerId: string) => {
    const folder = path.join(t.database.filesDir, 'kyc', customerId);
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  it('stores a file of exactly the document size, and keeps nothing of one a byte larger', async () => {
    const b = await newBuyer();
    // section_194q may be 5 MB (of 1,000,000 bytes).
    const exact = Buffer.concat([PDF, Buffer.alloc(5_000_000 - PDF.length, 0x20)]);
    const ok = await upload(t, b.token, 'india', false, 'section_194q', exact, 'exact.pdf');
    expect(ok.body).toEqual({ field_key: 'section_194q', file_name: 'exact.pdf', size: 5_000_000 });
    expect(kept(b.id)).toHaveLength(1);
    const stored = await callRoute(t.app, getKycDocument, {
      token: b.token,
      params: { field_key: 'section_194q' },
    });
    expect(Buffer.from(stored.raw.rawPayload).equals(exact)).toBe(true);

    const over = await upload(
      t,
      b.token,
      'india',
      false,
      'section_194q',
      Buffer.concat([exact, PDF.subarray(0, 1)]),
    );
    expect(over.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('5 MB') });
    // The earlier file stays, the larger one left nothing behind.
    expect(kept(b.id)).toHaveLength(1);
    expect((await expectOk(t.app, getKyc, { token: b.token })).documents).toEqual([
      expect.objectContaining({ field_key: 'section_194q', size: 5_000_000 }),
    ]);
  });

  it('refuses an upload of two files with 400 and keeps neither, whether the first is small or streamed', async () => {
    const b = await newBuyer();
    const twoFiles = (first: Buffer) =>
      callRoute(t.app, uploadKycDocument, {
        token: b.token,
        upload: {
          name: 'passport.pdf',
          content: first,
          fields: { country: 'belgium', offline: 'false', field_key: 'passport' },
          more: [{ name: 'other.png', content: PNG }],
        },
      });
    // Read whole with its first bytes, and one that arrives past them (64 KB).
    for (const first of [PDF, Buffer.concat([PDF, Buffer.alloc(200_000, 0x20)])]) {
      const res = await twoFiles(first);
      expect(res.status).toBe(400);
      expect(res.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Attach one file only, in the form field "file".',
      });
    }
    expect(kept(b.id)).toEqual([]);
    expect((await expectOk(t.app, getKyc, { token: b.token })).documents).toEqual([]);
    // One file still goes in.
    expect((await upload(t, b.token, 'belgium', false, 'passport')).status).toBe(200);
  });

  it("stops a file past the route's 20 MB with FILE_TOO_LARGE, and judges the type by the first bytes", async () => {
    const b = await newBuyer();
    const huge = Buffer.concat([PDF, Buffer.alloc(20_000_001, 0x20)]);
    const tooBig = await upload(t, b.token, 'india', false, 'pan_card', huge, 'huge.pdf');
    expect(tooBig.status).toBe(400);
    expect(tooBig.error).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('20 MB') });
    expect(kept(b.id)).toEqual([]);
    // A PDF header after 64 KB of something else is not a PDF.
    const disguised = Buffer.concat([Buffer.alloc(70_000, 0x01), PDF]);
    const refused = await upload(t, b.token, 'india', false, 'pan_card', disguised, 'pan.pdf');
    expect(refused.error?.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(kept(b.id)).toEqual([]);
  });
});
