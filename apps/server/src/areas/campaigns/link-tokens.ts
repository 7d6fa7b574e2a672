import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CAMPAIGN_LINK_DAYS, type ExportLink } from '@loupe/contract/campaigns';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { campaignKeys } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The signed links of the public exports (decision 026): `<payload>.<signature>`, the payload
 * base64url JSON `{x: <export>, e: <expiry, epoch seconds>}`, the signature its HMAC-SHA256 under
 * a key made once per database (`campaign_keys`), so every instance checks every link. A link
 * opens only the export it names, until its expiry.
 */

const DAY_MS = 86_400_000;

/** The key, made on first use; of instances making it at once the first insert wins. */
export function createLinkKeys(db: Database) {
  let key: Promise<Buffer> | null = null;
  const load = async () => {
    await db
      .insert(campaignKeys)
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(campaignKeys).where(eq(campaignKeys.id, 1));
    return Buffer.from(row!.secret, 'base64url');
  };
  return () => {
    key ??= load().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

export type LinkKey = () => Promise<Buffer>;

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export async function signLink(keyOf: LinkKey, link: ExportLink, now: Date) {
  const expiresAt = new Date(now.getTime() + CAMPAIGN_LINK_DAYS * DAY_MS);
  const payload = Buffer.from(
    JSON.stringify({ x: link, e: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  const token = `${payload}.${signature(await keyOf(), payload).toString('base64url')}`;
  return { token, expiresAt };
}

const INVALID = 'This link is not valid. Please use the link of the latest email.';
const EXPIRED = `This link has expired (links work for ${CAMPAIGN_LINK_DAYS} days). Please use the link of the latest email.`;

/** 401 for a token that is forged, altered, for another export, or expired. */
export async function checkLink(
  keyOf: LinkKey,
  token: string | undefined,
  link: ExportLink,
  now: Date,
): Promise<void> {
  if (!token)
    throw new AppError('UNAUTHORIZED', 'This link has no token. Please use the link of the latest email.');
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) throw new AppError('UNAUTHORIZED', INVALID);
  const expected = signature(await keyOf(), payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('UNAUTHORIZED', INVALID);
  }
  let claims: { x?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw new AppError('UNAUTHORIZED', INVALID);
  }
  if (claims.x !== link || typeof claims.e !== 'number') {
    throw new AppError('UNAUTHORIZED', INVALID);
  }
  if (claims.e * 1000 <= now.getTime()) throw new AppError('UNAUTHORIZED', EXPIRED);
}

/** The export's address with its token, as an email or `campaign link` shows it. */
export function exportUrl(publicUrl: string, link: ExportLink, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const query = new URLSearchParams();
  if (link === 'new-arrival-bids') {
    query.set('token', token);
    return `${base}/public/exports/new-arrival-bids?${query}`;
  }
  const [, module, timeFrame] = link.split(':');
  query.set('module', module!);
  if (timeFrame) query.set('time_frame', timeFrame);
  query.set('token', token);
  return `${base}/public/exports/back-to-stock?${query}`;
}
