/**
 * Price triggers of one instrument, kept in memory in two binary heaps so a tape trade only
 * touches the triggers it crosses: O(log n) to add, O(k log n) to fire k of them, nothing per
 * untouched order. Keys are integer price ticks (exact).
 *
 * - `below` triggers fire when a trade prints at or below their key (long stop-loss and
 *   liquidation, buy limits, short take-profit): a max-heap, popped while top >= price.
 * - `above` triggers fire when a trade prints at or above their key: a min-heap, popped while
 *   top <= price.
 *
 * Removal is lazy (an entry is marked dead and skipped when it surfaces); the heaps are rebuilt
 * when more than half of their entries are dead.
 */
export type TriggerSide = 'below' | 'above';

export interface TriggerEntry<T> {
  readonly side: TriggerSide;
  readonly key: number;
  readonly value: T;
  alive: boolean;
}

class Heap<T> {
  readonly items: Array<TriggerEntry<T>> = [];
  dead = 0;

  /** `before(a, b)`: a comes out first. */
  constructor(private readonly before: (a: number, b: number) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  push(entry: TriggerEntry<T>): void {
    const { items } = this;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as TriggerEntry<T>;
      if (!this.before(entry.key, p.key)) break;
      items[i] = p;
      i = parent;
    }
    items[i] = entry;
  }

  peek(): TriggerEntry<T> | undefined {
    return this.items[0];
  }

  pop(): TriggerEntry<T> | undefined {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    const n = items.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const left = items[l] as TriggerEntry<T>;
      const right = items[r];
      const child = right !== undefined && this.before(right.key, left.key) ? r : l;
      const c = items[child] as TriggerEntry<T>;
      if (!this.before(c.key, last.key)) break;
      items[i] = c;
      i = child;
    }
    items[i] = last;
    return top;
  }

  /** Drops dead entries and re-heapifies. */
  compact(): void {
    const alive = this.items.filter((e) => e.alive);
    this.items.length = 0;
    this.dead = 0;
    for (const e of alive) this.push(e);
  }
}

export class TriggerBook<T> {
  private readonly below = new Heap<T>((a, b) => a > b);
  private readonly above = new Heap<T>((a, b) => a < b);

  /** Live triggers (for tests and benchmarks). */
  get size(): number {
    return this.below.size - this.below.dead + this.above.size - this.above.dead;
  }

  add(side: TriggerSide, key: number, value: T): TriggerEntry<T> {
    const entry: TriggerEntry<T> = { side, key, value, alive: true };
    (side === 'below' ? this.below : this.above).push(entry);
    return entry;
  }

  remove(entry: TriggerEntry<T> | undefined): void {
    if (!entry || !entry.alive) return;
    entry.alive = false;
    const heap = entry.side === 'below' ? this.below : this.above;
    heap.dead += 1;
    if (heap.dead > 64 && heap.dead * 2 > heap.size) heap.compact();
  }

  /** Whether a trade at `price` (ticks) may fire a trigger (a dead entry on top may say yes: harmless). */
  crosses(price: number): boolean {
    const below = this.below.peek();
    const above = this.above.peek();
    return (below !== undefined && below.key >= price) || (above !== undefined && above.key <= price);
  }

  /** Removes and returns every live trigger crossed by a trade at `price` (ticks). */
  fire(price: number): T[] {
    const fired: T[] = [];
    for (;;) {
      const top = this.below.peek();
      if (!top || top.key < price) break;
      this.below.pop();
      if (!top.alive) {
        this.below.dead -= 1;
        continue;
      }
      top.alive = false;
      fired.push(top.value);
    }
    for (;;) {
      const top = this.above.peek();
      if (!top || top.key > price) break;
      this.above.pop();
      if (!top.alive) {
        this.above.dead -= 1;
        continue;
      }
      top.alive = false;
      fired.push(top.value);
    }
    return fired;
  }
}

/** One TriggerBook per instrument. */
export class TriggerBooks<T> {
  private readonly books = new Map<number, TriggerBook<T>>();

  of(instrumentId: number): TriggerBook<T> {
    let book = this.books.get(instrumentId);
    if (!book) {
      book = new TriggerBook<T>();
      this.books.set(instrumentId, book);
    }
    return book;
  }

  get(instrumentId: number): TriggerBook<T> | undefined {
    return this.books.get(instrumentId);
  }
}
