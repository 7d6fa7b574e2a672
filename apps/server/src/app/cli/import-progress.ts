import { setTimeout as sleep } from 'node:timers/promises';
import type { ResponseOf } from '@loupe/contract/route';
import { stockImportStatus } from '@loupe/contract/stock-import';
import type { OperatorCall } from './operator-client.ts';

/**
 * `stock import` follows its job until the stones are in: a progress bar redrawn in place on a
 * terminal, plain lines (every tenth) when the output is a file or a pipe.
 */

export type ImportStatus = ResponseOf<typeof stockImportStatus>;

/** Where the progress goes: stderr, so stdout keeps the report alone. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOutput {
  update(written: number, total: number): void;
  end(): void;
}

const count = (n: number) => n.toLocaleString('en-US');

export function progressOutput(stream: ProgressStream, label: string): ProgressOutput {
  let lastTenth = -1;
  let drawn = false;
  return {
    update(written, total) {
      const share = total === 0 ? 1 : Math.min(1, written / total);
      const percent = Math.floor(share * 100);
      if (stream.isTTY) {
        const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 50));
        const filled = Math.round(share * width);
        stream.write(
          `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)} % ${count(written)} / ${count(total)} stones`,
        );
        drawn = true;
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${count(written)} of ${count(total)} stones written (${percent} %)\n`);
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}

/**
 * Polls the import until its job finished or failed, drawing its progress. `runJobs` is the
 * command line's own runner when no server runs (it then runs the import itself); a server's
 * runner takes the job otherwise.
 */
export async function followImport(
  call: OperatorCall,
  importId: string,
  options: { progress: ProgressOutput; runJobs?: () => Promise<unknown>; pollMs?: number },
): Promise<ImportStatus> {
  let running = options.runJobs?.();
  let finished = false;
  const watch = () => {
    finished = false;
    running?.then(
      () => {
        finished = true;
      },
      () => {
        finished = true;
      },
    );
  };
  watch();
  try {
    for (;;) {
      const status = await call(stockImportStatus, { params: { importId } });
      options.progress.update(status.written, status.total);
      if (status.state === 'done' || status.state === 'failed') {
        await running;
        return status;
      }
      // A failed run waits for its retry: the command line's runner looks again.
      if (finished && options.runJobs) {
        running = options.runJobs();
        watch();
      }
      await sleep(options.pollMs ?? 250);
    }
  } finally {
    options.progress.end();
  }
}
