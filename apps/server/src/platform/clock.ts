/** Time source, swapped in tests to move past OTP and session expiries without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date()) {
    this.current = start;
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
