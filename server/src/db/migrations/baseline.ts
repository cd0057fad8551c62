import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index';
import { col, startsWithDigit1to9 } from './columns';

/**
 * The whole schema as of the last SQLite-only migration (11, "instrument-18-is-bef"), on both
 * dialects. A database created by the old runner already has versions 1-11 and skips it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations change the schema, so they cannot be typed by it
export async function baseline(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', ...col.id(dialect))
    .addColumn('account_number', col.text(dialect), (c) => c.notNull().unique())
    .addColumn('email', col.text(dialect), (c) => c.unique())
    .addColumn('phone', col.text(dialect))
    .addColumn('area_code', col.text(dialect))
    .addColumn('password_hash', col.text(dialect), (c) => c.notNull())
    .addColumn('extension_code', col.text(dialect), (c) => c.notNull().unique())
    .addColumn('inviter_id', col.int(dialect), (c) => c.references('users.id'))
    .addColumn('is_seller', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('review_status', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('updated_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('fund_password_hash', col.text(dialect))
    .addColumn('review_reason', col.text(dialect))
    .addCheckConstraint('users_check1', sql`is_seller IN (0, 1)`)
    .addCheckConstraint('users_check2', sql`review_status IN (-1, 0, 1, 2)`)
    .addCheckConstraint('users_check3', sql`email IS NOT NULL OR phone IS NOT NULL`)
    .execute();
  await db.schema
    .createIndex('users_phone')
    .unique()
    .on('users')
    .columns(['area_code', 'phone'])
    .where(sql<boolean>`phone IS NOT NULL`)
    .execute();
  await db.schema.createIndex('users_inviter').on('users').columns(['inviter_id']).execute();
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', col.text(dialect), (c) => c.notNull().unique())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('expires_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('revoked_at', col.millis(dialect))
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id']).execute();
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', ...col.id(dialect))
    .addColumn('destination', col.text(dialect), (c) => c.notNull())
    .addColumn('channel', col.text(dialect), (c) => c.notNull())
    .addColumn('purpose', col.text(dialect), (c) => c.notNull())
    .addColumn('code_salt', col.text(dialect), (c) => c.notNull())
    .addColumn('code_hash', col.text(dialect), (c) => c.notNull())
    .addColumn('attempts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('expires_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('consumed_at', col.millis(dialect))
    .addColumn('invalidated_at', col.millis(dialect))
    .addCheckConstraint('verification_codes_check1', sql`channel IN ('email', 'sms')`)
    .addCheckConstraint('verification_codes_check2', sql`purpose IN ('register', 'forget')`)
    .execute();
  await db.schema
    .createIndex('verification_codes_destination')
    .on('verification_codes')
    .columns(['destination', 'purpose', 'id'])
    .execute();
  await db.schema
    .createIndex('verification_codes_sent')
    .on('verification_codes')
    .columns(['destination', 'created_at'])
    .execute();
  await db.schema
    .createTable('outbox')
    .addColumn('id', ...col.id(dialect))
    .addColumn('to_addr', col.text(dialect), (c) => c.notNull())
    .addColumn('national', col.text(dialect))
    .addColumn('channel', col.text(dialect), (c) => c.notNull())
    .addColumn('purpose', col.text(dialect), (c) => c.notNull())
    .addColumn('code', col.text(dialect), (c) => c.notNull())
    .addColumn('lang', col.text(dialect), (c) => c.notNull())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_to').on('outbox').columns(['to_addr', 'id']).execute();
  await db.schema.createIndex('outbox_national').on('outbox').columns(['national', 'id']).execute();
  await db.schema
    .createTable('currencies')
    .addColumn('id', col.int(dialect), (c) => c.primaryKey())
    .addColumn('name', col.text(dialect), (c) => c.notNull().unique())
    .addColumn('precision', col.int(dialect), (c) => c.notNull())
    .addColumn('usdt_price', col.money(dialect), (c) => c.notNull())
    .addColumn('logo', col.text(dialect))
    .addColumn('sorts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('currencies_check1', sql`"precision" BETWEEN 0 AND 18`)
    .execute();
  await db.schema
    .createTable('wallet_balances')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_type', col.text(dialect), (c) => c.notNull())
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('available', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('locked', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('updated_at', col.millis(dialect), (c) => c.notNull())
    .addUniqueConstraint('wallet_balances_user_id_wallet_type_currency_id_key', [
      'user_id',
      'wallet_type',
      'currency_id',
    ])
    .addCheckConstraint('wallet_balances_check1', sql`wallet_type IN ('change', 'lever', 'legal', 'micro')`)
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_type', col.text(dialect), (c) => c.notNull())
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('field', col.text(dialect), (c) => c.notNull())
    .addColumn('amount', col.money(dialect), (c) => c.notNull())
    .addColumn('balance_after', col.money(dialect), (c) => c.notNull())
    .addColumn('reason', col.text(dialect), (c) => c.notNull())
    .addColumn('ref', col.text(dialect))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addCheckConstraint('ledger_entries_check1', sql`wallet_type IN ('change', 'lever', 'legal', 'micro')`)
    .addCheckConstraint('ledger_entries_check2', sql`field IN ('available', 'locked')`)
    .execute();
  await db.schema
    .createIndex('ledger_entries_wallet')
    .on('ledger_entries')
    .columns(['user_id', 'wallet_type', 'currency_id', 'id'])
    .execute();
  await db.schema.createIndex('ledger_entries_ref').on('ledger_entries').columns(['ref']).execute();
  await db.schema
    .createTable('countries')
    .addColumn('country_id', col.int(dialect), (c) => c.primaryKey())
    .addColumn('area_code', col.text(dialect), (c) => c.notNull())
    .addColumn('name_cn', col.text(dialect), (c) => c.notNull())
    .addColumn('name_en', col.text(dialect), (c) => c.notNull())
    .addColumn('sorts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('countries_check1', startsWithDigit1to9(dialect, 'area_code'))
    .execute();
  await db.schema
    .createTable('news')
    .addColumn('id', ...col.id(dialect))
    .addColumn('category_id', col.int(dialect), (c) => c.notNull())
    .addColumn('sorts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('thumbnail', col.text(dialect))
    .addColumn('published', col.int(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addCheckConstraint('news_check1', sql`published IN (0, 1)`)
    .execute();
  await db.schema
    .createIndex('news_category')
    .on('news')
    .columns(['category_id', 'sorts', 'created_at'])
    .execute();
  await db.schema
    .createTable('news_translations')
    .addColumn('news_id', col.int(dialect), (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('lang', col.text(dialect), (c) => c.notNull())
    .addColumn('title', col.text(dialect), (c) => c.notNull())
    .addColumn('content', col.text(dialect), (c) => c.notNull())
    .addColumn('thumbnail', col.text(dialect))
    .addPrimaryKeyConstraint('news_translations_pk', ['news_id', 'lang'])
    .execute();
  await db.schema
    .createTable('market_trades')
    .addColumn('seq', ...col.id(dialect))
    .addColumn('instrument_id', col.int(dialect), (c) => c.notNull())
    .addColumn('time', col.millis(dialect), (c) => c.notNull())
    .addColumn('price', col.money(dialect), (c) => c.notNull())
    .addColumn('qty', col.money(dialect), (c) => c.notNull())
    .addColumn('side', col.int(dialect), (c) => c.notNull())
    .addColumn('kind', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('market_trades_check1', sql`side IN (1, 2)`)
    .execute();
  await db.schema
    .createIndex('market_trades_instrument_time')
    .on('market_trades')
    .columns(['instrument_id', 'time'])
    .execute();
  await db.schema
    .createTable('market_candles')
    .addColumn('instrument_id', col.int(dialect), (c) => c.notNull())
    .addColumn('period', col.text(dialect), (c) => c.notNull())
    .addColumn('time', col.millis(dialect), (c) => c.notNull())
    .addColumn('open', col.money(dialect), (c) => c.notNull())
    .addColumn('high', col.money(dialect), (c) => c.notNull())
    .addColumn('low', col.money(dialect), (c) => c.notNull())
    .addColumn('close', col.money(dialect), (c) => c.notNull())
    .addColumn('volume', col.money(dialect), (c) => c.notNull())
    .addColumn('amount', col.money(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint('market_candles_pk', ['instrument_id', 'period', 'time'])
    .execute();
  await db.schema
    .createTable('deposit_addresses')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('address', col.text(dialect), (c) => c.notNull().unique())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addUniqueConstraint('deposit_addresses_user_id_currency_id_key', ['user_id', 'currency_id'])
    .execute();
  await db.schema
    .createTable('deposits')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('wallet_type', col.text(dialect), (c) => c.notNull().defaultTo('change'))
    .addColumn('amount', col.money(dialect), (c) => c.notNull())
    .addColumn('address', col.text(dialect))
    .addColumn('tx_info', col.text(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull().defaultTo(2))
    .addColumn('source', col.text(dialect), (c) => c.notNull())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('withdrawal_addresses')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('address', col.text(dialect), (c) => c.notNull())
    .addColumn('label', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('remark', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addUniqueConstraint('withdrawal_addresses_user_id_currency_id_address_key', [
      'user_id',
      'currency_id',
      'address',
    ])
    .execute();
  await db.schema
    .createIndex('withdrawal_addresses_user')
    .on('withdrawal_addresses')
    .columns(['user_id', 'currency_id', 'id'])
    .execute();
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('address', col.text(dialect), (c) => c.notNull())
    .addColumn('label', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('amount', col.money(dialect), (c) => c.notNull())
    .addColumn('fee', col.money(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('reason', col.text(dialect))
    .addColumn('tx_hash', col.text(dialect))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('audited_at', col.millis(dialect))
    .addColumn('finished_at', col.millis(dialect))
    .addCheckConstraint('withdrawals_check1', sql`status IN (0, 1, 2, 3, 4)`)
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', col.text(dialect), (c) => c.notNull())
    .addColumn('card_id', col.text(dialect), (c) => c.notNull())
    .addColumn('card_type', col.text(dialect), (c) => c.notNull())
    .addColumn('countryname', col.text(dialect), (c) => c.notNull())
    .addColumn('adress', col.text(dialect), (c) => c.notNull())
    .addColumn('front_pic', col.text(dialect), (c) => c.notNull())
    .addColumn('reverse_pic', col.text(dialect), (c) => c.notNull())
    .addColumn('hand_pic', col.text(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('reason', col.text(dialect))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('reviewed_at', col.millis(dialect))
    .addCheckConstraint('kyc_submissions_check1', sql`card_type IN ('sfz', 'hz', 'jsz')`)
    .addCheckConstraint('kyc_submissions_check2', sql`status IN (0, 1, 2)`)
    .execute();
  await db.schema
    .createIndex('kyc_submissions_user')
    .on('kyc_submissions')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('kyc_submissions_card')
    .unique()
    .on('kyc_submissions')
    .columns(['card_id'])
    .where(sql<boolean>`status IN (1, 2)`)
    .execute();
  await db.schema
    .createTable('payout_profiles')
    .addColumn('user_id', col.int(dialect), (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('bank_id', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_branch', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', col.text(dialect), (c) => c.notNull())
    .addColumn('real_name', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('alipay_account', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('wechat_nickname', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('wechat_account', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('alipay_qr_code', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('wechat_qr_code', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('account_number', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', col.millis(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', col.text(dialect), (c) => c.primaryKey())
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', col.text(dialect), (c) => c.notNull())
    .addColumn('size', col.int(dialect), (c) => c.notNull())
    .addColumn('sha256', col.text(dialect), (c) => c.notNull())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addCheckConstraint('uploads_check1', sql`kind IN ('png', 'jpg')`)
    .execute();
  await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', col.text(dialect), (c) => c.primaryKey())
    .addColumn('value', col.text(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('spot_orders')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('side', col.text(dialect), (c) => c.notNull())
    .addColumn('mode', col.int(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull())
    .addColumn('instrument_id', col.int(dialect), (c) => c.notNull())
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull())
    .addColumn('legal_id', col.int(dialect), (c) => c.notNull())
    .addColumn('price', col.money(dialect), (c) => c.notNull())
    .addColumn('number', col.money(dialect), (c) => c.notNull())
    .addColumn('total', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('fee', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('fee_currency_id', col.int(dialect), (c) => c.notNull())
    .addColumn('locked', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('completed_at', col.millis(dialect))
    .addColumn('fill_seq', col.int(dialect))
    .addColumn('fill_time', col.millis(dialect))
    .addCheckConstraint('spot_orders_check1', sql`side IN ('in', 'out')`)
    .addCheckConstraint('spot_orders_check2', sql`mode IN (1, 2)`)
    .addCheckConstraint('spot_orders_check3', sql`status IN (0, 1, 2)`)
    .execute();
  await db.schema
    .createIndex('spot_orders_user')
    .on('spot_orders')
    .columns(['user_id', 'status', 'side', 'id'])
    .execute();
  await db.schema
    .createIndex('spot_orders_pending')
    .on('spot_orders')
    .columns(['status', 'instrument_id'])
    .where(sql<boolean>`status = 0`)
    .execute();
  await db.schema
    .createTable('lever_orders')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', col.int(dialect), (c) => c.notNull())
    .addColumn('type', col.int(dialect), (c) => c.notNull())
    .addColumn('order_mode', col.int(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull())
    .addColumn('share', col.int(dialect), (c) => c.notNull())
    .addColumn('multiple', col.int(dialect), (c) => c.notNull())
    .addColumn('per_hand', col.money(dialect), (c) => c.notNull())
    .addColumn('spread', col.money(dialect), (c) => c.notNull())
    .addColumn('fee_rate', col.money(dialect), (c) => c.notNull())
    .addColumn('origin_price', col.money(dialect), (c) => c.notNull())
    .addColumn('price', col.money(dialect), (c) => c.notNull())
    .addColumn('target_price', col.money(dialect))
    .addColumn('margin', col.money(dialect), (c) => c.notNull())
    .addColumn('fee', col.money(dialect), (c) => c.notNull())
    .addColumn('liquidation_price', col.money(dialect), (c) => c.notNull())
    .addColumn('target_profit_price', col.money(dialect))
    .addColumn('stop_loss_price', col.money(dialect))
    .addColumn('close_price', col.money(dialect))
    .addColumn('profits', col.money(dialect))
    .addColumn('close_reason', col.text(dialect))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('opened_at', col.millis(dialect))
    .addColumn('completed_at', col.millis(dialect))
    .addColumn('open_seq', col.int(dialect))
    .addColumn('close_seq', col.int(dialect))
    .addCheckConstraint('lever_orders_check1', sql`type IN (1, 2)`)
    .addCheckConstraint('lever_orders_check2', sql`order_mode IN (0, 1)`)
    .addCheckConstraint('lever_orders_check3', sql`status IN (0, 1, 3, 4)`)
    .execute();
  await db.schema
    .createIndex('lever_orders_user')
    .on('lever_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('lever_orders_live')
    .on('lever_orders')
    .columns(['status'])
    .where(sql<boolean>`status IN (0, 1)`)
    .execute();
  await db.schema
    .createTable('trading_cursors')
    .addColumn('engine', col.text(dialect), (c) => c.notNull())
    .addColumn('instrument_id', col.int(dialect), (c) => c.notNull())
    .addColumn('seq', col.int(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint('trading_cursors_pk', ['engine', 'instrument_id'])
    .execute();
  await db.schema
    .createTable('micro_orders')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('instrument_id', col.int(dialect), (c) => c.notNull())
    .addColumn('type', col.int(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull())
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull())
    .addColumn('number', col.money(dialect), (c) => c.notNull())
    .addColumn('seconds', col.int(dialect), (c) => c.notNull())
    .addColumn('profit_ratio', col.money(dialect), (c) => c.notNull())
    .addColumn('open_price', col.money(dialect), (c) => c.notNull())
    .addColumn('open_seq', col.int(dialect), (c) => c.notNull())
    .addColumn('open_trade_time', col.millis(dialect), (c) => c.notNull())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('end_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('end_price', col.money(dialect))
    .addColumn('end_seq', col.int(dialect))
    .addColumn('end_trade_time', col.millis(dialect))
    .addColumn('fact_profits', col.money(dialect))
    .addColumn('result', col.text(dialect))
    .addColumn('completed_at', col.millis(dialect))
    .addCheckConstraint('micro_orders_check1', sql`type IN (1, 2)`)
    .addCheckConstraint('micro_orders_check2', sql`status IN (1, 3)`)
    .execute();
  await db.schema
    .createIndex('micro_orders_user')
    .on('micro_orders')
    .columns(['user_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('micro_orders_open')
    .on('micro_orders')
    .columns(['status', 'end_at'])
    .where(sql<boolean>`status = 1`)
    .execute();
  await db.schema
    .createTable('fiat_merchants')
    .addColumn('id', col.int(dialect), (c) => c.primaryKey())
    .addColumn('name', col.text(dialect), (c) => c.notNull())
    .addColumn('rate', col.money(dialect), (c) => c.notNull())
    .addColumn('min', col.money(dialect), (c) => c.notNull())
    .addColumn('max', col.money(dialect), (c) => c.notNull())
    .addColumn('alipay', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('wechat', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_no', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('bank_address', col.text(dialect), (c) => c.notNull().defaultTo(''))
    .addColumn('active', col.int(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('sorts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('fiat_orders')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('merchant_id', col.int(dialect), (c) => c.notNull().references('fiat_merchants.id'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('pay_way', col.text(dialect), (c) => c.notNull())
    .addColumn('amount', col.money(dialect), (c) => c.notNull())
    .addColumn('rate', col.money(dialect), (c) => c.notNull())
    .addColumn('usdt_amount', col.money(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('pic', col.text(dialect))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('expire_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('pay_time', col.millis(dialect))
    .addColumn('confirm_time', col.millis(dialect))
    .addColumn('cancel_time', col.millis(dialect))
    .addColumn('cancel_reason', col.text(dialect))
    .addCheckConstraint('fiat_orders_check1', sql`pay_way IN ('alipay', 'wechat', 'bank')`)
    .addCheckConstraint('fiat_orders_check2', sql`status IN (-1, 0, 1, 2)`)
    .addCheckConstraint('fiat_orders_check3', sql`cancel_reason IN ('user', 'timeout', 'merchant')`)
    .execute();
  await db.schema.createIndex('fiat_orders_user').on('fiat_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('fiat_orders_due').on('fiat_orders').columns(['status', 'expire_at']).execute();
  await db.schema
    .createTable('earn_settings')
    .addColumn('name', col.text(dialect), (c) => c.primaryKey())
    .addColumn('value', col.text(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lockup_products')
    .addColumn('id', col.int(dialect), (c) => c.primaryKey())
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('min', col.money(dialect), (c) => c.notNull())
    .addColumn('lixi', col.money(dialect), (c) => c.notNull())
    .addColumn('qixian', col.int(dialect), (c) => c.notNull())
    .addColumn('active', col.int(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('sorts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('lockup_products_check1', sql`qixian > 0`)
    .execute();
  await db.schema
    .createTable('lockup_orders')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('product_id', col.int(dialect), (c) => c.notNull().references('lockup_products.id'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('buy_num', col.money(dialect), (c) => c.notNull())
    .addColumn('lixi', col.money(dialect), (c) => c.notNull())
    .addColumn('qixian', col.int(dialect), (c) => c.notNull())
    .addColumn('fan_lixi', col.money(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('fee', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('refund', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('create_time', col.millis(dialect), (c) => c.notNull())
    .addColumn('end_time', col.millis(dialect), (c) => c.notNull())
    .addColumn('finish_time', col.millis(dialect))
    .addCheckConstraint('lockup_orders_check1', sql`status IN (1, 2, 3)`)
    .execute();
  await db.schema.createIndex('lockup_orders_user').on('lockup_orders').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('lockup_orders_due')
    .on('lockup_orders')
    .columns(['status', 'end_time'])
    .execute();
  await db.schema
    .createTable('launch_projects')
    .addColumn('id', col.int(dialect), (c) => c.primaryKey())
    .addColumn('token_currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('keyword', col.text(dialect), (c) => c.notNull())
    .addColumn('abstract', col.text(dialect), (c) => c.notNull())
    .addColumn('content', col.text(dialect), (c) => c.notNull())
    .addColumn('baipishuurl', col.text(dialect), (c) => c.notNull())
    .addColumn('price_usdt', col.money(dialect), (c) => c.notNull())
    .addColumn('total', col.money(dialect), (c) => c.notNull())
    .addColumn('sold', col.money(dialect), (c) => c.notNull().defaultTo('0'))
    .addColumn('min', col.money(dialect), (c) => c.notNull())
    .addColumn('max', col.money(dialect), (c) => c.notNull())
    .addColumn('lock_days', col.int(dialect), (c) => c.notNull())
    .addColumn('warmup_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('start_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('end_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('publish_at', col.millis(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('launch_pay_currencies')
    .addColumn('project_id', col.int(dialect), (c) => c.notNull().references('launch_projects.id'))
    .addColumn('currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('sorts', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('launch_pay_currencies_pk', ['project_id', 'currency_id'])
    .execute();
  await db.schema
    .createTable('launch_subscriptions')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('project_id', col.int(dialect), (c) => c.notNull().references('launch_projects.id'))
    .addColumn('token_currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('pay_currency_id', col.int(dialect), (c) => c.notNull().references('currencies.id'))
    .addColumn('price', col.money(dialect), (c) => c.notNull())
    .addColumn('amount', col.money(dialect), (c) => c.notNull())
    .addColumn('pay_amount', col.money(dialect), (c) => c.notNull())
    .addColumn('status', col.int(dialect), (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('endtime_at', col.millis(dialect), (c) => c.notNull())
    .addColumn('unlocked_at', col.millis(dialect))
    .addCheckConstraint('launch_subscriptions_check1', sql`status IN (1, 2, 3)`)
    .execute();
  await db.schema
    .createIndex('launch_subscriptions_user')
    .on('launch_subscriptions')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('launch_subscriptions_due')
    .on('launch_subscriptions')
    .columns(['status', 'endtime_at'])
    .execute();
  await db.schema
    .createTable('feedback')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('content', col.text(dialect), (c) => c.notNull())
    .addColumn('img', col.text(dialect))
    .addColumn('is_reply', col.int(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('reply_content', col.text(dialect))
    .addColumn('reply_time', col.millis(dialect))
    .addColumn('create_time', col.millis(dialect), (c) => c.notNull())
    .addCheckConstraint('feedback_check1', sql`is_reply IN (0, 1)`)
    .execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('support_chat_messages')
    .addColumn('id', ...col.id(dialect))
    .addColumn('user_id', col.int(dialect), (c) => c.notNull().references('users.id'))
    .addColumn('sender', col.text(dialect), (c) => c.notNull())
    .addColumn('text', col.text(dialect), (c) => c.notNull())
    .addColumn('created_at', col.millis(dialect), (c) => c.notNull())
    .addCheckConstraint('support_chat_messages_check1', sql`sender IN ('user', 'admin')`)
    .execute();
  await db.schema
    .createIndex('support_chat_user')
    .on('support_chat_messages')
    .columns(['user_id', 'id'])
    .execute();
  // The server's persistent secrets (migrations 8 and 10).
  await db
    .insertInto('server_secrets')
    .values(
      ['upload_url_hmac', 'support_chat_hmac'].map((name) => ({
        name,
        value: crypto.randomBytes(32).toString('base64url'),
      })),
    )
    .execute();
}
