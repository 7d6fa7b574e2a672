import { getMe } from '@loupe/contract/customers';
import {
  decideKyc,
  getKyc,
  kycEntityTypes,
  requestKycCallback,
  resendOrEditKycEmailOtp,
  restartKyc,
  saveKycStep,
  sendKycEmailOtp,
  submitKyc,
  verifyKycEmailOtp,
} from '@loupe/contract/kyc';
import { listNotices } from '@loupe/contract/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKam } from '../../app/seed/factories.ts';
import { admin } from '../../test/admin.ts';
import { callRoute, expectOk } from '../../test/call-route.ts';
import {
  bankingIndia,
  companyIndia,
  fillOnline,
  newKycBuyer,
  onlineSteps,
  PNG,
  personal,
  upload,
  verifyEmail,
} from '../../test/kyc-kit.ts';
import { loggedInCustomer } from '../../test/stock-kit.ts';
import { codeIn, createTestApp, latestMessage, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const newBuyer = () => newKycBuyer(t);

describe('[KYC] steps', () => {
  it('starts empty, and a saved Personal Details step puts the KYC in progress with the online banner', async () => {
    const b = await newBuyer();
    const empty = await expectOk(t.app, getKyc, { token: b.token });
    expect(empty).toMatchObject({
      kyc: { status: 'not_started', banner_key: null },
      profile_data: { country: null, mode: null, online: {}, offline: {} },
      documents: [],
      is_email_verified: false,
    });
    const saved = await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      query: { entry_point: 'KYC_Top_Button' },
      body: { country: 'india', offline: false, data: personal(b.email) },
    });
    expect(saved.kyc).toMatchObject({ status: 'inprogress', banner_key: 'online-under-inprogress' });
    expect(saved.profile_data.country).toBe('india');
    expect(saved.profile_data.online['1']).toMatchObject({ first_name: 'Riya', email: b.email });
    // Personal Details are the same in both modes.
    expect(saved.profile_data.offline['1']).toEqual(saved.profile_data.online['1']);
    const me = await expectOk(t.app, getMe, { token: b.token });
    expect(me.customer.kyc).toEqual({ status: 'inprogress', banner_key: 'online-under-inprogress' });
  });

  it('names every bad field and keeps the other steps saved', async () => {
    const b = await newBuyer();
    await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'india', offline: false, data: personal(b.email) },
    });
    const bad = await callRoute(t.app, saveKycStep, {
      token: b.token,
      params: { n: 2 },
      body: {
        country: 'india',
        offline: false,
        data: {
          ...companyIndia,
          company_pan_number: '1234',
          gst_number: 'nope',
          year_of_establishment: '2999',
          business_type: ['Other'],
          is_msme_registered: true,
          msme_type: 'Small',
          msme_registration_number: 'short',
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('VALIDATION_FAILED');
    const fields = ((bad.error?.details ?? []) as { path: string }[]).map((d) => d.path).sort();
    expect(fields).toEqual([
      'business_type_other',
      'company_pan_number',
      'gst_number',
      'msme_registration_number',
      'year_of_establishment',
    ]);
    const state = await expectOk(t.app, getKyc, { token: b.token });
    expect(Object.keys(state.profile_data.online)).toEqual(['1']);
  });

  it('refuses a step the country does not have, and online for other countries', async () => {
    const b = await newBuyer();
    const noOwner = await callRoute(t.app, saveKycStep, {
      token: b.token,
      params: { n: 3 },
      body: { country: 'belgium', offline: false, data: {} },
    });
    expect(noOwner.status).toBe(400);
    expect(noOwner.error?.details).toEqual([{ path: 'n', message: expect.stringContaining('no step 3') }]);
    const online = await callRoute(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'other', offline: false, data: personal(b.email) },
    });
    expect(online.status).toBe(400);
    expect(online.error?.details).toEqual([{ path: 'offline', message: expect.stringContaining('offline') }]);
  });

  it('keeps only Personal Details when the country changes', async () => {
    const b = await newBuyer();
    for (const [n, data] of Object.entries(onlineSteps('india', b.email))) {
      await expectOk(t.app, saveKycStep, {
        token: b.token,
        params: { n: Number(n) },
        body: { country: 'india', offline: false, data: data as Record<string, unknown> },
      });
    }
    const moved = await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'belgium', offline: false, data: personal(b.email) },
    });
    expect(moved.profile_data.country).toBe('belgium');
    expect(Object.keys(moved.profile_data.online)).toEqual(['1']);
  });

  it('answers the organisation types', async () => {
    const res = await expectOk(t.app, kycEntityTypes);
    expect(res.entity_types.map((e) => e.label)).toEqual([
      'Individual',
      'Partnership Firm',
      'Private Ltd.',
      'LLP',
      'Public Ltd.',
      'OPC',
      'Other',
    ]);
  });
});

describe('[KYC] email code', () => {
  it('sends a 6-digit code to the Personal Details email, 60 s apart, and verifies it', async () => {
    const b = await newBuyer();
    const before = await callRoute(t.app, sendKycEmailOtp, { token: b.token, query: { event_type: 'KYC' } });
    expect(before.status).toBe(400);
    await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'usa', offline: false, data: personal(b.email) },
    });
    const sent = await expectOk(t.app, sendKycEmailOtp, { token: b.token, query: { event_type: 'KYC' } });
    expect(sent.email).toBe(b.email);
    const again = await callRoute(t.app, resendOrEditKycEmailOtp, {
      token: b.token,
      body: { token: sent.token },
    });
    expect(again.status).toBe(429);
    const wrong = await callRoute(t.app, verifyKycEmailOtp, {
      token: b.token,
      body: { token: sent.token, otp: '000000' },
    });
    expect(wrong.status).toBe(400);
    t.clock.advance(61_000);
    const resent = await expectOk(t.app, resendOrEditKycEmailOtp, {
      token: b.token,
      body: { token: sent.token },
    });
    const otp = codeIn((await latestMessage(t.app, b.email))?.subject ?? undefined);
    await expectOk(t.app, verifyKycEmailOtp, { token: b.token, body: { token: resent.token, otp } });
    expect((await expectOk(t.app, getKyc, { token: b.token })).is_email_verified).toBe(true);
  });

  it('sends to a corrected address, which becomes the Personal Details email, unverified until its code', async () => {
    const b = await newBuyer();
    await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'belgium', offline: false, data: personal(b.email) },
    });
    await verifyEmail(t, b.token, b.email);
    const corrected = `kyc-${b.email}`;
    const sent = await expectOk(t.app, resendOrEditKycEmailOtp, {
      token: b.token,
      body: { token: 'old-token', email: corrected },
    });
    expect(sent.email).toBe(corrected);
    const state = await expectOk(t.app, getKyc, { token: b.token });
    expect(state.profile_data.online['1']?.email).toBe(corrected);
    expect(state.is_email_verified).toBe(false);
    const otp = codeIn((await latestMessage(t.app, corrected))?.subject ?? undefined);
    await expectOk(t.app, verifyKycEmailOtp, { token: b.token, body: { token: sent.token, otp } });
    expect((await expectOk(t.app, getKyc, { token: b.token })).is_email_verified).toBe(true);
  });
});

describe('[KYC] submit and review', () => {
  it('lists what is missing, then submits a complete India KYC for review, which the sales team approves', async () => {
    const kam = await createKam(t.deps.db);
    const b = await loggedInCustomer(t, { kycStatus: 'not_started', kamId: kam.id });
    const early = await callRoute(t.app, submitKyc, {
      token: b.token,
      body: { country: 'india', offline: false, terms_accepted: true },
    });
    expect(early.status).toBe(400);
    expect(early.error).toMatchObject({
      code: 'KYC_INCOMPLETE',
      details: {
        missing: [
          'step_1',
          'step_2',
          'step_3',
          'step_4',
          'pan_card',
          'gst_certificate',
          'incorporation_certificate',
          'section_194q',
          'company_owner_pan_card',
          'email_verification',
        ],
      },
    });

    await fillOnline(t, b.token, 'india', b.email);
    for (const key of ['pan_card', 'gst_certificate', 'incorporation_certificate', 'section_194q']) {
      expect((await upload(t, b.token, 'india', false, key)).status).toBe(200);
    }
    const oneLeft = await callRoute(t.app, submitKyc, {
      token: b.token,
      body: { country: 'india', offline: false, terms_accepted: true },
    });
    expect(oneLeft.error?.details).toEqual({ missing: ['company_owner_pan_card'] });
    await upload(t, b.token, 'india', false, 'company_owner_pan_card');

    const noTerms = await callRoute(t.app, submitKyc, {
      token: b.token,
      rawBody: { country: 'india', offline: false, terms_accepted: false },
    });
    expect(noTerms.status).toBe(400);

    const submitted = await expectOk(t.app, submitKyc, {
      token: b.token,
      body: { country: 'india', offline: false, terms_accepted: true },
    });
    expect(submitted.kyc).toMatchObject({ status: 'pending', banner_key: 'online-under-review' });
    expect(submitted.kyc.submitted_at).not.toBeNull();

    // Under review, nothing changes.
    const edit = await callRoute(t.app, saveKycStep, {
      token: b.token,
      params: { n: 4 },
      body: { country: 'india', offline: false, data: bankingIndia },
    });
    expect(edit.status).toBe(409);
    expect((await upload(t, b.token, 'india', false, 'business_card')).status).toBe(409);

    expect(await admin(t, 'kyc', 'approve', b.email)).toBe(`KYC of ${b.email} is now approved.`);
    const me = await expectOk(t.app, getMe, { token: b.token });
    expect(me.customer.kyc).toEqual({ status: 'approved', banner_key: null });
    const notices = await expectOk(t.app, listNotices, { token: b.token });
    expect(notices.notices[0]).toMatchObject({ title: 'KYC approved', target_page: 'my-account' });
    expect((await latestMessage(t.app, b.email))?.subject).toBe('KYC approved');
  });

  it('rejects with the reason; the customer restarts with the data kept and submits again', async () => {
    const b = await newBuyer();
    await fillOnline(t, b.token, 'belgium', b.email);
    for (const key of ['registration_number', 'passport', 'id_copy'])
      await upload(t, b.token, 'belgium', false, key);
    await expectOk(t.app, submitKyc, {
      token: b.token,
      body: { country: 'belgium', offline: false, terms_accepted: true },
    });

    const out = await admin(t, 'kyc', 'reject', b.email, 'The', 'passport', 'copy', 'is', 'unreadable.');
    expect(out).toBe(`KYC of ${b.email} is now rejected.`);
    const rejected = await expectOk(t.app, getKyc, { token: b.token });
    expect(rejected.kyc).toMatchObject({
      status: 'rejected',
      banner_key: null,
      rejection_reason: 'The passport copy is unreadable.',
    });
    expect((await latestMessage(t.app, b.email))?.body).toContain('The passport copy is unreadable.');

    const restarted = await expectOk(t.app, restartKyc, { token: b.token });
    expect(restarted.kyc).toMatchObject({ status: 'inprogress', banner_key: 'online-under-inprogress' });
    expect(Object.keys(restarted.profile_data.online).sort()).toEqual(['1', '2', '4']);
    expect(restarted.documents).toHaveLength(3);
    await upload(t, b.token, 'belgium', false, 'passport', PNG, 'passport.png');
    const again = await expectOk(t.app, submitKyc, {
      token: b.token,
      body: { country: 'belgium', offline: false, terms_accepted: true },
    });
    expect(again.kyc.status).toBe('pending');
  });

  it('ends the rejection reason with a full stop in the notice, the email and the KYC screen, never two', async () => {
    const sentence = async (reason: string) => {
      const b = await newBuyer();
      await expectOk(t.app, saveKycStep, {
        token: b.token,
        params: { n: 1 },
        body: { country: 'belgium', offline: false, data: personal(b.email) },
      });
      await admin(t, 'kyc', 'reject', b.email, reason);
      const notice = (await expectOk(t.app, listNotices, { token: b.token })).notices[0];
      const email = (await latestMessage(t.app, b.email))?.body;
      const state = await expectOk(t.app, getKyc, { token: b.token });
      return { notice: notice?.message, email, screen: state.kyc.rejection_reason };
    };

    const bare = await sentence('Passport copy is unreadable');
    const message =
      'We could not approve your KYC: Passport copy is unreadable. Please restart your KYC and send it again.';
    expect(bare.notice).toBe(message);
    expect(bare.email).toContain(message);
    expect(bare.screen).toBe('Passport copy is unreadable.');

    for (const reason of [
      'Passport copy is unreadable.',
      'Is the passport still valid?',
      '(See the ID copy.)',
    ]) {
      const ended = await sentence(reason);
      expect(ended.notice).toBe(
        `We could not approve your KYC: ${reason} Please restart your KYC and send it again.`,
      );
      expect(ended.email).toContain(`: ${reason} Please restart`);
      expect(ended.screen).toBe(reason);
    }
  });

  it('submits an offline KYC of another country: Personal Details, the signed form and its attachments', async () => {
    const b = await newBuyer();
    await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'other', offline: true, data: personal(b.email) },
    });
    await verifyEmail(t, b.token, b.email);
    const missing = await callRoute(t.app, submitKyc, {
      token: b.token,
      body: { country: 'other', offline: true, terms_accepted: true },
    });
    expect(missing.error?.details).toEqual({
      missing: [
        'upload_form',
        'incumbency_certificate',
        'trade_license',
        'gst_certificate',
        'owner_id_copy',
        'manager_id_copy',
      ],
    });
    for (const key of [
      'upload_form',
      'incumbency_certificate',
      'trade_license',
      'gst_certificate',
      'owner_id_copy',
      'manager_id_copy',
    ]) {
      expect((await upload(t, b.token, 'other', true, key)).status).toBe(200);
    }
    const done = await expectOk(t.app, submitKyc, {
      token: b.token,
      body: { country: 'other', offline: true, terms_accepted: true },
    });
    expect(done.kyc).toMatchObject({ status: 'pending', banner_key: 'offline-under-review' });
    expect(done.profile_data.mode).toBe('offline');
  });

  it('tells the KAM of a callback request', async () => {
    const kam = await createKam(t.deps.db);
    const b = await loggedInCustomer(t, { kycStatus: 'not_started', kamId: kam.id });
    expect(await expectOk(t.app, requestKycCallback, { token: b.token })).toEqual({ requested: true });
    expect((await latestMessage(t.app, kam.email))?.subject).toContain('KYC callback requested');
  });

  it('shows a KYC to the sales team, and decides once', async () => {
    const b = await newBuyer();
    await expectOk(t.app, saveKycStep, {
      token: b.token,
      params: { n: 1 },
      body: { country: 'usa', offline: false, data: personal(b.email) },
    });
    const shown = await admin(t, 'kyc', 'show', b.email);
    expect(shown).toContain(`KYC of ${b.email}: inprogress (online-under-inprogress)`);
    expect(shown).toContain('first_name: Riya');
    expect(shown).toContain('Documents: none');
    const res = await callRoute(t.app, decideKyc, {
      params: { email: b.email },
      body: { status: 'approved' },
      headers: { authorization: `Bearer ${t.deps.operatorToken}` },
    });
    expect(res.body).toMatchObject({ changed: true });
    expect(await admin(t, 'kyc', 'approve', b.email)).toBe(`KYC of ${b.email} is already approved.`);
  });
});
