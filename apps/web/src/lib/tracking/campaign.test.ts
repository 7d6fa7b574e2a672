import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAMPAIGN_KEEP_MS,
  CAMPAIGN_KEY,
  CAMPAIGN_SAVE_DELAY_MS,
  captureCampaign,
  currentCampaign,
  scheduleCampaignCapture,
} from './campaign';

const stored = () => JSON.parse(localStorage.getItem(CAMPAIGN_KEY) ?? 'null') as unknown;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

beforeEach(() => localStorage.clear());

describe('campaign data (utm)', () => {
  it('keeps the utm values of the link for 3 hours, and nothing else of the query', () => {
    captureCampaign('?utm_source=newsletter&utm_medium=email&utm_campaign=jck&stoneid=LD1&gclid=x', NOW);
    expect(stored()).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'jck',
      expires_at: NOW + 3 * 60 * 60 * 1000,
    });
    expect(currentCampaign(NOW + CAMPAIGN_KEEP_MS - 1)).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'jck',
    });
  });

  it('drops expired data from storage when it is read', () => {
    captureCampaign('?utm_source=newsletter', NOW);
    expect(currentCampaign(NOW + CAMPAIGN_KEEP_MS)).toBeNull();
    expect(localStorage.getItem(CAMPAIGN_KEY)).toBeNull();
  });

  it('removes the stored data on a load without utm parameters', () => {
    captureCampaign('?utm_source=newsletter', NOW);
    captureCampaign('?stoneid=LD1&utm_source=', NOW + 1000);
    expect(localStorage.getItem(CAMPAIGN_KEY)).toBeNull();
  });

  it('treats malformed storage as no campaign', () => {
    localStorage.setItem(CAMPAIGN_KEY, '{not json');
    expect(currentCampaign(NOW)).toBeNull();
    localStorage.setItem(CAMPAIGN_KEY, JSON.stringify({ utm_source: 'x' }));
    expect(currentCampaign(NOW)).toBeNull();
  });

  it('saves 100 ms after load, not before', () => {
    vi.useFakeTimers();
    try {
      scheduleCampaignCapture('?utm_source=fair');
      vi.advanceTimersByTime(CAMPAIGN_SAVE_DELAY_MS - 1);
      expect(localStorage.getItem(CAMPAIGN_KEY)).toBeNull();
      vi.advanceTimersByTime(1);
      expect(currentCampaign()).toEqual({ utm_source: 'fair' });
    } finally {
      vi.useRealTimers();
    }
  });
});
