import type { MemoOrder } from '@loupe/contract/orders';

/** How a memo stone's state reads (on memo with the buyer, returned, or bought). */
export const MEMO_ITEM_STATE_LABELS: Record<MemoOrder['items'][number]['status'], string> = {
  on_memo: 'On memo',
  returned: 'Returned',
  bought: 'Bought',
};

export const MEMO_STATUS_LABELS: Record<MemoOrder['status'], string> = {
  open: 'Open',
  closed: 'Closed',
};

/** An open memo past its due date: its stones should have been returned or bought by now. */
export function isMemoOverdue(memo: Pick<MemoOrder, 'status' | 'due_at'>, now: Date = new Date()): boolean {
  if (memo.status !== 'open' || !memo.due_at) return false;
  const due = new Date(memo.due_at);
  return !Number.isNaN(due.getTime()) && due.getTime() < now.getTime();
}
