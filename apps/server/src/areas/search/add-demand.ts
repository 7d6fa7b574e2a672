import type { StoneFilters } from '@loupe/contract/search-filters';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { customers, kams, stoneDemands } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { requireApprovedKyc, type StockViewer } from '../stones/index.ts';
import { describeFilters } from './describe-filters.ts';

/** Demands (and so emails to the KAM) one customer may send in an hour. */
export const DEMANDS_PER_HOUR = 10;

export interface DemandInput {
  filters?: StoneFilters;
  keywords?: string[];
  note?: string;
}

/**
 * "Add Demand": the search found nothing, so the buyer asks for such stones. The demand is kept
 * and the customer's KAM (or the sales desk, for a customer without one) is told by email.
 */
export async function addDemand(
  db: Database,
  clock: Clock,
  messenger: Messenger,
  salesDeskEmail: string,
  viewer: StockViewer,
  input: DemandInput,
): Promise<string> {
  requireApprovedKyc(viewer, 'Complete your KYC to ask for stones.');
  const filterLines = input.filters ? describeFilters(input.filters) : [];
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim()).filter(Boolean))];
  const note = input.note?.trim() || null;
  if (filterLines.length === 0 && keywords.length === 0 && !note) {
    throw new AppError('VALIDATION_FAILED', 'Describe the stones you are looking for.', [
      { path: 'filters', message: 'Send the search filters, the stone ids not found, or a note' },
    ]);
  }

  const hourAgo = new Date(clock.now().getTime() - 60 * 60_000);
  const [recent] = await db
    .select({ n: count(), first: sql<string>`min(${stoneDemands.createdAt})` })
    .from(stoneDemands)
    .where(and(eq(stoneDemands.customerId, viewer.customerId), gt(stoneDemands.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= DEMANDS_PER_HOUR) {
    const waitMs = new Date(recent!.first).getTime() + 60 * 60_000 - clock.now().getTime();
    throw new AppError(
      'RATE_LIMITED',
      'You have asked for stones many times this hour. Please try again later.',
      undefined,
      { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    );
  }

  const [row] = await db
    .select({ customer: customers, kam: kams })
    .from(customers)
    .leftJoin(kams, eq(kams.id, customers.kamId))
    .where(eq(customers.id, viewer.customerId))
    .limit(1);
  if (!row) throw new AppError('UNAUTHORIZED');
  const { customer, kam } = row;

  const buyer = `${customer.firstName} ${customer.lastName}`;
  // The demand and its email to the KAM in one transaction: both or neither.
  return db.transaction(async (tx) => {
    const [demand] = await tx
      .insert(stoneDemands)
      .values({
        customerId: customer.id,
        filters: input.filters ?? null,
        keywords: keywords.length > 0 ? keywords : null,
        note,
        createdAt: clock.now(),
      })
      .returning({ id: stoneDemands.id });

    const body = [
      `${buyer} of ${customer.companyName} (${customer.email}, +${customer.countryCode} ${customer.phone}) is looking for stones the stock does not have.`,
      ...(filterLines.length > 0 ? ['', 'Search:', ...filterLines.map((line) => `  ${line}`)] : []),
      ...(keywords.length > 0
        ? ['', `Stone ids or certificate numbers not found: ${keywords.join(', ')}`]
        : []),
      ...(note ? ['', `Note: ${note}`] : []),
      '',
      `Demand ${demand!.id}`,
    ].join('\n');
    await messenger.send(
      {
        channel: 'email',
        to: kam?.email ?? salesDeskEmail,
        subject: `Stone demand from ${buyer} (${customer.companyName})`,
        body,
      },
      tx,
    );
    return demand!.id;
  });
}
