import { SEARCHABLE_STATUSES } from '@loupe/contract/stone-vocabulary';
import { sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { type Database, isEmbedded, rows } from '../../platform/db/client.ts';
import { listenToChannel } from '../../platform/db/listen.ts';
import { givingWay } from '../../platform/give-way.ts';
import { GRADED_COLUMNS, pruneStoneChanges, type StagingQuery, statusRank } from '../stones/index.ts';
import { INDEX_NUMBERS, INDEX_RANKS, StoneColumns } from './index-columns.ts';

/**
 * The search's in-process columnar index (docs/decisions/023): one row per searchable stone
 * (Available, Hold, Memo), each filtered, counted and sorted attribute in a typed array, so a
 * search, its count and every tile count are one pass over memory instead of queries over the
 * table. The stones' own rows (what a customer sees, at their prices) are still read from the
 * database by id; the index only decides which stones and in which order.
 *
 * Freshness: the table's triggers record every stone a statement changes (stone_changes, with
 * the writing transaction's id) and NOTIFY every instance, which applies the changes at once;
 * each search also applies whatever is recorded since its last look before it answers, so a
 * search always sees every change committed before it began, on whichever instance. On the
 * embedded database (one process owns it, and its notifications are handed over with the commit
 * that sends them) a search skips that look while no notification came since the last one began
 * (decision 035).
 */

const SEARCHABLE = SEARCHABLE_STATUSES.map(statusRank).join(', ');
const COLUMNS = [
  'id',
  ...INDEX_RANKS.map((key) => `coalesce(${toSnakeCase(GRADED_COLUMNS[key].column.name)}, 0)`),
  ...INDEX_NUMBERS,
  'status',
];
/** One stone as one line of text: reading a million rows as a few long texts is several times faster. */
const LINE = `concat_ws(',', ${COLUMNS.join(', ')})`;
const LOAD_CHUNK = 100_000;
/** On PGlite each chunk holds the one connection: small enough that a request waits little behind it. */
const EMBEDDED_LOAD_CHUNK = 2_000;
/** An instance that has not looked for changes this long checks that none were pruned unseen. */
const IDLE_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/** Stones of a staged write between two checks that it is still wanted (each put giving way by time). */
const STAGE_SLICE = 2_000;

interface Staged {
  /** The write's transaction. */
  xid: number;
  /** The live columns the copy was made from. */
  base: StoneColumns;
  /** The copy with the write's stones applied and arranged, once built. */
  columns: StoneColumns | null;
  /** Stones a look applied to the live columns since the staging began: read again at the swap. */
  touched: Set<string>;
  /** The write's last change row. */
  maxSeq: number;
}

/**
 * The live columns arranged in a copy beside the searches (decision 070), until a look swaps the
 * copy in. A look applies each stone to the live columns and also notes it here, and the swap
 * applies what was noted to the copy first, in the same order.
 */
interface Tidying {
  /** The live columns the copy was made from. */
  base: StoneColumns;
  /** The copy arranged, once done. */
  columns: StoneColumns | null;
  /** What looks applied to the live columns since the copy was made: a stone's line, or the id of one removed. */
  since: ({ line: string } | { removed: string })[];
}

interface Reporter {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface StoneIndexOptions {
  now?: () => number;
  /** Stones a load reads per statement (by default 2,000 on the embedded database, 100,000 on PostgreSQL). */
  loadChunk?: number;
  /**
   * Awaited before each of the load's chunks (numbered from 0), after its change cursor is read:
   * tests hold a load there, or commit changes in the middle of one.
   */
  beforeChunk?: (chunk: number) => Promise<void>;
  /** Awaited before each slice of a staged write's stones is put (numbered from 0): tests commit changes there. */
  beforeStageSlice?: (slice: number) => Promise<void>;
  /** Awaited once a copy of the live columns is arranged, before a look may swap it in: tests change stones there. */
  afterArranged?: () => Promise<void>;
}

/**
 * The index with its freshness: loaded in the background at start (searches use SQL until it is
 * ready), then kept current from stone_changes.
 */
export class StoneIndex {
  private columns: StoneColumns | null = null;
  /** Every change of a transaction with an id below this has been applied. */
  private cursor = 0;
  /** Change rows at or above the cursor already applied (they are read again until it moves). */
  private applied = new Set<number>();
  private maxSeq = 0;
  private lastLook = 0;
  private lastPrune = 0;
  private loading: Promise<void> | null = null;
  /** The look under way (begun). */
  private running: Promise<void> | null = null;
  /** The look that begins when the one under way ends. */
  private waiting: Promise<void> | null = null;
  /** A large write staged before its commit (decision 053), until a look swaps it in or it is dropped. */
  private staged: Staged | null = null;
  /** The live columns being arranged in a copy (decision 070). */
  private tidying: Tidying | null = null;
  /** Transactions whose changes came in by a swap: their change rows are never read. */
  private swapped: number[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;
  /**
   * Embedded database only: whether a change may have been committed since the last look (or
   * load) began. Set by every notification, cleared as a look or a load begins; trusted only
   * once listening has begun (`listening`), and every load begins after that (start()).
   */
  private changed = true;
  private listening = false;
  private readonly embedded: boolean;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly log: Reporter,
    private readonly options: StoneIndexOptions = {},
  ) {
    this.embedded = isEmbedded(db);
    this.now = options.now ?? Date.now;
  }

  /**
   * Listens for other instances' changes, then starts the first load in the background. Listening
   * first: on PGlite's one connection a LISTEN sent after the load waited for the whole load's
   * transaction, which made the load part of the server's start (decision 038). A change committed
   * between the two is in the load's snapshot or after its cursor.
   */
  async start() {
    this.stopListening = await listenToChannel(
      this.db,
      'stone_changes',
      () => {
        this.changed = true;
        if (this.columns) void this.fresh().catch(() => undefined);
      },
      (err) => this.log.error({ err }, 'stone index: listening for stone changes failed'),
    );
    this.changed = true;
    this.listening = this.embedded;
    this.reload();
  }

  async close() {
    this.closed = true;
    await this.stopListening?.();
    await this.loading?.catch(() => undefined);
    await this.waiting?.catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  /** Whether the index answers searches now (loaded, not reloading). */
  get ready() {
    return this.columns !== null;
  }

  /**
   * The index with every change committed before this call applied, or null while it is (re)loading
   * or when reading the changes failed: the caller then searches by SQL.
   */
  async fresh(): Promise<StoneColumns | null> {
    if (!this.columns || this.closed) return null;
    if (this.listening && !this.changed) {
      // Nothing committed since the look under way (if any) began: that look is enough.
      await (this.waiting ?? this.running);
      return this.columns;
    }
    await this.nextLook();
    return this.columns;
  }

  /**
   * A look that begins after this call: the one waiting for the look under way to end, if there is
   * one (it has not begun, so it will see what is committed now), else a new one. A look that has
   * already begun is never joined: its snapshot may be older than a commit its caller waits for.
   */
  private nextLook(): Promise<void> {
    if (this.waiting) return this.waiting;
    const before = this.running?.catch(() => undefined) ?? Promise.resolve();
    const next = before.then(() => {
      this.waiting = null;
      const look = this.look();
      this.running = look;
      return look.finally(() => {
        if (this.running === look) this.running = null;
      });
    });
    this.waiting = next;
    return next;
  }

  /** The index as it is, without looking for changes (tests watch the NOTIFY path with it). */
  current(): StoneColumns | null {
    return this.columns;
  }

  /** Reads the whole searchable stock again in the background; searches use SQL meanwhile. */
  reload() {
    this.columns = null;
    this.staged = null;
    this.tidying = null;
    if (this.loading || this.closed) return;
    const t0 = this.now();
    this.loading = this.load()
      .then(() => this.log.info({ stones: this.columns?.count, ms: this.now() - t0 }, 'stone index loaded'))
      .catch((err) => {
        if (!this.closed) this.log.error({ err }, 'stone index: loading failed; searching by SQL');
      })
      .finally(() => {
        this.loading = null;
      });
  }

  /**
   * Reads the searchable stock in chunks of separate statements, not one transaction: on PGlite's
   * one connection a transaction holds every other statement until it ends, so the requests of the
   * server's first second waited for the whole load (decision 038). Consistent all the same: the
   * cursor is read first, every transaction below it has ended and is seen by every chunk, and a
   * stone changed by a later one (during the load) is read again by the next look, which puts or
   * removes it by its current row. Between chunks the load gives way to whatever else is waiting.
   */
  private load() {
    return this.readingChanges(() => this.loadAll());
  }

  private async loadAll() {
    const columns = new StoneColumns(1024);
    const chunkSize = this.options.loadChunk ?? (this.embedded ? EMBEDDED_LOAD_CHUNK : LOAD_CHUNK);
    const [state] = await rows<{ xmin: string; max_seq: string | null }>(
      this.db,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, (select max(seq) from stone_changes)::text as max_seq`,
    );
    let after = '00000000-0000-0000-0000-000000000000';
    const giveWay = givingWay(true);
    for (let read = 0; ; read++) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.options.beforeChunk?.(read);
      if (this.closed) return;
      const [chunk] = await rows<{ lines: string | null }>(
        this.db,
        sql`select string_agg(line, ';' order by id) as lines from (
          select id, ${sql.raw(LINE)} as line from stones
          where status in (${sql.raw(SEARCHABLE)}) and id > ${after}::uuid
          order by id limit ${chunkSize}) s`,
      );
      if (!chunk?.lines) break;
      const lines = chunk.lines.split(';');
      // A chunk on PostgreSQL is 100,000 stones: put giving way, as the arrangement below is.
      for (const line of lines) {
        const pause = giveWay();
        if (pause) await pause;
        columns.putLine(line);
      }
      after = lines.at(-1)!.slice(0, 36);
      if (lines.length < chunkSize) break;
    }
    // Nobody reads these columns yet: arranged giving way, as a copy beside the searches is (decision
    // 070), instead of holding the thread for the sort (about a second at a million stones).
    await columns.arrangeGivingWay();
    if (this.closed) return;
    this.cursor = Number(state!.xmin);
    this.maxSeq = Number(state!.max_seq ?? 0);
    this.applied = new Set();
    this.lastLook = this.now();
    this.columns = columns;
  }

  /** Applies the changes recorded since the last look. */
  private look() {
    return this.readingChanges(() => this.lookOnce());
  }

  /**
   * A load or look reads every change committed before it begins, so `changed` is cleared as it
   * begins; one that fails has read nothing, so the next search reads the feed again.
   */
  private async readingChanges(read: () => Promise<void>) {
    this.changed = false;
    try {
      await read();
    } catch (err) {
      this.changed = true;
      throw err;
    }
  }

  private async lookOnce() {
    const columns = this.columns;
    if (!columns) return;
    const started = this.now();
    if (started - this.lastLook > IDLE_MS && (await this.changesPruned())) {
      this.reload();
      return;
    }
    // A write staged beside these columns (decision 053): its change rows are never read; the
    // look asks whether it is in its snapshot, and if so swaps the staged columns in.
    const staged = this.staged?.columns && this.staged.base === columns ? this.staged : null;
    const changes = await rows<{
      xmin: string;
      staged: boolean | null;
      staged_status: string | null;
      seq: string | null;
      xid: string | null;
      stone_id: string | null;
    }>(
      this.db,
      sql`select pg_snapshot_xmin(snap.s)::text as xmin,
            ${staged ? sql`pg_visible_in_snapshot(${String(staged.xid)}::xid8, snap.s)` : sql`null::boolean`} as staged,
            ${staged ? sql`pg_xact_status(${String(staged.xid)}::xid8)` : sql`null::text`} as staged_status,
            c.seq::text, c.xid::text, c.stone_id
          from (select pg_current_snapshot() as s) snap
          left join lateral (${this.feedSince(staged?.xid)}) c on true`,
    );
    const xmin = Number(changes[0]!.xmin);
    // Completed before the snapshot (committed or not), and committed.
    const swap = staged !== null && changes[0]!.staged === true && changes[0]!.staged_status === 'committed';
    // A write whose transaction aborted after it was staged (its COMMIT answered by a rollback).
    if (staged && !swap && changes[0]!.staged_status === 'aborted' && this.staged === staged)
      this.staged = null;
    const ids = new Set<string>(swap ? staged.touched : []);
    let everything = false;
    const kept = new Set<number>();
    for (const change of changes) {
      if (change.seq === null) continue;
      const seq = Number(change.seq);
      if (Number(change.xid) >= xmin) kept.add(seq);
      if (this.applied.has(seq)) continue;
      if (seq > this.maxSeq) this.maxSeq = seq;
      if (change.stone_id === null) everything = true;
      else ids.add(change.stone_id);
    }
    if (everything) {
      this.reload();
      return;
    }
    const found =
      ids.size === 0
        ? []
        : await rows<{ id: string; searchable: boolean; line: string }>(
            this.db,
            sql`select id, status in (${sql.raw(SEARCHABLE)}) as searchable, ${sql.raw(LINE)} as line
                from stones where id = any(${`{${[...ids].join(',')}}`}::uuid[])`,
          );
    if (this.columns !== columns) return;
    // The live columns arranged in a copy meanwhile (decision 070): what looks applied to them since
    // goes into the copy, and the copy takes their place with this look's stones.
    const tidied = !swap && this.tidying?.columns && this.tidying.base === columns ? this.tidying : null;
    const into = swap ? staged.columns! : (tidied?.columns ?? columns);
    for (const note of tidied?.since ?? []) {
      if ('line' in note) into.putLine(note.line);
      else into.remove(note.removed);
    }
    const noted = !swap && !tidied && this.tidying?.base === columns ? this.tidying.since : null;
    const present = new Set<string>();
    for (const stone of found) {
      present.add(stone.id);
      if (stone.searchable) {
        into.putLine(stone.line);
        noted?.push({ line: stone.line });
      } else {
        into.remove(stone.id);
        noted?.push({ removed: stone.id });
      }
    }
    for (const id of ids) {
      if (present.has(id)) continue;
      into.remove(id);
      noted?.push({ removed: id });
    }
    if (!swap) for (const id of ids) this.staged?.touched.add(id);
    if (swap || tidied) {
      this.columns = into;
      this.tidying = null;
    }
    if (swap) {
      if (this.staged === staged) this.staged = null;
      this.swapped.push(staged.xid);
      this.maxSeq = Math.max(this.maxSeq, staged.maxSeq);
    }
    if (into.untidy) this.tidy(into);
    this.cursor = Math.max(this.cursor, xmin);
    this.swapped = this.swapped.filter((xid) => xid >= this.cursor);
    this.applied = kept;
    this.lastLook = started;
    if (started - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = started;
      await pruneStoneChanges(this.db);
    }
  }

  /**
   * Arranges the live columns in a copy, a few milliseconds at a time, and asks for a look to swap
   * it in (decision 070). Arranging them in place held the look, and the search waiting for it, for
   * 8-33 ms every 2,000-3,700 new stones of an upload into 20,000-75,000 (a million stones: a sort
   * and a copy of every column, far longer); meanwhile the new stones are in the tail, which every
   * search reads whole. Not while a large write is staged: its copy is arranged anyway, and a swap
   * of either copy would drop the other.
   */
  private tidy(columns: StoneColumns) {
    if (this.tidying?.base === columns || this.staged || this.closed) return;
    const tidying: Tidying = { base: columns, columns: null, since: [] };
    this.tidying = tidying;
    const arrange = async () => {
      const arranged = await columns.arrangedCopy();
      await this.options.afterArranged?.();
      if (this.tidying !== tidying || this.closed) return;
      tidying.columns = arranged;
      await this.nextLook();
    };
    arrange().catch((err) => {
      if (this.tidying === tidying) this.tidying = null;
      if (!this.closed) this.log.error({ err }, 'stone index: arranging its rows beside the searches failed');
    });
  }

  /**
   * The change rows a look reads: every transaction's from the cursor on that its snapshot can
   * see, read from the xid index as the ranges between the transactions it cannot (those under
   * way, and every one from the snapshot's xmax on) and those whose changes came in by a swap (and
   * `staged`'s). An upload's transaction writes a change row for each of its stones before it
   * commits: the feed read as one range visited each of them on every look, for nothing (3-5 ms a
   * search by the end of a 54k-row file, decision 064). Each range is its own index scan (`offset
   * 0` keeps the planner from joining the table any other way).
   *
   * On the embedded database one range: its one connection never has a transaction under way beside
   * a look, and it never stages (no swaps), while planning the ranges cost its WebAssembly about
   * 1 ms a look, which a search there waits for.
   */
  private feedSince(staged: number | undefined) {
    if (this.embedded) return sql`select seq, xid, stone_id from stone_changes where xid >= ${this.cursor}`;
    const skipped = [...this.swapped, ...(staged === undefined ? [] : [staged])].filter(
      (xid) => xid >= this.cursor,
    );
    return sql`select c.seq, c.xid, c.stone_id
      from (select x + 1 as lo, lead(x) over (order by x) as hi
            from (select ${this.cursor - 1}::bigint as x
                  union select xip::text::bigint from pg_snapshot_xip(snap.s) xip
                  union select unnest(${`{${skipped.join(',')}}`}::bigint[])
                  union select pg_snapshot_xmax(snap.s)::text::bigint) edges
            where x >= ${this.cursor - 1} and x <= pg_snapshot_xmax(snap.s)::text::bigint) gap
      cross join lateral (
        select seq, xid, stone_id from stone_changes
        where xid >= gap.lo and xid < gap.hi offset 0) c
      where gap.hi > gap.lo`;
  }

  /**
   * Stages a large write of stones before its transaction commits (decision 053), called by the
   * writer (the import job on this instance) inside that transaction with its statements: reads
   * the lines of the stones it changed, and builds beside the live columns a copy with them
   * applied and arranged, a slice at a time between turns of the event loop, while searches go on
   * reading the live columns (nothing of the write is committed yet). The first look that finds
   * the write committed in its snapshot reads the other transactions' changes only, applies them
   * and every stone a look applied to the live columns meanwhile to the copy (by current row, as
   * every look), and swaps it in. A rollback, a reload or any failure drops the copy: the
   * ordinary look then reads the write's changes. PostgreSQL only (PGlite writes in steps that
   * commit one by one).
   */
  async beforeCommit(query: StagingQuery): Promise<((committed: boolean) => void) | undefined> {
    if (this.embedded || this.staged || !this.columns || this.closed) return undefined;
    const stage: Staged = { xid: 0, base: this.columns, columns: null, touched: new Set(), maxSeq: 0 };
    this.staged = stage;
    // The staged copy is arranged with the write's stones: no other copy is swapped in meanwhile.
    this.tidying = null;
    const drop = () => {
      if (this.staged === stage) this.staged = null;
    };
    const gone = () => this.staged !== stage || this.columns !== stage.base || this.closed;
    try {
      const [own] = await query<{
        xid: string;
        max_seq: string | null;
        everything: boolean | null;
        lines: string | null;
        removed: string | null;
      }>(
        `with own as (select pg_current_xact_id()::text::bigint as xid),
           changed as (select distinct stone_id from stone_changes where xid = (select xid from own))
         select (select xid from own)::text as xid,
           (select max(seq) from stone_changes where xid = (select xid from own))::text as max_seq,
           bool_or(c.stone_id is null) as everything,
           string_agg(${LINE}, ';') filter (where status in (${SEARCHABLE})) as lines,
           string_agg(c.stone_id::text, ',') filter (
             where c.stone_id is not null and (id is null or status not in (${SEARCHABLE}))) as removed
         from changed c left join stones on id = c.stone_id`,
      );
      // No change row of its own (an upload of stones as they are, decision 036): no look will
      // read anything of it, so there is nothing to build beside the live columns.
      if (!own || own.everything || own.max_seq === null || gone()) {
        drop();
        return undefined;
      }
      stage.xid = Number(own.xid);
      stage.maxSeq = Number(own.max_seq);
      const columns = stage.base.copy();
      const lines = own.lines?.split(';') ?? [];
      const giveWay = givingWay(true);
      for (let at = 0; at < lines.length; at += STAGE_SLICE) {
        await new Promise((resolve) => setImmediate(resolve));
        await this.options.beforeStageSlice?.(at / STAGE_SLICE);
        if (gone()) {
          drop();
          return undefined;
        }
        const end = Math.min(lines.length, at + STAGE_SLICE);
        for (let i = at; i < end; i++) {
          const pause = giveWay();
          if (pause) await pause;
          columns.putLine(lines[i]!);
        }
      }
      for (const id of own.removed?.split(',') ?? []) columns.remove(id);
      await columns.arrangeGivingWay();
      if (gone()) {
        drop();
        return undefined;
      }
      stage.columns = columns;
      return (committed) => {
        if (!committed) drop();
      };
    } catch (err) {
      drop();
      this.log.error({ err }, 'stone index: staging a write failed; the next look reads it');
      return undefined;
    }
  }

  /** After a long idle spell: whether change rows this instance has not seen were pruned. */
  private async changesPruned() {
    const [state] = await rows<{ min_seq: string | null; last_seq: string }>(
      this.db,
      sql`select (select min(seq) from stone_changes)::text as min_seq,
                 (select case when is_called then last_value else 0 end from stone_changes_seq_seq)::text as last_seq`,
    );
    const first = state?.min_seq === null || state?.min_seq === undefined ? null : Number(state.min_seq);
    return first === null ? Number(state?.last_seq ?? 0) > this.maxSeq : first > this.maxSeq + 1;
  }
}
