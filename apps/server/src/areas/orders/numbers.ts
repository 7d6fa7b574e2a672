import { formatOrderId } from '@loupe/contract/orders';

/** The invoice number of an order: "LD-INV-" and the order id zero-padded to 6, e.g. "LD-INV-000042". */
export function invoiceNumberOf(displayId: number): string {
  return `LD-INV-${formatOrderId(displayId)}`;
}

/** A memo order's number as shown: "MEMO-000042". */
export function memoNumberOf(memoNumber: number): string {
  return `MEMO-${formatOrderId(memoNumber)}`;
}
