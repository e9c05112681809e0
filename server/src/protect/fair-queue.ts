/**
 * Shares a few slots (the search workers) fairly among readers: each reader has its own short
 * line, a freed slot goes to the next reader in turn, not to the oldest job, and cheap jobs go
 * first. One reader's backlog then delays only that reader; before, one account with six sessions
 * filled the pool's shared queue of four and 81 % of another reader's searches were "busy".
 *
 * Written here because piscina's queue is one FIFO (its `TaskQueue` interface sees tasks, not
 * whose they are); this runs in front of it and keeps piscina's own queue empty.
 */
export class QueueFullError extends Error {
  readonly scope: 'reader' | 'all';

  constructor(scope: 'reader' | 'all') {
    super(scope === 'reader' ? 'this reader has too many jobs waiting' : 'too many jobs waiting');
    this.scope = scope;
  }
}

interface Job {
  start(): void;
}

export interface FairQueueLimits {
  /** Jobs running at once (one per worker). */
  readonly slots: number;
  /** Jobs one reader may have waiting; a reader beyond it is refused, nobody else is. */
  readonly perReader: number;
  /** Jobs waiting over all readers: a bound on memory when very many readers arrive at once. */
  readonly total: number;
}

/** Cheap jobs (the modal's next keystroke) go before expensive ones (a script's 1,000-hit page). */
export type JobClass = 'light' | 'heavy';

export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  /** Per class, readers with jobs waiting, in turn order (a Map iterates in insertion order). */
  private readonly lines: Record<JobClass, Map<string, Job[]>> = { light: new Map(), heavy: new Map() };
  private readonly waitingByReader = new Map<string, number>();

  private readonly limits: FairQueueLimits;

  constructor(limits: FairQueueLimits) {
    this.limits = limits;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * Runs `work` when a slot is free and it is `reader`'s turn in its class; throws QueueFullError
   * at once when it cannot wait.
   */
  run<T>(reader: string, work: () => Promise<T>, kind: JobClass = 'heavy'): Promise<T> {
    if (this.running < this.limits.slots && this.waitingCount === 0) return this.execute(work);
    const waiting = this.waitingByReader.get(reader) ?? 0;
    if (waiting >= this.limits.perReader) return Promise.reject(new QueueFullError('reader'));
    if (this.waitingCount >= this.limits.total) return Promise.reject(new QueueFullError('all'));
    return new Promise<T>((resolve, reject) => {
      const lines = this.lines[kind];
      const line = lines.get(reader) ?? [];
      line.push({ start: () => this.execute(work).then(resolve, reject) });
      lines.set(reader, line);
      this.waitingByReader.set(reader, waiting + 1);
      this.waitingCount++;
    });
  }

  private async execute<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.next();
    }
  }

  /** The first reader in turn (light jobs first) starts one job and, if it has more, goes to the back. */
  private next(): void {
    if (this.running >= this.limits.slots) return;
    const lines = this.lines.light.size > 0 ? this.lines.light : this.lines.heavy;
    const first = lines.entries().next();
    if (first.done) return;
    const [reader, line] = first.value;
    const job = line.shift() as Job;
    lines.delete(reader);
    if (line.length > 0) lines.set(reader, line);
    const left = (this.waitingByReader.get(reader) ?? 1) - 1;
    if (left > 0) this.waitingByReader.set(reader, left);
    else this.waitingByReader.delete(reader);
    this.waitingCount--;
    job.start();
  }
}
