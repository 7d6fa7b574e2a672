import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Long work whose garbage lives a little too long for V8's young generation (an export's rows
 * waiting for the zip and the download) fills the old generation a few hundred kilobytes a
 * collection. V8 collects it only once the old generation reaches a limit it sets from the heap
 * after its last full collection, which an idle server sets far above its live heap: a
 * 97,000-row export grew the old generation from 48 to 92 MB with no full collection, and the
 * server's peak from 200 to 260 MB (decision 073).
 */

/** What V8's `gc` takes: a full collection marked on its own threads, the main thread going on. */
type Collect = (options: { type: 'major'; execution: 'async' }) => void;

let collect: Collect | null | undefined;

/**
 * V8's own `gc`, exposed for this process the first time it is asked for: the flag makes every
 * context created after it carry the function, and a new one hands it over. Null if this Node
 * does not (nothing is collected early then; nothing else changes).
 */
function collector(): Collect | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const found: unknown = vm.runInNewContext('typeof gc === "function" ? gc : null');
      collect = typeof found === 'function' ? (found as Collect) : null;
    } catch {
      collect = null;
    }
  }
  return collect;
}

const oldGenerationUsed = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

/** Growth of the old generation between two full collections asked for. */
const OLD_GENERATION_STEP = 24 * 1024 * 1024;

/**
 * Call between the steps of long work: each time the old generation has grown by `step` bytes
 * since the work began or the last time, V8 is asked for a full collection in the background
 * (incremental, its marking on other threads). With `collectFirst`, one is asked for at once, for
 * what earlier work left there. Answers whether it asked.
 */
export function keepingOldGenerationDown({
  step = OLD_GENERATION_STEP,
  collectFirst = false,
}: {
  step?: number;
  collectFirst?: boolean;
} = {}): () => boolean {
  const ask = () => {
    const gc = collector();
    gc?.({ type: 'major', execution: 'async' });
    return gc !== null;
  };
  let since = oldGenerationUsed();
  if (collectFirst) ask();
  return () => {
    const used = oldGenerationUsed();
    // A collection since the last look (V8's own, or the one asked for): measure from what it left.
    if (used < since) since = used;
    if (used - since < step) return false;
    since = used;
    return ask();
  };
}
