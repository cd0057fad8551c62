// The live quotes of one market tab. Socket updates are queued and applied once per animation
// frame (a burst of ticks costs one render); each row listens to its own quote only, so an
// update re-renders the rows whose quote changed, not the list.
import type { MarketQuote, MarketTab } from './quote';

type Listener = () => void;

const schedule: (run: () => void) => void = (run) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
  else setTimeout(run, 16);
};

export class QuoteStore {
  readonly tab: MarketTab;
  private quotes = new Map<number, MarketQuote>();
  private order: number[] = [];
  private pending = new Map<number, MarketQuote>();
  private queued = false;
  private readonly rowListeners = new Map<number, Set<Listener>>();
  private readonly listeners = new Set<Listener>();
  private version = 0;
  /** When the list was last loaded (epoch ms); 0 = never. */
  loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(tab: MarketTab) {
    this.tab = tab;
  }

  /** Replaces the whole list (a load); keeps the server's order. */
  setAll(list: readonly MarketQuote[]): void {
    this.quotes = new Map(list.map((q) => [q.currencyId, q]));
    this.order = list.map((q) => q.currencyId);
    this.pending.clear();
    this.loadedAt = Date.now();
    this.version += 1;
    for (const set of this.rowListeners.values()) for (const fn of set) fn();
    for (const fn of this.listeners) fn();
  }

  /** Loads the list; screens asking at the same time share one request. */
  load(fetchList: () => Promise<readonly MarketQuote[]>): Promise<void> {
    if (!this.loading) {
      this.loading = fetchList()
        .then((list) => this.setAll(list))
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  /** Queues a live update; instruments not in the list are ignored. */
  push(quote: MarketQuote): void {
    if (!this.quotes.has(quote.currencyId)) return;
    this.pending.set(quote.currencyId, quote);
    if (this.queued) return;
    this.queued = true;
    schedule(() => this.flush());
  }

  /** Applies the queued updates now (the frame callback; tests may call it). */
  flush(): void {
    this.queued = false;
    if (this.pending.size === 0) return;
    const changed = [...this.pending.values()];
    this.pending.clear();
    for (const quote of changed) this.quotes.set(quote.currencyId, quote);
    this.version += 1;
    for (const quote of changed) {
      const set = this.rowListeners.get(quote.currencyId);
      if (set) for (const fn of set) fn();
    }
    for (const fn of this.listeners) fn();
  }

  get(currencyId: number): MarketQuote | undefined {
    return this.quotes.get(currencyId);
  }

  /** Currency ids in the server's order (a new array only after a load). */
  ids(): readonly number[] {
    return this.order;
  }

  all(): MarketQuote[] {
    return this.order.map((id) => this.quotes.get(id)).filter((q): q is MarketQuote => q !== undefined);
  }

  hasData(): boolean {
    return this.loadedAt > 0;
  }

  /** Increases with every applied change (for lists whose order depends on values). */
  getVersion = (): number => this.version;

  subscribeRow(currencyId: number, listener: Listener): () => void {
    let set = this.rowListeners.get(currencyId);
    if (!set) {
      set = new Set();
      this.rowListeners.set(currencyId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.rowListeners.delete(currencyId);
    };
  }

  /** Any change: a load or an applied frame of updates. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}

const stores = new Map<MarketTab, QuoteStore>();

/**
 * One store per tab for the page's lifetime: going from the home list to the chart and back
 * shows the last values at once, and they stay on screen while the socket reconnects.
 */
export function quoteStoreOf(tab: MarketTab): QuoteStore {
  let store = stores.get(tab);
  if (!store) {
    store = new QuoteStore(tab);
    stores.set(tab, store);
  }
  return store;
}

/** Tests only: forget every store. */
export function resetQuoteStores(): void {
  stores.clear();
}
