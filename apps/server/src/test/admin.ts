import { UsageError } from '../app/cli/command-words.ts';
import { type CommandContext, runCommand } from '../app/cli/commands.ts';
import { appCall, OperatorError } from '../app/cli/operator-client.ts';
import type { TestApp } from './test-app.ts';

/**
 * `npm run admin -- <words>` against a test app, in this process: the command line's own reading
 * of the words, the operator routes of the contract with the test credential, and the sentence the
 * operator would read (or the error they would see, with its code).
 */
export function admin(t: TestApp, ...words: string[]): Promise<string> {
  return runCommand(words, {
    call: appCall(t.app, t.deps.operatorToken ?? ''),
    now: t.clock.now(),
    readFile: (name) => {
      throw new Error(`the tests send files with adminWithFile, not ${name}`);
    },
    runJobs: (only) => t.app.jobs.runDue({ only }),
  });
}

/** `stock import` with a file's contents, as the command line sends the file it read. */
export function adminWithFile(t: TestApp, file: ReturnType<CommandContext['readFile']>, ...words: string[]) {
  return runCommand(words, {
    call: appCall(t.app, t.deps.operatorToken ?? ''),
    now: t.clock.now(),
    readFile: () => file,
    runJobs: (only) => t.app.jobs.runDue({ only }),
  });
}

export type AdminOutcome =
  | { status: 200; output: string; code?: undefined; message?: undefined }
  | { status: number; output?: undefined; code: string; message: string };

/** `admin` that answers a refusal instead of throwing it: its status (400 for wrong words), code and message. */
export async function tryAdmin(t: TestApp, ...words: string[]): Promise<AdminOutcome> {
  try {
    return { status: 200, output: await admin(t, ...words) };
  } catch (err) {
    if (err instanceof OperatorError) return { status: err.status, code: err.code, message: err.message };
    if (err instanceof UsageError) return { status: 400, code: err.code, message: err.message };
    throw err;
  }
}
