/**
 * A binary min-heap over a Float64Array, in place: ranking pops the candidates' sort keys in
 * ascending order only until it has the hits a request pages through, instead of sorting them all
 * (a query of common words has ten thousand candidates and needs fifty; the typed-array sort of all
 * keys was a third of such a query's time, profiled). Written here because the heap libraries on
 * npm push items one by one into their own arrays; this heapifies the caller's array in O(n) and
 * allocates nothing. Keys must be distinct or ties may come out in any order.
 */
export class KeyHeap {
  #size: number;
  private readonly keys: Float64Array;

  constructor(keys: Float64Array) {
    this.keys = keys;
    this.#size = keys.length;
    for (let i = (this.#size >> 1) - 1; i >= 0; i--) this.#down(i);
  }

  get size(): number {
    return this.#size;
  }

  /** The smallest key left, removed; undefined when none is left. */
  pop(): number | undefined {
    if (this.#size === 0) return undefined;
    const keys = this.keys;
    const top = keys[0] as number;
    this.#size--;
    if (this.#size > 0) {
      keys[0] = keys[this.#size] as number;
      this.#down(0);
    }
    return top;
  }

  #down(from: number): void {
    const keys = this.keys;
    const size = this.#size;
    const value = keys[from] as number;
    let i = from;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && (keys[child + 1] as number) < (keys[child] as number)) child++;
      if ((keys[child] as number) >= value) break;
      keys[i] = keys[child] as number;
      i = child;
    }
    keys[i] = value;
  }
}
