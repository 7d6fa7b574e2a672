import { count, sql } from 'drizzle-orm';
import { createLayout } from '../../areas/layouts/index.ts';
import { rankIn, statusRank } from '../../areas/stones/index.ts';
import { type Database, rows } from '../../platform/db/client.ts';
import { layouts } from '../../platform/db/schema/index.ts';

/** The demo's layouts (pins: "the demo data has a few"): a shape and the carats of each stone, in order. */
const DEMO_LAYOUTS: { name: string; shape: string; carats: number[] }[] = [
  { name: 'Graduated rounds, 7 stones', shape: 'BR', carats: [0.3, 0.4, 0.5, 0.7, 0.5, 0.4, 0.3] },
  { name: 'Oval suite', shape: 'OV', carats: [0.5, 1.5, 0.5] },
  { name: 'Emerald cut trio', shape: 'EM', carats: [0.7, 1, 0.7] },
  { name: 'Pear drops', shape: 'PS', carats: [0.5, 0.5, 0.3, 0.3] },
];

/** Picks, for each carat wanted, the nearest Available stone of the shape not picked yet. */
async function pickStones(db: Database, shape: string, carats: number[]): Promise<string[]> {
  const picked: string[] = [];
  const rank = rankIn('shape', shape);
  if (rank === null) return picked;
  for (const target of carats) {
    const [found] = await rows<{ lot_id: string }>(
      db,
      sql`select lot_id from stones where status = ${statusRank('Available')} and shape = ${rank}
        and carats between ${target * 0.8} and ${target * 1.2}
        ${
          picked.length
            ? sql`and lot_id not in (${sql.join(
                picked.map((lot) => sql`${lot}`),
                sql`, `,
              )})`
            : sql``
        }
        order by abs(carats - ${target}), lot_id limit 1`,
    );
    if (found) picked.push(found.lot_id);
  }
  return picked;
}

/** Makes the demo layouts once, from the demo stock, when there are none. */
export async function seedDemoLayouts(db: Database) {
  const [existing] = await db.select({ n: count() }).from(layouts);
  if ((existing?.n ?? 0) > 0) return;
  for (const layout of DEMO_LAYOUTS) {
    const lots = await pickStones(db, layout.shape, layout.carats);
    if (lots.length === layout.carats.length) await createLayout(db, layout.name, lots);
  }
}
