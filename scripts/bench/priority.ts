/**
 * The local server's share of the CPU while Lighthouse scores the pages.
 *
 * `wrangler dev` stands in for Cloudflare's edge, but here it runs on the same cores as the
 * browser being measured: every stylesheet, image and page it serves during a load is CPU time
 * the page's main thread waits for, and Lighthouse counts that wait as the page's blocking time
 * (a long task's wall time, not its CPU time). A phone never shares its CPU with the server, so
 * while Lighthouse runs, every thread of the server's process group gets a lower CPU priority
 * (nice 10): it still answers at once when the browser is idle, and yields a core to the browser
 * when both want one (Lighthouse's guidance on variability: isolate the client from other work).
 * Linux only (/proc and setpriority per thread); elsewhere nothing changes.
 *
 *   import { withLowServerPriority } from './priority.ts'   (scripts/bench/lighthouse.ts)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of the server's threads while Lighthouse runs (0 is the default, 19 the lowest). */
export const SERVER_NICE_DURING_LIGHTHOUSE = 10;

const ids = (dir: string): number[] => {
  try {
    return readdirSync(dir).filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
};

/** The process group of /proc/<pid>/stat (the field after the state, after the parent's id). */
function processGroup(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]);
  } catch {
    return null;
  }
}

/** Every thread of every process of the group (a thread's priority is its own on Linux). */
export function groupThreads(pgid: number): number[] {
  return ids('/proc')
    .filter((pid) => processGroup(pid) === pgid)
    .flatMap((pid) => ids(`/proc/${pid}/task`));
}

function renice(threads: readonly number[], nice: number): number {
  let changed = 0;
  for (const tid of threads) {
    try {
      setPriority(tid, nice);
      changed++;
    } catch {
      // gone, or not ours to raise again (only root may lower a nice value)
    }
  }
  return changed;
}

/** Runs `work` with the server's process group at a lower CPU priority, then restores it where allowed. */
export async function withLowServerPriority<T>(pgid: number | undefined, log: (message: string) => void, work: () => Promise<T>): Promise<T> {
  const threads = pgid === undefined || process.platform !== 'linux' ? [] : groupThreads(pgid);
  if (threads.length > 0) log(`server at nice ${SERVER_NICE_DURING_LIGHTHOUSE} during Lighthouse (${renice(threads, SERVER_NICE_DURING_LIGHTHOUSE)} threads)`);
  try {
    return await work();
  } finally {
    // Threads started meanwhile inherited the lower priority: restore the whole group as it is now.
    if (threads.length > 0 && pgid !== undefined) renice(groupThreads(pgid), 0);
  }
}
