/**
 * Runs speculative work when the page is idle, one job per idle period. Docusaurus prefetches the
 * chunks of every link that scrolls into view; each prefetch walks the whole route table (about
 * 1,300 routes), so the sidebar's links, all visible at hydration, made a long main-thread task on
 * a phone. Queued here, the same prefetches fill idle time instead.
 */
type Job = () => unknown;

const queue: Job[] = [];
let scheduled = false;

const requestIdle: (run: () => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (run) => window.requestIdleCallback(run, { timeout: 5_000 })
    : // Safari has no requestIdleCallback: one job per macrotask, after the current work.
      (run) => setTimeout(run, 50);

/**
 * One job per idle period: a prefetch takes a few milliseconds, while running jobs until the idle
 * deadline (up to 50 ms) makes tasks that a slower phone, or Lighthouse's 4× slowdown of the same
 * trace, turns into long ones (the category page's cards are all links: dozens of prefetches).
 */
function drain(): void {
  queue.shift()?.();
  scheduled = queue.length > 0;
  if (scheduled) requestIdle(drain);
}

export function whenIdle(job: Job): true {
  queue.push(job);
  if (!scheduled) {
    scheduled = true;
    requestIdle(drain);
  }
  return true;
}
