import { closeBidToBuy, openBidToBuy } from '@loupe/contract/bid-to-buy';
import { closeBidRound } from '@loupe/contract/bidding';
import {
  CAMPAIGN_TYPES,
  type CampaignType,
  EXPORT_LINKS,
  type ExportLink,
  makeCampaignLink,
  sendCampaign,
} from '@loupe/contract/campaigns';
import { holdStones } from '@loupe/contract/cart';
import { setTradeShowEntry } from '@loupe/contract/customers';
import { decideKyc, showKyc } from '@loupe/contract/kyc';
import { createLayout } from '@loupe/contract/layouts';
import { sendNotice } from '@loupe/contract/notices';
import {
  cancelOrder,
  deliverOrder,
  invoiceOrder,
  issueMemo,
  releaseStones,
  shipOrder,
} from '@loupe/contract/orders';
import { endMaintenance, startMaintenance } from '@loupe/contract/portal';
import type { ResponseOf } from '@loupe/contract/route';
import { generateStock, importStock } from '@loupe/contract/stock-import';
import { cancelTradeShow, createTradeShow } from '@loupe/contract/trade-shows';
import { describeGeneration, describeImport, IMPORT_FILE_JOB } from '../../areas/stock-import/index.ts';
import {
  generateWords,
  importWords,
  lotIdsOf,
  orderIdWord,
  releaseWords,
  reservationWords,
  tradeShowWords,
  UsageError,
  UUID,
} from './command-words.ts';
import { followImport, type ProgressStream, progressOutput } from './import-progress.ts';
import type { OperatorCall } from './operator-client.ts';

/**
 * `npm run admin -- <words>`: each command is one operator route of the contract. The words are
 * read into the route's body here, the route does the work (and every check of the state), and
 * its answer is written out as the sentence the operator reads.
 */

export const operatorUsage = `Commands:
  kyc approve <email>                 approve a customer's KYC (notice and email)
  kyc reject <email> [reason]         reject it, with the reason the customer reads
  kyc show <email>                    what the customer filled in and uploaded
  maintenance on <ISO end date>       put the portal into maintenance until the date
  maintenance off                     end maintenance
  trade-show create <name> <city> <ISO start> <ISO end> [flag image] [--booth <booth>] [--location <loc>]
                                      put on a trade show (quote names of several words); prints
                                      its id; its stones are those at the location (USA unless told)
  trade-show cancel <id>              call a trade show off (its meeting requests go with it)
  trade-show off <email>              hide the trade shows from one customer
  trade-show on <email>               show them again (the default)
  notice send <email> <title> <message> [target_page]
                                      send a customer a notice (target e.g. my-cart:hold)
  stone hold <email> <lot_id...> [--days N | --until <ISO date>]
                                      put stones on hold for a customer (2 days unless told);
                                      separate lot ids by spaces or commas
  stone release <lot_id...>           end a hold, or take stones back from memo
  memo issue <email> <lot_id...> [--days N | --until <ISO date>]
                                      send stones to a customer on memo (due in 14 days unless told)
  order invoice <order id>            invoice an order (order id as buyers quote it, e.g. 000042)
  order ship <order id> [tracking number]
                                      mark an invoiced order shipped
  order deliver <order id>            mark a shipped order delivered
  order cancel <order id> [reason]    cancel an order not yet invoiced; its stones go back to stock
  bids close-round                    close the new-arrivals bid round now: award every stone
                                      to its highest bid and open the next round
  bid-to-buy open <ISO end> [stone count]
                                      open a bid-to-buy event until the date with that many
                                      Available stones (300 unless told), floor 5 points below
  bid-to-buy close                    end the running bid-to-buy event now and award its stones
  stock generate <n> [--seed <s>]     add n generated stones (same seed, same stones)
  stock import <file.csv> [--skip-invalid]
                                      import a supplier stock file (RapNet upload layout)
  campaign link new-arrival-bids      a signed link (7 days) to the public exports of the campaign
  campaign link back-to-stock newarrivals last_week
  campaign link back-to-stock bidtobuy
                                      emails; prints the full URL with its token
  campaign send <campaign>            send this period's campaign emails now (new_arrival_daily,
                                      new_arrival_weekly, bid_to_buy_weekly) to the customers who
                                      opted in; once per day (weekly: per week), as the schedule
  layout create <name> <lot_id...>    make a layout of the stones, in that order (quote a name
                                      of several words)`;

/** A file the command line read on the operator's machine, sent along with `stock import`. */
export interface AttachedFile {
  name: string;
  content: Uint8Array;
}

export interface CommandContext {
  call: OperatorCall;
  /** Now, for the dates of the words (`--until` must lie ahead). */
  now: Date;
  /** Reads the file `stock import` names, where the operator typed the command. */
  readFile(name: string): AttachedFile;
  /** Where `stock import` shows its progress (stderr); nothing when absent. */
  progressStream?: ProgressStream;
  /** Runs the given jobs that are due, when the command line answers with an app of its own. */
  runJobs?(only: readonly string[]): Promise<unknown>;
}

type Run = (rest: string[], ctx: CommandContext) => Promise<string>;

function needEmail(email: string | undefined): string {
  if (!email) throw new UsageError('Name the customer by email.');
  return email;
}

function cartNote(notInCart: readonly string[]): string {
  return notInCart.length > 0 ? ` Not added to the full cart: ${notInCart.join(', ')}.` : '';
}

const EXPORT_LINK_WORDS: readonly string[] = EXPORT_LINKS;

const stonesCount = (n: number) => (n === 1 ? '1 stone' : `${n} stones`);

const kyc =
  (status: 'approved' | 'rejected'): Run =>
  async ([email, ...reasonWords], { call }) => {
    const reason = reasonWords.join(' ').trim();
    const done = await call(decideKyc, {
      params: { email: needEmail(email) },
      body: { status, ...(reason && status === 'rejected' ? { reason } : {}) },
    });
    return done.changed
      ? `KYC of ${done.email} is now ${status}.`
      : `KYC of ${done.email} is already ${status}.`;
  };

function showKycText(k: ResponseOf<typeof showKyc>): string {
  const p = k.profile_data;
  const lines = [
    `KYC of ${k.email}: ${k.kyc.status}${k.kyc.banner_key ? ` (${k.kyc.banner_key})` : ''}`,
    `Form: ${p.country ?? 'not chosen'}${p.mode ? `, ${p.mode}` : ''}; email ${k.is_email_verified ? 'verified' : 'not verified'}`,
  ];
  if (k.kyc.submitted_at) lines.push(`Submitted: ${k.kyc.submitted_at}`);
  if (k.kyc.rejection_reason) lines.push(`Rejected because: ${k.kyc.rejection_reason}`);
  const steps = p.mode ? p[p.mode] : {};
  for (const [n, values] of Object.entries(steps)) {
    lines.push(`Step ${n}:`);
    for (const [field, value] of Object.entries(values)) {
      lines.push(`  ${field}: ${Array.isArray(value) ? value.join(', ') : String(value)}`);
    }
  }
  lines.push(k.documents.length > 0 ? 'Documents:' : 'Documents: none');
  for (const d of k.documents)
    lines.push(`  ${d.field_key}: ${d.file_name} (${d.size} bytes) at ${d.storage_key}`);
  return lines.join('\n');
}

const tradeShow =
  (on: boolean): Run =>
  async ([email], { call }) => {
    const done = await call(setTradeShowEntry, { params: { email: needEmail(email) }, body: { on } });
    return `The trade-show entry is ${on ? 'on' : 'off'} for ${done.email}.`;
  };

const commands: Record<string, Run> = {
  'kyc approve': kyc('approved'),
  'kyc reject': kyc('rejected'),
  'kyc show': async ([email], { call }) =>
    showKycText(await call(showKyc, { params: { email: needEmail(email) } })),
  'trade-show on': tradeShow(true),
  'trade-show off': tradeShow(false),
  'trade-show create': async (rest, { call }) => {
    const { trade_show: show } = await call(createTradeShow, { body: tradeShowWords(rest) });
    return `Trade show ${show.id} created: ${show.name}, ${show.city}, ${show.starts_at} to ${show.ends_at}${
      show.booth ? `, booth ${show.booth}` : ''
    } (stones at ${show.location}).`;
  },
  'trade-show cancel': async ([id, ...extra], { call }) => {
    if (!id || extra.length > 0 || !UUID.test(id))
      throw new UsageError('trade-show cancel <id>, the id create printed.');
    const done = await call(cancelTradeShow, { params: { tradeShowId: id } });
    return `Trade show ${done.name} is called off; ${done.requests_dropped} meeting request(s) dropped.`;
  },

  'maintenance on': async ([end], { call }) => {
    const date = new Date(end ?? '');
    if (!end || Number.isNaN(date.getTime())) {
      throw new UsageError('Give the end of maintenance as an ISO date, e.g. 2026-12-01T06:00:00Z.');
    }
    const done = await call(startMaintenance, { body: { end_date: date.toISOString() } });
    return `Maintenance is on until ${done.end_date}.`;
  },
  'maintenance off': async (_rest, { call }) => {
    await call(endMaintenance, {});
    return 'Maintenance is off.';
  },

  'bids close-round': async (_rest, { call }) => {
    const done = await call(closeBidRound, {});
    return `The round is closed: ${stonesCount(done.awarded)} awarded${
      done.unsold > 0 ? `, ${stonesCount(done.unsold)} with bids no longer available` : ''
    }. The next round closes at ${done.next_end_time}.`;
  },
  'bid-to-buy open': async ([end, count, ...extra], { call, now }) => {
    const date = new Date(end ?? '');
    const stones = count === undefined ? undefined : Number(count);
    if (!end || Number.isNaN(date.getTime()) || date <= now) {
      throw new UsageError('Give the end of the event as an ISO date ahead, e.g. 2026-12-01T13:00:00Z.');
    }
    if (extra.length > 0 || (stones !== undefined && !(Number.isInteger(stones) && stones > 0))) {
      throw new UsageError('bid-to-buy open <ISO end> [stone count], the count a whole number above 0.');
    }
    const done = await call(openBidToBuy, {
      body: { ends_at: date.toISOString(), ...(stones === undefined ? {} : { stone_count: stones }) },
    });
    return `A bid-to-buy event is open until ${done.ends_at} with ${stonesCount(done.stone_count)}.`;
  },
  'bid-to-buy close': async (_rest, { call }) => {
    const done = await call(closeBidToBuy, {});
    return `The bid-to-buy event is closed: ${stonesCount(done.awarded)} awarded, ${stonesCount(
      done.returned,
    )} back in stock.`;
  },

  'notice send': async ([email, title, message, targetPage, ...extra], { call }) => {
    if (extra.length > 0) {
      throw new UsageError(
        'Quote the title and the message: notice send <email> "<title>" "<message>" [target_page]',
      );
    }
    const sent = await call(sendNotice, {
      params: { email: needEmail(email) },
      body: { title: title ?? '', message: message ?? '', target_page: targetPage ?? null },
    });
    return `Notice ${sent.notice_id} sent to ${sent.customer_email}: in the bell${
      sent.channels.length > 0
        ? `, and by ${sent.channels.join(', ')}`
        : ' only (the customer turned the other channels off)'
    }.`;
  },

  'stone hold': async (rest, { call, now }) => {
    const body = reservationWords(
      rest,
      'stone hold <email> <lot_id...> [--days N | --until <ISO date>]',
      now,
    );
    const held = await call(holdStones, { body });
    return `${stonesCount(held.lot_ids.length)} on hold for ${held.customer_email} until ${held.until}: ${held.lot_ids.join(', ')}.${cartNote(held.not_in_cart)}`;
  },
  'memo issue': async (rest, { call, now }) => {
    const body = reservationWords(
      rest,
      'memo issue <email> <lot_id...> [--days N | --until <ISO date>]',
      now,
    );
    const memo = await call(issueMemo, { body });
    return `${memo.memo_number} issued to ${memo.customer_email}: ${memo.lot_ids.join(', ')}, due back by ${memo.due_at}.${cartNote(memo.not_in_cart)}`;
  },
  'stone release': async (rest, { call }) => {
    const released = await call(releaseStones, { body: { lot_ids: releaseWords(rest) } });
    const parts = [
      released.hold_released.length > 0 ? `hold released on ${released.hold_released.join(', ')}` : null,
      released.back_from_memo.length > 0 ? `back from memo: ${released.back_from_memo.join(', ')}` : null,
    ].filter(Boolean);
    return `Available again (${parts.join('; ')}).`;
  },

  'order invoice': async (rest, { call }) => {
    const usage = 'order invoice <order id>';
    if (rest.length !== 1) throw new UsageError(`Name one order: ${usage}`);
    const done = await call(invoiceOrder, { params: { orderId: orderIdWord(rest[0], usage) } });
    return `order ${done.order_id} of ${done.customer_email} invoiced: ${done.invoice_number}.`;
  },
  'order ship': async (rest, { call }) => {
    const usage = 'order ship <order id> [tracking number]';
    if (rest.length < 1 || rest.length > 2) throw new UsageError(`Name one order: ${usage}`);
    const tracking = rest[1]?.trim() || null;
    if (tracking && (tracking.length > 100 || /\s/.test(tracking))) {
      throw new UsageError('Give the tracking number as one word of at most 100 characters.');
    }
    const done = await call(shipOrder, {
      params: { orderId: orderIdWord(rest[0], usage) },
      body: { tracking_number: tracking },
    });
    return `order ${done.order_id} of ${done.customer_email} shipped${tracking ? ` (tracking ${tracking})` : ''}.`;
  },
  'order deliver': async (rest, { call }) => {
    const usage = 'order deliver <order id>';
    if (rest.length !== 1) throw new UsageError(`Name one order: ${usage}`);
    const done = await call(deliverOrder, { params: { orderId: orderIdWord(rest[0], usage) } });
    return `order ${done.order_id} of ${done.customer_email} delivered.`;
  },
  'order cancel': async (rest, { call }) => {
    const usage = 'order cancel <order id> [reason]';
    if (rest.length < 1) throw new UsageError(`Name one order: ${usage}`);
    const reason = rest.slice(1).join(' ').trim();
    if (reason.length > 500) throw new UsageError('Keep the reason under 500 characters.');
    const done = await call(cancelOrder, {
      params: { orderId: orderIdWord(rest[0], usage) },
      body: reason ? { reason } : {},
    });
    return `order ${done.order_id} of ${done.customer_email} canceled; ${stonesCount(done.stones_back_in_stock)} back in stock.`;
  },

  'campaign link': async (rest, { call }) => {
    const link = rest.join(':') as ExportLink;
    if (!EXPORT_LINK_WORDS.includes(link)) {
      throw new UsageError(
        'campaign link new-arrival-bids | back-to-stock newarrivals last_week | back-to-stock bidtobuy',
      );
    }
    const made = await call(makeCampaignLink, { body: { export: link } });
    return `${made.url}
(valid until ${made.expires_at})`;
  },
  'campaign send': async ([campaign, ...extra], { call }) => {
    if (!CAMPAIGN_TYPES.includes(campaign as CampaignType) || extra.length > 0) {
      throw new UsageError(`campaign send <${CAMPAIGN_TYPES.join(' | ')}>`);
    }
    const sent = await call(sendCampaign, { params: { campaign: campaign as CampaignType } });
    return sent.recipients > 0
      ? `Campaign ${sent.campaign} of ${sent.period} sent to ${sent.recipients} customer(s), ${stonesCount(sent.stones)} announced.`
      : `Campaign ${sent.campaign} of ${sent.period} had ${sent.stones === 0 ? 'no stones to announce' : 'no customer who opted in'}: no email sent.`;
  },
  'layout create': async ([name, ...rest], { call }) => {
    const lots = lotIdsOf(rest);
    if (!name || lots.length < 2) {
      throw new UsageError('Name the layout and at least two stones: layout create <name> <lot_id...>');
    }
    const { layout } = await call(createLayout, { body: { name, lot_ids: lots } });
    return `Layout "${layout.name}" made: ${stonesCount(layout.stones_count)} of ${layout.shape}, ${layout.total_carats} ct.`;
  },

  'stock generate': async (rest, { call }) =>
    describeGeneration(await call(generateStock, { body: generateWords(rest) })),
  'stock import': async (rest, { call, readFile, progressStream, runJobs }) => {
    const { fileName, skipInvalid } = importWords(rest);
    const file = readFile(fileName);
    const started = await call(importStock, {
      upload: {
        name: file.name,
        content: file.content,
        fields: { skip_invalid: skipInvalid ? 'true' : 'false' },
      },
    });
    const status = await followImport(call, started.import_id, {
      progress: progressOutput(progressStream ?? { write: () => true }, `Importing ${started.file_name}`),
      runJobs: runJobs && (() => runJobs([IMPORT_FILE_JOB])),
    });
    if (status.state === 'failed' || !status.report) throw new Error(status.error ?? 'The import failed.');
    return describeImport(status.report);
  },
};

/** Whether the words name an operator command (else the caller shows the usage). */
export function isOperatorCommand(words: readonly string[]): boolean {
  return `${words[0]} ${words[1]}` in commands;
}

/** Runs one command through the operator routes and answers what the operator reads. */
export async function runCommand(words: readonly string[], ctx: CommandContext): Promise<string> {
  const [area, action, ...rest] = words;
  const run = commands[`${area} ${action}`];
  if (!run) throw new UsageError(`Unknown command: ${words.join(' ')}\n${operatorUsage}`);
  return run(rest, ctx);
}
