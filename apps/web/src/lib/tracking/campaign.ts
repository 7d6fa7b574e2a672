import { UTM_KEYS } from '@loupe/contract/campaign';
import { readJson, removeItem, writeJson } from '../storage';

/**
 * Campaign data (spec §9, pins): local storage `campaign-tracking` holds the `utm_*` values of the
 * link the visitor came by and `expires_at` (epoch ms). Saved 100 ms after load, kept 3 hours, sent
 * with the registration. A load without utm parameters removes it; expired data is dropped.
 */
export const CAMPAIGN_KEY = 'campaign-tracking';
export const CAMPAIGN_SAVE_DELAY_MS = 100;
export const CAMPAIGN_KEEP_MS = 3 * 60 * 60 * 1000;

export type UtmKey = (typeof UTM_KEYS)[number];
export type CampaignData = Partial<Record<UtmKey, string>>;
type Stored = CampaignData & { expires_at: number };

const MAX_VALUE_LENGTH = 200;

/** The utm values of a query string (blank ones and unknown keys left out, long ones cut). */
export function utmOf(search: string): CampaignData {
  const params = new URLSearchParams(search);
  const data: CampaignData = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) data[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return data;
}

/** What a load at `search` does to the stored campaign data. */
export function captureCampaign(search: string, now: number = Date.now()): void {
  const data = utmOf(search);
  if (Object.keys(data).length === 0) {
    removeItem('local', CAMPAIGN_KEY);
    return;
  }
  writeJson('local', CAMPAIGN_KEY, { ...data, expires_at: now + CAMPAIGN_KEEP_MS } satisfies Stored);
}

/** The kept campaign, or null when none or expired (expired data is removed). */
export function currentCampaign(now: number = Date.now()): CampaignData | null {
  const stored = readJson<Partial<Stored>>('local', CAMPAIGN_KEY);
  if (!stored || typeof stored !== 'object') return null;
  if (typeof stored.expires_at !== 'number' || stored.expires_at <= now) {
    removeItem('local', CAMPAIGN_KEY);
    return null;
  }
  const data: CampaignData = {};
  for (const key of UTM_KEYS) {
    const value = stored[key];
    if (typeof value === 'string' && value.trim()) data[key] = value.trim().slice(0, MAX_VALUE_LENGTH);
  }
  return Object.keys(data).length > 0 ? data : null;
}

/** Schedules the capture of this load's campaign (100 ms after load); answers a cancel. */
export function scheduleCampaignCapture(search: string = window.location.search): () => void {
  const timer = window.setTimeout(() => captureCampaign(search), CAMPAIGN_SAVE_DELAY_MS);
  return () => window.clearTimeout(timer);
}
