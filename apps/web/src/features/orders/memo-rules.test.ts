import { describe, expect, it } from 'vitest';
import { isMemoOverdue } from './memo-rules';

describe('[ORDERS] a memo is overdue', () => {
  const now = new Date('2026-05-20T12:00:00Z');

  it('when it is still open after its due date', () => {
    expect(isMemoOverdue({ status: 'open', due_at: '2026-05-19T12:00:00Z' }, now)).toBe(true);
  });

  it('not before its due date, nor once it is closed, nor without a due date', () => {
    expect(isMemoOverdue({ status: 'open', due_at: '2026-05-21T12:00:00Z' }, now)).toBe(false);
    expect(isMemoOverdue({ status: 'closed', due_at: '2026-05-01T12:00:00Z' }, now)).toBe(false);
    expect(isMemoOverdue({ status: 'open', due_at: null }, now)).toBe(false);
  });
});
