import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login } from '@loupe/contract/auth';
import { requestLine } from '@loupe/contract/request';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { median, startServer, stopServer, waitForHealth } from './lib.ts';
import { writeResults } from './results.ts';

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 5);
const TOKEN_KEY = 'loupe.token';
/** What the web app notes of an approved buyer for the next load's start script (apps/web lib/auth-token.ts). */
const KYC_APPROVED_KEY = 'loupe.kyc-approved';

export interface Visit {
  /** Navigation start to the dashboard usable, ms. */
  usable: number;
  /** The API calls answered before the dashboard was usable, with when each started and ended. */
  calls: { path: string; start: number; end: number }[];
  /** Where the time went: milestones of the visit, ms from the navigation's start. */
  marks: Marks;
}

export interface Marks {
  /** The index page's last byte. */
  html: number;
  /** The last script (or style sheet) loaded before the dashboard was usable. */
  code: number;
  /** The shell (side bar, top bar) first in the document. */
  shell: number;
  /** The first API call sent, and the last one answered before the dashboard was usable. */
  firstCall: number;
  lastCall: number;
  /** The dashboard screen first in the document (spinners may still show). */
  screen: number;
  /** The main thread's time in tasks of 50 ms or more before the dashboard was usable. */
  longTasks: number;
}

export const milestoneNames: Record<keyof Marks, string> = {
  html: 'index page loaded',
  code: 'last script or style loaded',
  shell: 'shell drawn',
  firstCall: 'first API call sent',
  lastCall: 'last API call answered',
  screen: 'dashboard drawn',
  longTasks: 'main thread in long tasks (sum)',
};

/** Runs in every page before its own scripts: notes when the shell and the screen appear, and the long tasks. */
function watchMilestones() {
  const seen: Record<string, number> = {};
  const longTasks: { start: number; duration: number }[] = [];
  Object.assign(window, { __benchSeen: seen, __benchLongTasks: longTasks });
  new MutationObserver(() => {
    if (seen.shell === undefined && document.querySelector('.shell')) seen.shell = performance.now();
    if (seen.screen === undefined && document.querySelector('.dashboard')) seen.screen = performance.now();
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * One visit of the dashboard as the logged-in buyer: from the navigation's start (the browser's
 * own clock) to the first frame where the greeting is shown and no panel of the page shows a
 * spinner any more (the account, the orders, the appointments and the saved searches answered).
 */
export async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  const usable = await page.waitForFunction(
    () => {
      const heading = document.querySelector('main h1');
      const ready =
        document.querySelector('.dashboard') !== null &&
        heading?.textContent?.startsWith('Welcome') === true &&
        document.querySelector('main [role="status"]') === null;
      return ready ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const usableMs = Number(await usable.jsonValue());
  const { calls, marks } = await page.evaluate((until) => {
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.responseEnd <= until,
    );
    const calls = resources
      .filter((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
    const code = resources.filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname));
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const w = window as unknown as {
      __benchSeen: Record<string, number>;
      __benchLongTasks: { start: number; duration: number }[];
    };
    const marks = {
      html: navigation?.responseEnd ?? 0,
      code: Math.max(0, ...code.map((e) => e.responseEnd)),
      shell: w.__benchSeen.shell ?? until,
      firstCall: Math.min(until, ...calls.map((c) => c.start)),
      lastCall: Math.max(0, ...calls.map((c) => c.end)),
      screen: w.__benchSeen.screen ?? until,
      longTasks: w.__benchLongTasks.filter((t) => t.start < until).reduce((sum, t) => sum + t.duration, 0),
    };
    return { calls, marks };
  }, usableMs);
  await page.close();
  return { usable: usableMs, calls, marks };
}

/** How many calls had to wait for another's answer: the longest chain of calls one after another. */
export function chainDepth(calls: Visit['calls']): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth = sorted.map(() => 1);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = 0; j < i; j++) {
      if (sorted[j]!.end <= sorted[i]!.start) depth[i] = Math.max(depth[i]!, depth[j]! + 1);
    }
  }
  return Math.max(0, ...depth);
}

export async function newBuyerContext(browser: Browser, token: string) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
  await context.addInitScript(watchMilestones);
  // The browser of a returning buyer: the session, and the approval the app noted on an earlier visit.
  await context.addInitScript(
    ([key, value, approvedKey]) => {
      localStorage.setItem(key, value);
      localStorage.setItem(approvedKey, '1');
    },
    [TOKEN_KEY, token, KYC_APPROVED_KEY] as const,
  );
  return context;
}

/**
 * The dashboard of `buyer@loupe.test` on the demo seed, in Chromium: a cold visit (a fresh browser
 * context: empty cache) and a warm one (the same context again, its scripts cached), median of RUNS.
 */
export async function benchDashboard() {
  const port = Number(process.env.BENCH_PORT ?? 3304);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-dashboard-'));
  const child = startServer({ PORT: String(port), DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const cold: Visit[] = [];
  const warm: Visit[] = [];
  try {
    await waitForHealth(port, performance.now(), 180_000);
    const origin = `http://127.0.0.1:${port}`;
    const res = await fetch(`${origin}${requestLine(login).url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@loupe.test', password: 'Loupe-demo-2026!' }),
    });
    const { access_token: token } = (await res.json()) as { access_token: string };
    const url = `${origin}/v2`; // the dashboard (spec §2)
    // The server's own first answers (its caches, the index page) are not a buyer's visit.
    const warmUp = await newBuyerContext(browser, token);
    await visit(warmUp, url);
    await warmUp.close();
    for (let i = 0; i < RUNS; i++) {
      const context = await newBuyerContext(browser, token);
      cold.push(await visit(context, url));
      warm.push(await visit(context, url));
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg()[0]!.toFixed(1);
  const row = (name: string, visits: Visit[]) => {
    const usable = visits.map((v) => v.usable);
    const sample = visits[0]!;
    return `| ${name} | ${Math.round(median(usable))} ms (slowest ${Math.round(Math.max(...usable))} ms) | ${sample.calls.length} | ${chainDepth(sample.calls)} |`;
  };
  const milestone = (visits: Visit[], name: keyof Marks) =>
    Math.round(median(visits.map((v) => v.marks[name])));
  const breakdown = (Object.keys(milestoneNames) as (keyof Marks)[])
    .map((name) => `| ${milestoneNames[name]} | ${milestone(cold, name)} ms | ${milestone(warm, name)} ms |`)
    .join('\n');
  const calls = [...new Set(cold[0]!.calls.map((c) => `\`${c.path}\``))].join(', ');
  writeResults(
    'dashboard',
    `Load average ${loadBefore} at the start, ${loadAfter} at the end (others may share the cores). \`buyer@loupe.test\` on the demo seed, median of ${RUNS} visits at 1440 × 900.

| Visit | Navigation to a usable dashboard (goal ≤ 600 ms) | API calls answered by then | Of them, one after another |
|---|---|---|---|
${row('Cold (empty cache)', cold)}
${row('Warm (scripts cached)', warm)}

Where the time went (median of each milestone, ms from the navigation's start):

| Milestone | Cold | Warm |
|---|---|---|
${breakdown}

The calls a cold visit had answered when the dashboard was usable: ${calls}.`,
  );
}
