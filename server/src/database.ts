import { ACCOUNTS_SCHEMA_V1, ACCOUNTS_SCHEMA_V2 } from './accounts/schema';
import { hashPasswordSync } from './accounts/passwords';
import { insertUser } from './accounts/users';
import type { Clock } from './core/clock';
import type { AppConfig } from './core/config';
import { openDatabase, runMigrations, type Db, type Migration } from './core/db';
import { COUNTRIES_SCHEMA_V1 } from './support/countries';
import { NEWS_SCHEMA_V1 } from './support/news';
import { MARKET_SCHEMA_V1 } from './market/schema';
import { SPOT_SCHEMA_V1 } from './spot/schema';
import { LEVER_SCHEMA_V1 } from './lever/schema';
import { SECONDS_SCHEMA_V1 } from './seconds/schema';
import { postLedger, type LedgerEntryInput } from './kernel';
import { uploadsSchemaV1 } from './uploads/schema';
import { WALLET_SCHEMA_V1, WALLET_SCHEMA_V2 } from './wallet/schema';
import { FIAT_SCHEMA_V1 } from './otc/schema';
import { BEF_ID, EARN_SCHEMA_V1 } from './earn/schema';
import { supportSchemaV2 } from './support/schema';
import { openStore, type OpenOptions, type Store } from './db';
import { runSeeds as runStoreSeeds, type SeedStep as StoreSeedStep } from './db/migrations';
import { LANGS } from './core/validation';
import { COUNTRIES } from './support/countries';
import { SEED_NEWS } from './support/news-data';
import { SEED_CURRENCIES } from './wallet/currencies';
import { SEED_MERCHANTS } from './otc/schema';
import {
  LAUNCH_PAY_CURRENCY_IDS,
  LAUNCH_PROJECT_ID,
  SEED_CANCEL_FEE_PERCENT,
  SEED_LOCKUP_PRODUCTS,
  launchProjectSeed,
} from './earn/schema';

/** Numbered migrations, in order. Never edit a released one: append. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'accounts', up: ACCOUNTS_SCHEMA_V1 },
  { version: 2, name: 'wallet', up: WALLET_SCHEMA_V1 },
  { version: 3, name: 'countries', up: COUNTRIES_SCHEMA_V1 },
  { version: 4, name: 'news', up: NEWS_SCHEMA_V1 },
  { version: 5, name: 'market', up: MARKET_SCHEMA_V1 },
  { version: 6, name: 'wallet-flows', up: WALLET_SCHEMA_V2 },
  { version: 7, name: 'account-profile', up: ACCOUNTS_SCHEMA_V2 },
  { version: 8, name: 'uploads', up: uploadsSchemaV1 },
  { version: 9, name: 'trading', up: SPOT_SCHEMA_V1 + LEVER_SCHEMA_V1 + SECONDS_SCHEMA_V1 },
  {
    version: 10,
    name: 'otc-earn-support',
    up: (db) => {
      // The launch token BEF (also in SEED_CURRENCIES, for new databases).
      db.prepare(
        "INSERT OR IGNORE INTO currencies (id, name, precision, usdt_price, sorts) VALUES (?, 'BEF', 8, '0.05', 7)",
      ).run(BEF_ID);
      db.exec(FIAT_SCHEMA_V1);
      db.exec(EARN_SCHEMA_V1);
      supportSchemaV2(db);
    },
  },
  {
    // Instrument 18 quoted BNB before it became the launch token BEF (currency 18): its BNB
    // history goes, and the next start back-fills BEF's.
    version: 11,
    name: 'instrument-18-is-bef',
    up: `DELETE FROM market_trades WHERE instrument_id = 18; DELETE FROM market_candles WHERE instrument_id = 18;`,
  },
];

export const DEMO_ACCOUNT = {
  email: 'demo@example.com',
  password: 'Demo1234',
  inviteCode: 'DEMO01',
} as const;

/** Opening balances of the demo account, posted through the ledger. */
export const DEMO_FUNDS: ReadonlyArray<{
  wallet: LedgerEntryInput['walletType'];
  currencyId: number;
  amount: string;
}> = [
  { wallet: 'change', currencyId: 3, amount: '10000' },
  { wallet: 'change', currencyId: 1, amount: '0.5' },
  { wallet: 'change', currencyId: 2, amount: '5' },
  { wallet: 'lever', currencyId: 3, amount: '5000' },
  { wallet: 'legal', currencyId: 3, amount: '2000' },
  { wallet: 'micro', currencyId: 3, amount: '3000' },
];

/**
 * TEMPORARY (until every domain uses the Store): opens the old better-sqlite3 connection and
 * applies the old numbered migrations 1-11 (a new database: all of them; the Store then finds
 * them applied). Seeds are the Store's (`initStore`).
 */
export function initDatabase(config: AppConfig, clock: Clock): Db {
  const db = openDatabase(config.dbFile);
  try {
    runMigrations(db, MIGRATIONS, clock.now());
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Seed steps: each runs once per database (steps added later also run on existing databases),
 * over the Store (both dialects). A database seeded by the old synchronous runner has them all
 * recorded under the same names and skips them.
 */
export function storeSeedSteps(config: AppConfig, clock: Clock): StoreSeedStep[] {
  const currencies: StoreSeedStep['run'] = async (q) => {
    await q
      .insertInto('currencies')
      .values(
        SEED_CURRENCIES.map((c, i) => ({
          id: c.id,
          name: c.name,
          precision: c.precision,
          usdt_price: c.usdt_price,
          sorts: i + 1,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  };
  return [
    { name: 'currencies', run: currencies },
    { name: 'currencies-all-coins', run: currencies },
    {
      name: 'countries',
      run: async (q) => {
        await q
          .insertInto('countries')
          .values(
            COUNTRIES.map((c) => ({
              country_id: c.country_id,
              area_code: c.area_code,
              name_cn: c.name_cn,
              name_en: c.name_en,
              sorts: c.country_id,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      },
    },
    {
      name: 'news',
      run: async (q) => {
        const now = clock.now();
        for (const article of SEED_NEWS) {
          const { id } = await q
            .insertInto('news')
            .values({
              category_id: article.category,
              sorts: article.sorts,
              thumbnail: article.thumbnail?.('en') ?? null,
              created_at: now - article.hoursAgo * 3600_000,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await q
            .insertInto('news_translations')
            .values(
              LANGS.map((lang) => ({
                news_id: id,
                lang,
                title: article.texts[lang].title,
                content: article.texts[lang].content,
                thumbnail: article.thumbnail?.(lang) ?? null,
              })),
            )
            .execute();
        }
      },
    },
    {
      name: 'fiat-merchants',
      run: async (q) => {
        await q
          .insertInto('fiat_merchants')
          .values(SEED_MERCHANTS.map((m) => ({ ...m, sorts: m.id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      },
    },
    {
      name: 'lockup-products',
      run: async (q) => {
        await q
          .insertInto('lockup_products')
          .values(SEED_LOCKUP_PRODUCTS.map((p) => ({ ...p, sorts: p.id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await q
          .insertInto('earn_settings')
          .values({ name: 'zhiya_qxsxf', value: SEED_CANCEL_FEE_PERCENT })
          .onConflict((oc) => oc.doNothing())
          .execute();
      },
    },
    {
      name: 'launch-project',
      run: async (q) => {
        await q
          .insertInto('launch_projects')
          .values(launchProjectSeed(clock.now()))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await q
          .insertInto('launch_pay_currencies')
          .values(
            LAUNCH_PAY_CURRENCY_IDS.map((currency_id, sorts) => ({
              project_id: LAUNCH_PROJECT_ID,
              currency_id,
              sorts,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      },
    },
    {
      name: 'demo-user',
      run: async (q) => {
        const now = clock.now();
        const userId = await insertUser(
          q,
          {
            email: DEMO_ACCOUNT.email,
            passwordHash: hashPasswordSync(DEMO_ACCOUNT.password, config.scrypt),
            extensionCode: DEMO_ACCOUNT.inviteCode,
          },
          now,
        );
        await postLedger(
          q,
          DEMO_FUNDS.map((f) => ({
            userId,
            walletType: f.wallet,
            currencyId: f.currencyId,
            amount: f.amount,
            reason: 'seed',
            ref: 'demo-user',
          })),
          { now },
        );
      },
    },
  ];
}

/** Opens the Store (DATABASE_URL or DB_FILE), applies pending migrations and seed steps. */
export async function initStore(config: AppConfig, clock: Clock, options: OpenOptions = {}): Promise<Store> {
  const store = await openStore(config, options);
  try {
    await runStoreSeeds(store, storeSeedSteps(config, clock), clock.now());
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
