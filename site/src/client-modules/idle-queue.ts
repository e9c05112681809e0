/**
 * Runs speculative work when the page is idle, a few jobs per idle period. Docusaurus prefetches the
 * chunks of every link that scrolls into view; each prefetch walks the whole route table (about
 * 1,300 routes), so the sidebar's links, all visible at hydration, made a long main-thread task on
 * a phone (issue 17). Queued here, the same prefetches fill idle time instead.
 */
type Job = () => unknown;

const queue: Job[] = [];
let scheduled = false;

const requestIdle: (run: (deadline: IdleDeadline) => void) => void =
  typeof window !== 'undefined' && 'requestIdleCallback' in window
    ? (run) => window.requestIdleCallback(run, { timeout: 5_000 })
    : // Safari has no requestIdleCallback: one job per macrotask, after the current work.
      (run) => setTimeout(() => run({ didTimeout: true, timeRemaining: () => 0 }), 50);

function drain(deadline: IdleDeadline): void {
  do {
    queue.shift()?.();
  } while (queue.length > 0 && deadline.timeRemaining() > 4);
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
