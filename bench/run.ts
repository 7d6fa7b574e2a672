import { benchBidding } from './bidding.ts';
import { benchDashboard } from './dashboard.ts';
import { benchExport } from './export.ts';
import { benchFoundation } from './foundation.ts';
import { benchImport } from './import.ts';
import { cpuReference } from './lib.ts';
import { benchNotices } from './notices.ts';
import { benchOrders } from './orders.ts';
import { benchPairs } from './pairs.ts';
import { benchSite } from './site.ts';
import { benchStock } from './stock.ts';
import { benchUploads } from './uploads.ts';

/**
 * `npm run build && npm run bench [-- <suite> ...]`: runs the named suites (all by default); each
 * rewrites its own results block in bench/README.md.
 */
const suites: Record<string, () => Promise<void>> = {
  foundation: benchFoundation,
  dashboard: benchDashboard,
  stock: benchStock,
  notices: benchNotices,
  orders: benchOrders,
  pairs: benchPairs,
  uploads: benchUploads,
  bidding: benchBidding,
  import: benchImport,
  export: benchExport,
  site: benchSite,
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!suites[name]) {
    process.stderr.write(`unknown bench suite "${name}"; suites: ${Object.keys(suites).join(', ')}\n`);
    process.exit(2);
  }
}
// The machine line's CPU reference, taken before any suite has loaded the machine or this process.
cpuReference();
for (const name of wanted.length ? wanted : Object.keys(suites)) {
  process.stdout.write(`\n## bench: ${name}\n`);
  await suites[name]!();
}
