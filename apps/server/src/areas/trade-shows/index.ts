/**
 * Trade shows: the one writer of trade_shows and trade_show_requests. The shows the sales team
 * puts on, the one a customer may visit (their `trade_show` in the shell, `/v2/trade-show`), the
 * meeting requests at its booth, and the show's stones for the trade-show export.
 */
export { tradeShowRoutes } from './routes.ts';
export {
  cancelTradeShow,
  createTradeShow,
  currentTradeShow,
  type NewTradeShow,
  type TradeShowRow,
  tradeShowFor,
} from './trade-shows.ts';
