import type { ExportColumn } from './export-columns.ts';
import type { SpreadsheetStream, TotalCell } from './export-workbook.ts';

/** What the totals line adds up while the rows are written. */
export interface Sums {
  pieces: number;
  carats: number;
  amount: number;
  rapValue: number;
}

/**
 * The totals line of domain-facts §2.1: pieces, total carats, average discount
 * ((Σamount ÷ Σrap value − 1) × 100), average $/ct (Σamount ÷ Σcarats) and total amount. Written
 * as SUBTOTAL formulas, so filtering the sheet recomputes them for the visible rows as the
 * portal's totals bar does for a selection, with today's values cached for readers that do not
 * calculate.
 */
export function totalsLine(
  columns: readonly ExportColumn[],
  sheet: SpreadsheetStream,
  sums: Sums,
): TotalCell[] {
  const index = (accessor: string) => columns.findIndex((column) => column.accessor === accessor);
  const sum = (accessor: string) => `SUBTOTAL(109,${sheet.dataRange(index(accessor))})`;
  const empty = sums.pieces === 0;
  const cells: TotalCell[] = columns.map(() => ({ value: null }));
  const put = (accessor: string, cell: TotalCell) => {
    const i = index(accessor);
    if (i >= 0) cells[i] = cell;
  };
  const ratio = (a: number, b: number) => (b === 0 ? '' : a / b);

  put('lot_id', { value: 'Total' });
  put('diamond_status', {
    value: empty ? 0 : { formula: `SUBTOTAL(103,${sheet.dataRange(0)})`, result: sums.pieces },
    format: 'pieces',
  });
  put('carats', { value: empty ? 0 : { formula: sum('carats'), result: sums.carats } });
  put('rap_value', { value: empty ? 0 : { formula: sum('rap_value'), result: sums.rapValue } });
  put('amount', { value: empty ? 0 : { formula: sum('amount'), result: sums.amount } });
  const discount = ratio(sums.amount, sums.rapValue);
  put('discount', {
    value: empty
      ? null
      : {
          formula: `IFERROR((${sum('amount')}/${sum('rap_value')}-1)*100,"")`,
          result: typeof discount === 'number' ? (discount - 1) * 100 : '',
        },
  });
  put('price_per_carat', {
    value: empty
      ? null
      : { formula: `IFERROR(${sum('amount')}/${sum('carats')},"")`, result: ratio(sums.amount, sums.carats) },
  });
  return cells;
}
