import { paths } from '../config/paths';
import { KYC_APPROVED_KEY, TOKEN_KEY } from '../lib/auth-token';
import type { FirstCallsPlan } from '../lib/first-calls';
import { dashboardFirstCalls } from '../routes/dashboard-first-calls';

/** Built files of source modules: each module's chunk and what it imports that the entry does not. */
export type BuiltFiles = (sourceModules: string[]) => { modules: string[]; styles: string[] };

/**
 * The index page's start script's plan, made at build by the `first-calls` plugin (vite.config.ts,
 * decision 039): on the dashboard (spec §2: / and /v2) with a stored session, the shell's and the
 * screen's code starts loading with the entry, and the dashboard's first calls are sent, instead of
 * both waiting for the entry to load and run (and the cards' calls for the screen's code).
 */
export function firstCallsPlan(builtFiles: BuiltFiles): FirstCallsPlan {
  return {
    tokenKey: TOKEN_KEY,
    approvedKey: KYC_APPROVED_KEY,
    screens: [
      {
        paths: [paths.dashboard.pattern, paths.dashboardV2.pattern],
        ...builtFiles(['src/app/shell/app-shell.tsx', 'src/routes/dashboard.tsx']),
        ...dashboardFirstCalls(),
      },
    ],
  };
}
