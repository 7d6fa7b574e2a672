import type { LayoutDetail, LayoutSummary } from '@loupe/contract/layouts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { rows } from '../../platform/db/client.ts';
import { layoutStones, layouts, stones } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { markInCart } from '../cart/index.ts';
import {
  GRADED_COLUMNS,
  rankIn,
  round2,
  type StockViewer,
  selectStones,
  statusRank,
  toStone,
  viewOf,
} from '../stones/index.ts';

interface SummaryRow extends Record<string, unknown> {
  id: string;
  name: string;
  created_at: string | Date;
  stones_count: number;
  total_carats: number;
  total_amount: number | null;
  available_count: number;
  shape: number | null;
}

const shapeText = (rank: number | null) =>
  rank === null ? 'Mixed' : (GRADED_COLUMNS.shape.list[rank - 1]?.value ?? 'Mixed');

function toSummary(row: SummaryRow, viewer: Pick<StockViewer, 'kycApproved'>): LayoutSummary {
  return {
    id: row.id,
    name: row.name,
    shape: shapeText(row.shape),
    stones_count: row.stones_count,
    total_carats: round2(row.total_carats),
    total_amount: viewer.kycApproved && row.total_amount !== null ? round2(row.total_amount) : null,
    available_count: row.available_count,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Each layout with its stones' count, carats, amount and shape, newest first. */
function summaries(where: SQL | undefined, having: SQL | undefined) {
  return sql`select l.id, l.name, l.created_at,
      count(s.id)::int as stones_count,
      coalesce(sum(s.carats), 0)::float8 as total_carats,
      sum(s.amount)::float8 as total_amount,
      (count(*) filter (where s.status = ${statusRank('Available')}))::int as available_count,
      case when count(distinct s.shape) = 1 then min(s.shape)::int end as shape
    from ${layouts} l
    join ${layoutStones} ls on ls.layout_id = l.id
    join ${stones} s on s.id = ls.stone_id
    ${where ? sql`where ${where}` : sql``}
    group by l.id
    ${having ? sql`having ${having}` : sql``}`;
}

export interface LayoutQuery {
  search?: string;
  shape?: string;
  limit: number;
  offset: number;
}

/** `GET /store/layouts?<search>`: the layouts whose name holds the words, or whose stones are all of a shape. */
export async function listLayouts(db: Database, viewer: StockViewer, query: LayoutQuery) {
  const where = query.search
    ? sql`l.name ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : undefined;
  const shape = query.shape ? rankIn('shape', query.shape.toUpperCase()) : null;
  if (query.shape && shape === null) return { layouts: [], count: 0 };
  const having = shape === null ? undefined : sql`bool_and(s.shape = ${shape})`;
  const base = summaries(where, having);
  const [found, [total]] = await Promise.all([
    rows<SummaryRow>(
      db,
      sql`${base} order by l.created_at desc, l.name limit ${query.limit} offset ${query.offset}`,
    ),
    rows<{ count: number }>(db, sql`select count(*)::int as count from (${base}) found`),
  ]);
  return { layouts: found.map((row) => toSummary(row, viewer)), count: total?.count ?? 0 };
}

/** One layout's line of the list (prices as `viewer` may see them). */
export async function findLayoutSummary(
  db: Database,
  viewer: Pick<StockViewer, 'kycApproved'>,
  layoutId: string,
): Promise<LayoutSummary> {
  const [summary] = await rows<SummaryRow>(db, summaries(sql`l.id = ${layoutId}`, undefined));
  if (!summary) throw new AppError('NOT_FOUND', 'This layout does not exist.');
  return toSummary(summary, viewer);
}

/** `GET /store/layouts?layout_id=`: one layout with its stones in their order. */
export async function getLayout(db: Database, viewer: StockViewer, layoutId: string): Promise<LayoutDetail> {
  const summary = await findLayoutSummary(db, viewer, layoutId);
  const order = await db
    .select({ stoneId: layoutStones.stoneId })
    .from(layoutStones)
    .where(eq(layoutStones.layoutId, layoutId))
    .orderBy(asc(layoutStones.position));
  const ids = order.map((row) => row.stoneId);
  const found = await selectStones(db, { where: inArray(stones.id, ids) });
  const byId = new Map(found.map((row) => [row.id, toStone(row, viewOf(viewer))]));
  const inOrder = ids.flatMap((id) => byId.get(id) ?? []);
  return { ...summary, stones: await markInCart(db, viewer.customerId, inOrder) };
}

/**
 * A new layout of the stones with these stock numbers (any case), in the order given: refused
 * when a stock number is unknown or given twice, or the name is taken.
 */
export async function createLayout(db: Database, name: string, lotIds: readonly string[]): Promise<string> {
  const lower = lotIds.map((lot) => lot.toLowerCase());
  const twice = lower.filter((lot, i) => lower.indexOf(lot) !== i);
  if (twice.length > 0) {
    throw new AppError('VALIDATION_FAILED', `A stone is named twice: ${[...new Set(twice)].join(', ')}.`);
  }
  const found = await db
    .select({ id: stones.id, lotId: stones.lotId })
    .from(stones)
    .where(inArray(sql`lower(${stones.lotId})`, lower));
  const byLot = new Map(found.map((row) => [row.lotId.toLowerCase(), row.id]));
  const missing = lotIds.filter((lot) => !byLot.has(lot.toLowerCase()));
  if (missing.length > 0) throw new AppError('NOT_FOUND', `No stone ${missing.join(', ')} in the stock.`);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: layouts.id })
      .from(layouts)
      .where(and(sql`lower(${layouts.name}) = ${name.toLowerCase()}`));
    if (taken) throw new AppError('CONFLICT', `A layout is already named ${name}.`);
    const [layout] = await tx.insert(layouts).values({ name }).returning({ id: layouts.id });
    await tx
      .insert(layoutStones)
      .values(lower.map((lot, position) => ({ layoutId: layout!.id, stoneId: byLot.get(lot)!, position })));
    return layout!.id;
  });
}
