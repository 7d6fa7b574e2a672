/** How often a scheduled job runs: every n minutes from the first start, or once a day at a UTC time. */
export type Cadence = { everyMinutes: number } | { dailyAtUtc: `${number}:${number}` };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The cadence as the schedules table keeps it (a changed cadence moves the next run). */
export function cadenceText(cadence: Cadence): string {
  return 'everyMinutes' in cadence
    ? `every ${cadence.everyMinutes} min`
    : `daily at ${cadence.dailyAtUtc} UTC`;
}

function dailyTime(cadence: { dailyAtUtc: string }): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(cadence.dailyAtUtc);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new Error(`not a time of day: ${cadence.dailyAtUtc}`);
  return hours * 60 * MINUTE + minutes * MINUTE;
}

/** The first run of a schedule new to the database: at once for a period, the next time of day else. */
export function firstRunAt(cadence: Cadence, now: Date): Date {
  return 'everyMinutes' in cadence ? now : nextRunAfter(cadence, now);
}

/** The run after one that is due at `now`. */
export function nextRunAfter(cadence: Cadence, now: Date): Date {
  if ('everyMinutes' in cadence) {
    if (!(cadence.everyMinutes > 0)) throw new Error('everyMinutes must be positive');
    return new Date(now.getTime() + cadence.everyMinutes * MINUTE);
  }
  const startOfDay = Math.floor(now.getTime() / DAY) * DAY;
  const today = startOfDay + dailyTime(cadence);
  return new Date(today > now.getTime() ? today : today + DAY);
}
