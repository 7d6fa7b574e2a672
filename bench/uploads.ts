import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login as loginRoute } from '@loupe/contract/auth';
import { uploadKycDocument } from '@loupe/contract/kyc';
import { requestLine } from '@loupe/contract/request';
import { createDatabase, startServer, stopServer, waitForHealth } from './lib.ts';
import { writeResults } from './results.ts';

/**
 * The server's memory while KYC documents arrive: `new@loupe.test` (KYC not started) uploads the
 * three 20 MB documents of the Belgian online form at once, each a 19.5 MB PDF, to the real server
 * (NODE_ENV=production, a throwaway PostgreSQL database on BENCH_DATABASE_URL's server, whose
 * memory is not the server's as PGlite's would be, and files in a temporary folder). The figure is the server
 * process's peak resident memory during the uploads (Linux VmHWM, reset just before them) above
 * its resident memory just before. One round per start: memory freed after a first round stays
 * resident and would hide a second. Run: `npm run bench -- uploads`.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3321);
const PASSWORD = 'Loupe-demo-2026!';
const FILE_BYTES = 19_500_000;
const DOCUMENTS = ['registration_number', 'passport', 'id_copy'];

function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/** Sets the peak back to the memory in use now (Linux: clear_refs 5). */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function pdfOf(size: number) {
  const file = Buffer.alloc(size, 0x20);
  file.write('%PDF-1.4\n');
  return file;
}

export interface UploadBenchResult {
  /** Peak resident memory above the resident memory before. */
  peakAbove: number;
  rssBefore: number;
  load: number;
}

export async function measureUploads(): Promise<UploadBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loupe-bench-uploads-'));
  const t0 = performance.now();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createDatabase(adminUrl);
  const child = startServer({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED_STONES: '200',
  });
  try {
    await waitForHealth(PORT, t0, 5 * 60_000);
    const base = `http://127.0.0.1:${PORT}`;
    const answer = await fetch(`${base}${requestLine(loginRoute).url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'new@loupe.test', password: PASSWORD }),
    });
    const { access_token: token } = (await answer.json()) as { access_token: string };
    const file = pdfOf(FILE_BYTES);
    const send = async (fieldKey: string, content: Buffer) => {
      const form = new FormData();
      form.set('country', 'belgium');
      form.set('offline', 'false');
      form.set('field_key', fieldKey);
      form.set('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), `${fieldKey}.pdf`);
      const res = await fetch(`${base}${requestLine(uploadKycDocument).url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    };
    // Warm up: the route, the database and storage once, with a small file.
    await send(DOCUMENTS[0]!, pdfOf(10_000));
    const pid = child.pid!;
    await new Promise((r) => setTimeout(r, 500));
    resetPeak(pid);
    const rssBefore = memoryOf(pid).rss;
    await Promise.all(DOCUMENTS.map((key) => send(key, file)));
    return { peakAbove: memoryOf(pid).peak - rssBefore, rssBefore, load: os.loadavg()[0]! };
  } finally {
    await stopServer(child);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchUploads() {
  const result = await measureUploads();
  writeResults(
    'uploads',
    `| Figure | Result |
|---|---|
| Server's peak resident memory above its resident memory before, during ${DOCUMENTS.length} KYC uploads of ${mb(FILE_BYTES)} at once | ${mb(result.peakAbove)} (resident before: ${mb(result.rssBefore)}) |

Load average (1 min) at the end: ${result.load.toFixed(2)}.`,
  );
}
