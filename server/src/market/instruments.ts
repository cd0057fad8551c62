// The kernel's leaf (not its index): the kernel's engines sit on the market, not under it.
import { USDT_ID } from '../kernel/currency';
import { ALWAYS, GLOBEX, HKEX, type Schedule } from './schedule';

/**
 * The instruments the market engine quotes. `id` is the instrument's currency id and the key used
 * everywhere (tape, candles, channels, `market.lastPrice(id)`): crypto keep the spec's currency ids
 * (BTC 1, ETH 2, XRP 5, LTC 6, BCH 10) and new coins take 11-25 (USDT is 3); precious metals use
 * 101-104 and futures 201-207, outside the wallet currency range. `matchId` is the quote's `id`
 * (the trading pair). Every instrument settles against USDT (`legal_id` 3); metals and futures are
 * quoted in USD, treated 1:1 as USDT.
 */
export type InstrumentKind = 'crypto' | 'metal' | 'futures';

export interface Instrument {
  id: number;
  matchId: number;
  kind: InstrumentKind;
  /** BTC, XAUUSD, USOIL: logo file and `market_schedule_<name>` channel. */
  name: string;
  title: string;
  /** BTC/USDT for crypto, the code (XAUUSD, USOIL) for metals and futures. */
  symbol: string;
  quoteName: 'USDT' | 'USD';
  legalId: number;
  /** Price decimals (tick = 10^-precision). */
  precision: number;
  /** Quantity decimals (lot = 10^-qtyPrecision). */
  qtyPrecision: number;
  /** Anchor of the simulation (decimal text). */
  startPrice: string;
  /** Annualised volatility of the random walk. */
  volatility: number;
  /** Mean live trade rate while trading. */
  tradesPerSecond: number;
  /** Median trade size in base units. */
  tradeSize: number;
  /** Leverage fields of the crypto quote (percent, percent, base units per hand). */
  spread: string;
  leverTradeFee: string;
  leverShareNum: string;
  /** Back-filled history only: yearly drift and a long cycle, both fading to zero at the present. */
  trendPerYear: number;
  cycle: { amplitude: number; years: number };
  schedule: Schedule;
  /** Logo colour. */
  color: string;
}

type Spec = Omit<
  Instrument,
  'kind' | 'symbol' | 'quoteName' | 'legalId' | 'schedule' | 'trendPerYear' | 'cycle' | 'matchId'
>;

const crypto = (
  spec: Spec & Partial<Pick<Instrument, 'trendPerYear' | 'cycle'>>,
): Omit<Instrument, 'matchId'> => ({
  trendPerYear: 0.18,
  cycle: { amplitude: 0.45, years: 4 },
  ...spec,
  kind: 'crypto',
  symbol: `${spec.name}/USDT`,
  quoteName: 'USDT',
  legalId: USDT_ID,
  schedule: ALWAYS,
});

const cfd = (
  kind: 'metal' | 'futures',
  schedule: Schedule,
  spec: Spec & Partial<Pick<Instrument, 'trendPerYear' | 'cycle'>>,
): Omit<Instrument, 'matchId'> => ({
  trendPerYear: 0.04,
  cycle: { amplitude: 0.12, years: 7 },
  ...spec,
  kind,
  symbol: spec.name,
  quoteName: 'USD',
  legalId: USDT_ID,
  schedule,
});

const DEFINITIONS: ReadonlyArray<Omit<Instrument, 'matchId'>> = [
  // Crypto against USDT, 24/7.
  crypto({
    id: 1,
    name: 'BTC',
    title: 'Bitcoin',
    precision: 2,
    qtyPrecision: 5,
    startPrice: '65000',
    volatility: 0.55,
    tradesPerSecond: 4,
    tradeSize: 0.04,
    spread: '0.05',
    leverTradeFee: '0.1',
    leverShareNum: '0.01',
    color: '#f7931a',
  }),
  crypto({
    id: 2,
    name: 'ETH',
    title: 'Ethereum',
    precision: 2,
    qtyPrecision: 4,
    startPrice: '3200',
    volatility: 0.65,
    tradesPerSecond: 3.5,
    tradeSize: 0.6,
    spread: '0.05',
    leverTradeFee: '0.1',
    leverShareNum: '0.1',
    color: '#627eea',
  }),
  crypto({
    id: 5,
    name: 'XRP',
    title: 'XRP',
    precision: 4,
    qtyPrecision: 1,
    startPrice: '0.52',
    volatility: 0.8,
    tradesPerSecond: 3,
    tradeSize: 1500,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '100',
    color: '#23292f',
  }),
  crypto({
    id: 6,
    name: 'LTC',
    title: 'Litecoin',
    precision: 2,
    qtyPrecision: 3,
    startPrice: '72',
    volatility: 0.75,
    tradesPerSecond: 2.5,
    tradeSize: 8,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '1',
    color: '#345d9d',
  }),
  crypto({
    id: 10,
    name: 'BCH',
    title: 'Bitcoin Cash',
    precision: 2,
    qtyPrecision: 4,
    startPrice: '380',
    volatility: 0.8,
    tradesPerSecond: 2.5,
    tradeSize: 2,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '0.1',
    color: '#8dc351',
  }),
  crypto({
    id: 11,
    name: 'SOL',
    title: 'Solana',
    precision: 2,
    qtyPrecision: 2,
    startPrice: '145',
    volatility: 0.9,
    tradesPerSecond: 3.5,
    tradeSize: 15,
    spread: '0.06',
    leverTradeFee: '0.1',
    leverShareNum: '1',
    color: '#9945ff',
  }),
  crypto({
    id: 12,
    name: 'DOGE',
    title: 'Dogecoin',
    precision: 5,
    qtyPrecision: 0,
    startPrice: '0.15',
    volatility: 0.95,
    tradesPerSecond: 3,
    tradeSize: 20000,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '1000',
    color: '#c2a633',
  }),
  crypto({
    id: 13,
    name: 'ADA',
    title: 'Cardano',
    precision: 4,
    qtyPrecision: 1,
    startPrice: '0.45',
    volatility: 0.85,
    tradesPerSecond: 2.5,
    tradeSize: 3000,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '100',
    color: '#0033ad',
  }),
  crypto({
    id: 14,
    name: 'DOT',
    title: 'Polkadot',
    precision: 3,
    qtyPrecision: 2,
    startPrice: '6.5',
    volatility: 0.85,
    tradesPerSecond: 2,
    tradeSize: 150,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '10',
    color: '#e6007a',
  }),
  crypto({
    id: 15,
    name: 'TRX',
    title: 'TRON',
    precision: 5,
    qtyPrecision: 0,
    startPrice: '0.12',
    volatility: 0.6,
    tradesPerSecond: 2,
    tradeSize: 10000,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '1000',
    color: '#ff060a',
  }),
  crypto({
    id: 16,
    name: 'LINK',
    title: 'Chainlink',
    precision: 3,
    qtyPrecision: 2,
    startPrice: '14.5',
    volatility: 0.85,
    tradesPerSecond: 2.5,
    tradeSize: 80,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '10',
    color: '#2a5ada',
  }),
  crypto({
    id: 17,
    name: 'AVAX',
    title: 'Avalanche',
    precision: 2,
    qtyPrecision: 2,
    startPrice: '28',
    volatility: 0.95,
    tradesPerSecond: 2.5,
    tradeSize: 40,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '1',
    color: '#e84142',
  }),
  // The launch token (doc 2: the launch's buy link opens currency 18, token BEF): once unlocked,
  // subscribed BEF trades here against USDT.
  crypto({
    id: 18,
    name: 'BEF',
    title: 'BEF',
    precision: 5,
    qtyPrecision: 0,
    startPrice: '0.05',
    volatility: 0.9,
    tradesPerSecond: 1.5,
    tradeSize: 20000,
    spread: '0.1',
    leverTradeFee: '0.1',
    leverShareNum: '1000',
    color: '#7b61ff',
  }),
  crypto({
    id: 19,
    name: 'MATIC',
    title: 'Polygon',
    precision: 4,
    qtyPrecision: 1,
    startPrice: '0.55',
    volatility: 0.95,
    tradesPerSecond: 2,
    tradeSize: 2500,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '100',
    color: '#8247e5',
  }),
  crypto({
    id: 20,
    name: 'ATOM',
    title: 'Cosmos',
    precision: 3,
    qtyPrecision: 2,
    startPrice: '7.2',
    volatility: 0.85,
    tradesPerSecond: 2,
    tradeSize: 120,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '10',
    color: '#2e3148',
  }),
  crypto({
    id: 21,
    name: 'UNI',
    title: 'Uniswap',
    precision: 3,
    qtyPrecision: 2,
    startPrice: '7.8',
    volatility: 0.95,
    tradesPerSecond: 2,
    tradeSize: 100,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '10',
    color: '#ff007a',
  }),
  crypto({
    id: 22,
    name: 'FIL',
    title: 'Filecoin',
    precision: 3,
    qtyPrecision: 2,
    startPrice: '4.6',
    volatility: 0.95,
    tradesPerSecond: 2,
    tradeSize: 150,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '10',
    color: '#0090ff',
  }),
  crypto({
    id: 23,
    name: 'ETC',
    title: 'Ethereum Classic',
    precision: 2,
    qtyPrecision: 2,
    startPrice: '24',
    volatility: 0.85,
    tradesPerSecond: 2,
    tradeSize: 40,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '1',
    color: '#328332',
  }),
  crypto({
    id: 24,
    name: 'XLM',
    title: 'Stellar',
    precision: 5,
    qtyPrecision: 0,
    startPrice: '0.11',
    volatility: 0.8,
    tradesPerSecond: 2,
    tradeSize: 8000,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '1000',
    color: '#14b6e7',
  }),
  crypto({
    id: 25,
    name: 'NEAR',
    title: 'NEAR Protocol',
    precision: 3,
    qtyPrecision: 2,
    startPrice: '5.2',
    volatility: 0.95,
    tradesPerSecond: 2,
    tradeSize: 150,
    spread: '0.08',
    leverTradeFee: '0.1',
    leverShareNum: '10',
    color: '#00c08b',
  }),

  // Precious metals (marke "cm"), in USD per troy ounce, CME Globex hours.
  cfd('metal', GLOBEX, {
    id: 101,
    name: 'XAUUSD',
    title: 'Gold',
    precision: 2,
    qtyPrecision: 2,
    startPrice: '2350',
    volatility: 0.15,
    tradesPerSecond: 3,
    tradeSize: 5,
    spread: '0.02',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#d4af37',
    trendPerYear: 0.05,
  }),
  cfd('metal', GLOBEX, {
    id: 102,
    name: 'XAGUSD',
    title: 'Silver',
    precision: 3,
    qtyPrecision: 1,
    startPrice: '28.5',
    volatility: 0.26,
    tradesPerSecond: 2.5,
    tradeSize: 200,
    spread: '0.03',
    leverTradeFee: '0.05',
    leverShareNum: '50',
    color: '#a8a9ad',
    trendPerYear: 0.04,
  }),
  cfd('metal', GLOBEX, {
    id: 103,
    name: 'XPTUSD',
    title: 'Platinum',
    precision: 2,
    qtyPrecision: 2,
    startPrice: '960',
    volatility: 0.22,
    tradesPerSecond: 2,
    tradeSize: 5,
    spread: '0.04',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#7f8c8d',
    trendPerYear: 0.01,
  }),
  cfd('metal', GLOBEX, {
    id: 104,
    name: 'XPDUSD',
    title: 'Palladium',
    precision: 2,
    qtyPrecision: 2,
    startPrice: '1000',
    volatility: 0.33,
    tradesPerSecond: 2,
    tradeSize: 3,
    spread: '0.05',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#5d6d7e',
    trendPerYear: 0.03,
  }),

  // Futures (marke "ne"): energy in USD per barrel / MMBtu, equity indices in index points.
  cfd('futures', GLOBEX, {
    id: 201,
    name: 'USOIL',
    title: 'WTI crude oil',
    precision: 2,
    qtyPrecision: 1,
    startPrice: '78.5',
    volatility: 0.35,
    tradesPerSecond: 3,
    tradeSize: 20,
    spread: '0.04',
    leverTradeFee: '0.05',
    leverShareNum: '10',
    color: '#2c3e50',
    trendPerYear: 0.02,
  }),
  cfd('futures', GLOBEX, {
    id: 202,
    name: 'UKOIL',
    title: 'Brent crude oil',
    precision: 2,
    qtyPrecision: 1,
    startPrice: '82.7',
    volatility: 0.33,
    tradesPerSecond: 2.5,
    tradeSize: 20,
    spread: '0.04',
    leverTradeFee: '0.05',
    leverShareNum: '10',
    color: '#34495e',
    trendPerYear: 0.02,
  }),
  cfd('futures', GLOBEX, {
    id: 203,
    name: 'NGAS',
    title: 'Natural gas',
    precision: 3,
    qtyPrecision: 0,
    startPrice: '2.45',
    volatility: 0.6,
    tradesPerSecond: 2,
    tradeSize: 500,
    spread: '0.06',
    leverTradeFee: '0.05',
    leverShareNum: '100',
    color: '#3498db',
    trendPerYear: 0.0,
  }),
  cfd('futures', GLOBEX, {
    id: 204,
    name: 'US500',
    title: 'S&P 500 index',
    precision: 1,
    qtyPrecision: 2,
    startPrice: '5200',
    volatility: 0.16,
    tradesPerSecond: 3,
    tradeSize: 2,
    spread: '0.02',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#1f5fa8',
    trendPerYear: 0.07,
  }),
  cfd('futures', GLOBEX, {
    id: 205,
    name: 'NAS100',
    title: 'Nasdaq 100 index',
    precision: 1,
    qtyPrecision: 2,
    startPrice: '18200',
    volatility: 0.2,
    tradesPerSecond: 3,
    tradeSize: 1,
    spread: '0.02',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#0096d6',
    trendPerYear: 0.1,
  }),
  cfd('futures', GLOBEX, {
    id: 206,
    name: 'US30',
    title: 'Dow Jones 30 index',
    precision: 1,
    qtyPrecision: 2,
    startPrice: '39000',
    volatility: 0.14,
    tradesPerSecond: 2,
    tradeSize: 1,
    spread: '0.02',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#16325c',
    trendPerYear: 0.06,
  }),
  cfd('futures', HKEX, {
    id: 207,
    name: 'HK50',
    title: 'Hang Seng index',
    precision: 0,
    qtyPrecision: 2,
    startPrice: '17500',
    volatility: 0.22,
    tradesPerSecond: 2,
    tradeSize: 2,
    spread: '0.03',
    leverTradeFee: '0.05',
    leverShareNum: '1',
    color: '#c0392b',
    trendPerYear: 0.02,
  }),
];

/** Every instrument in display order; `matchId` is its position (1-based). */
export const INSTRUMENTS: readonly Instrument[] = DEFINITIONS.map((d, i) => ({ ...d, matchId: i + 1 }));

/** Upper case, letters and digits only: "btc/usdt", "BTC_USDT" and "BTCUSDT" are the same key. */
export function symbolKey(symbol: string): string {
  return symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const BY_ID = new Map(INSTRUMENTS.map((i) => [i.id, i]));
const BY_KEY = new Map(INSTRUMENTS.map((i) => [symbolKey(i.symbol), i]));
const BY_NAME = new Map(INSTRUMENTS.map((i) => [i.name.toUpperCase(), i]));

export function instrumentById(id: number): Instrument | undefined {
  return BY_ID.get(id);
}

/** By symbol (any case or separator: BTC/USDT, btcusdt, XAUUSD). */
export function instrumentBySymbol(symbol: string): Instrument | undefined {
  return BY_KEY.get(symbolKey(symbol));
}

/** By name (BTC, XAUUSD), symbol, or id (number or digits). */
export function findInstrument(ref: string | number): Instrument | undefined {
  if (typeof ref === 'number') return BY_ID.get(ref);
  const text = ref.trim();
  if (/^\d{1,6}$/.test(text)) return BY_ID.get(Number(text));
  return BY_NAME.get(text.toUpperCase()) ?? instrumentBySymbol(text);
}

/** `futureslist` markets: cm = precious metals, ne = futures. */
export const FUTURES_MARKETS = { cm: 'metal', ne: 'futures' } as const;
