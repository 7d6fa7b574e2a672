import { setTimeout as sleep } from 'node:timers/promises';
import { devOutbox } from '@loupe/contract/portal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../platform/db/client.ts';
import { jobs } from '../platform/db/schema/index.ts';
import {
  createJobRunner,
  defineJob,
  enqueueJob,
  enqueueJobs,
  type JobDefinition,
  type JobRunner,
  type JobSchedule,
} from '../platform/jobs/index.ts';
import { createMessenger, type OutgoingMessage } from '../platform/messaging/messenger.ts';
import { expectOk } from '../test/call-route.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The app's own runner stays idle: it runs the same email job as the test's runners and, polling
  // every second, could take a job a test is about to run with its own runner.
  t = await createTestApp({ background: false });
  // Start at noon UTC: every runner has the daily prune (03:17) among its schedules, and a test
  // counting what ran must not meet it, whatever the hour the suite runs at.
  const start = t.clock.now();
  const noon = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), 12);
  t.clock.advance((noon > start.getTime() ? noon : noon + 86_400_000) - start.getTime());
});
afterAll(() => t.close());

const MINUTE = 60_000;

function runner(jobList: JobDefinition<unknown>[], schedules: JobSchedule[] = [], db = t.deps.db): JobRunner {
  return createJobRunner({ db, clock: t.clock, log: t.app.log, jobs: jobList, schedules });
}

async function jobRows(name: string) {
  return t.deps.db.select().from(jobs).where(eq(jobs.name, name));
}

describe('[JOBS] durable jobs', () => {
  it('exists only if the enqueuing transaction commits, runs once with its payload, and a key admits one pending job', async () => {
    const seen: string[] = [];
    const greet = defineJob('test.greet', z.object({ name: z.string() }), async ({ name }) => {
      seen.push(name);
    });
    const jobsRunner = runner([greet]);

    await expect(
      t.deps.db.transaction(async (tx) => {
        await enqueueJob(tx, greet, { name: 'rolled back' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    await t.deps.db.transaction((tx) => enqueueJob(tx, greet, { name: 'committed' }));
    expect(await enqueueJob(t.deps.db, greet, { name: 'keyed' }, { key: 'k' })).toBeTypeOf('string');
    expect(await enqueueJob(t.deps.db, greet, { name: 'keyed again' }, { key: 'k' })).toBeNull();
    // @ts-expect-error the payload is checked by its schema too
    await expect(enqueueJob(t.deps.db, greet, { name: 3 })).rejects.toThrow();

    expect(await jobsRunner.runDue()).toEqual({ ran: 2, failed: 0 });
    expect(seen.sort()).toEqual(['committed', 'keyed']);
    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 0 });
    // Once the keyed job has run, the key takes a new one.
    expect(await enqueueJob(t.deps.db, greet, { name: 'keyed later' }, { key: 'k' })).toBeTypeOf('string');
    await jobsRunner.runDue();
    expect(seen).toContain('keyed later');
  });

  it('waits for runAt by the clock', async () => {
    const seen: number[] = [];
    const later = defineJob('test.later', z.object({ n: z.number() }), async ({ n }) => {
      seen.push(n);
    });
    const jobsRunner = runner([later]);
    await enqueueJob(t.deps.db, later, { n: 1 }, { runAt: new Date(t.clock.now().getTime() + 5 * MINUTE) });
    await jobsRunner.runDue();
    expect(seen).toEqual([]);
    t.clock.advance(5 * MINUTE);
    await jobsRunner.runDue();
    expect(seen).toEqual([1]);
  });

  it('retries a failing job with growing waits and leaves it dead after its last attempt', async () => {
    let calls = 0;
    const flaky = defineJob(
      'test.flaky',
      z.object({}),
      async () => {
        calls += 1;
        throw new Error(`failure ${calls}`);
      },
      { maxAttempts: 3, backoffMs: 1000 },
    );
    const jobsRunner = runner([flaky]);
    await enqueueJob(t.deps.db, flaky, {});

    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 1 });
    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 0 }); // waits 1 s
    t.clock.advance(1000);
    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 1 });
    t.clock.advance(1000); // the second wait is 2 s
    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 0 });
    t.clock.advance(1000);
    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 1 });
    t.clock.advance(3_600_000);
    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 0 });

    const [row] = await jobRows('test.flaky');
    expect(row).toMatchObject({ state: 'dead', attempts: 3 });
    expect(row!.lastError).toContain('failure 3');
    expect(calls).toBe(3);
  });

  it('a job that recovers on a retry is done', async () => {
    let calls = 0;
    const recovers = defineJob('test.recovers', z.object({}), async () => {
      calls += 1;
      if (calls === 1) throw new Error('the mail server is down');
    });
    const jobsRunner = runner([recovers]);
    await enqueueJob(t.deps.db, recovers, {});
    await jobsRunner.runDue();
    t.clock.advance(10_000);
    expect(await jobsRunner.runDue()).toEqual({ ran: 1, failed: 0 });
    const [row] = await jobRows('test.recovers');
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('takes over a job whose runner stopped before finishing once its lease runs out', async () => {
    const seen: number[] = [];
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const leased = defineJob(
      'test.leased',
      z.object({}),
      async (_, { attempt }) => {
        seen.push(attempt);
        if (attempt === 1) await stuck; // the first runner hangs (its process would have died)
      },
      { leaseMs: MINUTE },
    );
    await enqueueJob(t.deps.db, leased, {});
    const hanging = runner([leased]).runDue();
    await vi.waitFor(() => expect(seen).toEqual([1]));

    const rescuer = runner([leased]);
    expect(await rescuer.runDue()).toEqual({ ran: 0, failed: 0 }); // the lease holds
    t.clock.advance(MINUTE);
    expect(await rescuer.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([1, 2]);

    // The first runner finishing late changes nothing: its claim is not the job's any more.
    release();
    await hanging;
    const [row] = await jobRows('test.leased');
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('leaves a job whose lease ran out on its last attempt dead, never running it again', async () => {
    let runs = 0;
    const stuck = new Promise<void>(() => {}); // the runner's process would have died
    const once = defineJob(
      'test.last-attempt',
      z.object({}),
      async () => {
        runs += 1;
        await stuck;
      },
      { leaseMs: MINUTE, maxAttempts: 1 },
    );
    await enqueueJob(t.deps.db, once, {});
    void runner([once]).runDue();
    await vi.waitFor(() => expect(runs).toBe(1));

    t.clock.advance(MINUTE);
    expect(await runner([once]).runDue()).toEqual({ ran: 0, failed: 0 });
    expect(runs).toBe(1);
    const [row] = await jobRows('test.last-attempt');
    expect(row).toMatchObject({ state: 'dead', attempts: 1 });
    expect(row!.lastError).toContain('the runner stopped before the job finished');
  });

  it('enqueues many runs of a job in one write: all or none with the transaction, each run once', async () => {
    const seen: number[] = [];
    const count = defineJob('test.count', z.object({ n: z.number() }), async ({ n }) => {
      seen.push(n);
    });
    const payloads = Array.from({ length: 12 }, (_, n) => ({ n }));
    await expect(
      t.deps.db.transaction(async (tx) => {
        await enqueueJobs(tx, count, payloads);
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await jobRows('test.count')).toHaveLength(0);
    // Every payload is checked by its schema, and a bad one enqueues none.
    const bad = { n: 'two' } as unknown as { n: number };
    await expect(enqueueJobs(t.deps.db, count, [{ n: 1 }, bad])).rejects.toThrow();
    expect(await jobRows('test.count')).toHaveLength(0);

    const ids = await t.deps.db.transaction((tx) => enqueueJobs(tx, count, payloads));
    expect(new Set(ids).size).toBe(12);
    expect(await runner([count]).runDue()).toEqual({ ran: 12, failed: 0 });
    expect(seen.sort((a, b) => a - b)).toEqual(payloads.map((p) => p.n));
  });

  it('enqueues a schedule once per due time, whatever the number of runners', async () => {
    let everyFive = 0;
    let daily = 0;
    const five = defineJob('test.every-five', z.object({}), async () => {
      everyFive += 1;
    });
    const nightly = defineJob('test.nightly', z.object({}), async () => {
      daily += 1;
    });
    const schedules: JobSchedule[] = [
      { job: five, cadence: { everyMinutes: 5 } },
      { job: nightly, cadence: { dailyAtUtc: '02:30' } },
    ];
    // The clock is hours past noon (beforeAll): the first minutes never cross 02:30.
    const a = runner([], schedules);
    const b = runner([], schedules);
    // A period runs at its first start; the daily job waits for its time.
    await Promise.all([a.runDue(), b.runDue()]);
    expect(everyFive).toBe(1);
    t.clock.advance(4 * MINUTE);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(everyFive).toBe(1);
    t.clock.advance(MINUTE);
    await Promise.all([a.runDue(), b.runDue(), a.runDue()]);
    expect(everyFive).toBe(2);

    const now = t.clock.now();
    const nextNight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2, 30);
    const untilNight = (nextNight > now.getTime() ? nextNight : nextNight + 86_400_000) - now.getTime();
    t.clock.advance(untilNight - 1000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(daily).toBe(0);
    t.clock.advance(1000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(daily).toBe(1);
    // Hours late (every instance was down), it still runs once, not once per missed period.
    const before = everyFive;
    t.clock.advance(3 * 3_600_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(everyFive).toBe(before + 1);
  });

  it('leaves the schedules to runDue when its polling is told to, as in test apps, and still polls its jobs', async () => {
    let swept = 0;
    const sweep = defineJob('test.polled-sweep', z.object({}), async () => {
      swept += 1;
    });
    const ran: number[] = [];
    const task = defineJob('test.polled-task', z.object({ n: z.number() }), async ({ n }) => {
      ran.push(n);
    });
    const quiet = createJobRunner({
      db: t.deps.db,
      clock: t.clock,
      log: t.app.log,
      jobs: [task],
      schedules: [{ job: sweep, cadence: { everyMinutes: 1 } }],
      pollSchedules: false,
      pollIntervalMs: 10,
    });
    quiet.start();
    try {
      // The schedule is due from the start; every poll that could take the job began after that.
      await enqueueJob(t.deps.db, task, { n: 1 });
      await expect.poll(() => ran).toEqual([1]);
      expect(swept).toBe(0);
      await quiet.runDue();
      expect(swept).toBe(1);
    } finally {
      await quiet.stop();
    }
  });

  it('counts a schedule from the first runDue when its polling leaves the schedules, not from its start', async () => {
    let sent = 0;
    const daily = defineJob('test.polled-daily', z.object({}), async () => {
      sent += 1;
    });
    // Due half an hour after the runner starts, as a test app starts at the real time.
    const start = t.clock.now();
    const at = new Date(start.getTime() + 30 * MINUTE);
    const time =
      `${at.getUTCHours()}:${String(at.getUTCMinutes()).padStart(2, '0')}` as `${number}:${number}`;
    const quiet = createJobRunner({
      db: t.deps.db,
      clock: t.clock,
      log: t.app.log,
      jobs: [],
      schedules: [{ job: daily, cadence: { dailyAtUtc: time } }],
      pollSchedules: false,
      pollIntervalMs: 10,
    });
    quiet.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // a few polls at the start's clock
      // The test moves its clock to just before the same time the next day: the first run is then.
      t.clock.advance(24 * 60 * MINUTE - 10 * MINUTE);
      await quiet.runDue();
      expect(sent).toBe(0);
      t.clock.advance(40 * MINUTE);
      await quiet.runDue();
      expect(sent).toBe(1);
    } finally {
      await quiet.stop();
    }
  });

  it('runs each of many jobs exactly once with two runners on their own connections', async () => {
    const runs = new Map<number, number>();
    const byRunner = { a: 0, b: 0 };
    const job = (who: 'a' | 'b') =>
      defineJob('test.once', z.object({ n: z.number() }), async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        byRunner[who] += 1;
        await sleep(Math.random() * 5);
      });
    // The second runner is a second instance: on PostgreSQL its own pool of connections.
    const second: DatabaseHandle | undefined = t.database.url
      ? await openDatabase({ url: t.database.url })
      : undefined;
    try {
      const a = runner([job('a')]);
      const b = runner([job('b')], [], second?.db ?? t.deps.db);
      const count = 60;
      for (let n = 0; n < count; n += 1) await enqueueJob(t.deps.db, job('a'), { n });
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect([...runs.keys()].sort((x, y) => x - y)).toEqual([...Array(count).keys()]);
      expect([...runs.values()].every((times) => times === 1)).toBe(true);
      expect(byRunner.a + byRunner.b).toBe(count);
      expect((await jobRows('test.once')).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
    } finally {
      await second?.close();
    }
  });
});

describe('[JOBS] email goes through a job', () => {
  it("is enqueued in the caller's transaction, delivered by the job, and retried while the mail server is down", async () => {
    const delivered: OutgoingMessage[] = [];
    let down = true;
    const messenger = createMessenger({
      config: t.deps.config,
      db: t.deps.db,
      log: t.app.log,
      transports: [
        {
          async deliver(message) {
            if (down) throw new Error('connection refused');
            delivered.push(message);
          },
        },
      ],
    });
    const jobsRunner = runner([messenger.emailJob]);
    const to = `jobs-${Date.now()}@example.com`;
    const mail = { channel: 'email', to, subject: 'Hello', body: 'Hello there' } as const;

    await expect(
      t.deps.db.transaction(async (tx) => {
        await messenger.send({ ...mail, subject: 'Never sent' }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.deps.db.transaction((tx) => messenger.send(mail, tx));
    // The dev outbox has it at once; the mail server gets it when the job runs.
    const outbox = await expectOk(t.app, devOutbox, { query: { to } });
    expect(outbox.messages.map((m) => m.subject)).toEqual(['Hello']);
    expect(delivered).toEqual([]);

    expect(await jobsRunner.runDue()).toEqual({ ran: 0, failed: 1 });
    down = false;
    t.clock.advance(30_000);
    expect(await jobsRunner.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(delivered).toEqual([mail]);
  });
});
