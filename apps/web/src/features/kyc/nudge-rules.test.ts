import { describe, expect, it } from 'vitest';
import { nudgeFor, nudgeText, showsMiniNudge } from './nudge-rules';

const who = (
  status: 'not_started' | 'inprogress' | 'pending' | 'approved' | 'rejected',
  existing_user = false,
) => ({
  kyc: { status, banner_key: status === 'pending' ? ('online-under-review' as const) : null },
  existing_user,
});

describe('KYC nudge rules (spec §4)', () => {
  it('gives a new customer the FULL sheet, an existing user MINI, an approved customer nothing', () => {
    expect(nudgeFor(who('not_started'), null)).toBe('FULL');
    expect(nudgeFor(who('pending', true), null)).toBe('MINI');
    expect(nudgeFor(who('approved'), 'MINI')).toBeNull();
  });

  it('keeps what the browser stored once the sheet was closed', () => {
    expect(nudgeFor(who('not_started'), 'MINI')).toBe('MINI');
    expect(nudgeFor(who('inprogress'), 'junk')).toBe('FULL');
  });

  it('shows the mini banner on the buying screens, never on /v2/kyc', () => {
    expect(showsMiniNudge('/')).toBe(true);
    expect(showsMiniNudge('/v2/search')).toBe(true);
    expect(showsMiniNudge('/v2/kyc')).toBe(false);
    expect(showsMiniNudge('/v2/my-account')).toBe(false);
  });

  it('words the banner by status', () => {
    expect(nudgeText(who('pending', true))).toContain('under review');
    expect(nudgeText(who('rejected'))).toContain('not approved');
  });
});
