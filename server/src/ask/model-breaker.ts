/**
 * A circuit breaker for the model: after `limit` consecutive failures the model is skipped (the
 * extractive answer at once) for `coolDownMs`, so that readers do not each wait out a timeout while
 * the model server is down. After the cool-down the next questions try it again; one more failure
 * opens it again, a success closes it.
 */
export class Breaker {
  readonly #limit: number;
  readonly #coolDownMs: number;
  readonly #now: () => number;
  #failures = 0;
  #openUntil = 0;

  constructor(limit: number, coolDownMs: number, now: () => number = Date.now) {
    this.#limit = limit;
    this.#coolDownMs = coolDownMs;
    this.#now = now;
  }

  /** Whether the model may be asked now. */
  allows(): boolean {
    return this.#now() >= this.#openUntil;
  }

  succeeded(): void {
    this.#failures = 0;
    this.#openUntil = 0;
  }

  /** Counts a failure; true when it opens the breaker. */
  failed(): boolean {
    this.#failures++;
    if (this.#failures < this.#limit) return false;
    this.#openUntil = this.#now() + this.#coolDownMs;
    return true;
  }

  /** Consecutive failures so far (for logs). */
  get failures(): number {
    return this.#failures;
  }
}
