// The live quotes of one market tab, one store per tab for the page's lifetime (shared by every
// remote through the @app/shared singleton): going from the home list to the chart or a trade
// screen shows the last values at once, and they stay on screen while the socket reconnects.
// Socket updates go through the frame queue (a burst of ticks costs one update a frame); each
// row listens to its own quote only, so an update reaches the rows whose quote changed.
import { frameQueue, type FrameQueue } from './frameQueue';
import type { MarketTab } from './pair';
import type { MarketQuote } from './quote';

type Listener = () => void;

export class QuoteStore {
  readonly tab: MarketTab;
  private quotes = new Map<number, MarketQuote>();
  private order: number[] = [];
  private readonly queue: FrameQueue<MarketQuote>;
  private readonly rowListeners = new Map<number, Set<Listener>>();
  private readonly listeners = new Set<Listener>();
  private version = 0;
  /** When the list was last loaded (epoch ms); 0 = never. */
  loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(tab: MarketTab) {
    this.tab = tab;
    this.queue = frameQueue((batch) => this.apply(batch));
  }

  /** Replaces the whole list (a load); keeps the server's order. */
  setAll(list: readonly MarketQuote[]): void {
    this.quotes = new Map(list.map((q) => [q.currencyId, q]));
    this.order = list.map((q) => q.currencyId);
    this.queue.cancel();
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

  /** Queues a live update for the next frame; instruments not in the list are ignored. */
  push(quote: MarketQuote): void {
    if (this.quotes.has(quote.currencyId)) this.queue.push(quote);
  }

  /** Applies a frame's updates (the newest quote of each instrument). */
  private apply(batch: readonly MarketQuote[]): void {
    const changed = new Map<number, MarketQuote>();
    for (const quote of batch) if (this.quotes.has(quote.currencyId)) changed.set(quote.currencyId, quote);
    if (changed.size === 0) return;
    for (const quote of changed.values()) this.quotes.set(quote.currencyId, quote);
    this.version += 1;
    for (const id of changed.keys()) {
      const set = this.rowListeners.get(id);
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
