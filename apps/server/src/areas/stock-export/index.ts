/** Stones as a spreadsheet, streamed: search results, selections, the trade show, an order. */
export { stockExportRoutes } from './routes.ts';
export { stoneWorkbook } from './workbook-buffer.ts';
