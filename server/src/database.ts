import { hashPasswordSync } from './accounts/passwords';
import { insertUser } from './accounts/users';
import type { Clock } from './core/clock';
import type { AppConfig } from './core/config';
import { postLedger, type LedgerEntryInput } from './kernel';
import { openStore, type Store } from './db';
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
 * Seed steps: each runs once per database (steps added later also run on existing databases),
 * over the Store (both dialects). A database seeded by an older build (the synchronous seeds)
 * has them recorded under the same names and skips them.
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
export async function initStore(config: AppConfig, clock: Clock): Promise<Store> {
  const store = await openStore(config);
  try {
    await runStoreSeeds(store, storeSeedSteps(config, clock), clock.now());
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
