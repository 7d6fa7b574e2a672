import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractLean } from './contract-lean';

const appointments = path.resolve(import.meta.dirname, '../../packages/contract/src/appointments.ts');
let dir: string;

/** Bundles, as the web build does, a screen that calls a route and validates a form. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins,
    build: { write: false, minify: false, rolldownOptions: { input: path.join(dir, 'screen.ts') } },
  })) as Rolldown.RolldownOutput;
  return output.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'contract-lean-'));
  await writeFile(
    path.join(dir, 'screen.ts'),
    `import { appointmentRequest, listAppointments, requestCallback } from ${JSON.stringify(appointments)};
     Object.assign(globalThis, {
       call: [listAppointments.method, listAppointments.path, listAppointments.auth],
       form: appointmentRequest,
       callbackForm: requestCallback.body,
     });`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('[BUILD] the contract in the web bundle', () => {
  it('keeps a route’s method, path and body and a form’s schema, and leaves out the answers’ schemas', async () => {
    const lean = await bundle([contractLean()]);
    expect(lean).toContain('"/store/appointments"');
    expect(lean).toContain('"GET"');
    // The booking form's schema, with its messages, and the callback's body, a form's schema too.
    expect(lean).toContain('Select a time slot');
    expect(lean).toContain('callback_at');
    // The appointments list's answer and the booking's answer are the server's to check.
    expect(lean).not.toContain('"Appointment"');
    expect(lean).not.toContain('"TimeSlots"');
    expect(lean).not.toContain('"requested"');

    const whole = await bundle([]);
    expect(whole).toContain('"Appointment"');
    expect(whole).toContain('"TimeSlots"');
    expect(whole).toContain('"requested"');
  });
});
