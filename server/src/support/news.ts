import type { Q } from '../db';
import { isoTime } from '../core/clock';
import type { Lang } from '../core/validation';

/** A news item as the API answers it. Content is HTML: clients must sanitize it before rendering. */
export interface NewsItem {
  id: number;
  sorts: number;
  thumbnail: string;
  title: string;
  content: string;
  create_time: string;
  c_id: number;
  lang: Lang;
}

interface NewsRow {
  id: number;
  category_id: number;
  sorts: number;
  created_at: number;
  thumbnail: string | null;
  title: string;
  content: string;
  lang: Lang;
}

/** Published items with the row in `lang` when it exists, else the English one (coalesced in toItem). */
function selectNews(q: Q, lang: Lang) {
  return q
    .selectFrom('news as n')
    .leftJoin('news_translations as t', (join) =>
      join.onRef('t.news_id', '=', 'n.id').on('t.lang', '=', lang),
    )
    .leftJoin('news_translations as e', (join) =>
      join.onRef('e.news_id', '=', 'n.id').on('e.lang', '=', 'en'),
    )
    .select(['n.id', 'n.category_id', 'n.sorts', 'n.created_at', 'n.thumbnail'])
    .select([
      't.lang as t_lang',
      't.thumbnail as t_thumbnail',
      't.title as t_title',
      't.content as t_content',
    ])
    .select(['e.thumbnail as e_thumbnail', 'e.title as e_title', 'e.content as e_content'])
    .where('n.published', '=', 1)
    .where((eb) => eb.or([eb('t.news_id', 'is not', null), eb('e.news_id', 'is not', null)]));
}

type SelectedNews = Awaited<ReturnType<ReturnType<typeof selectNews>['executeTakeFirstOrThrow']>>;

function rowOf(r: SelectedNews): NewsRow {
  return {
    id: r.id,
    category_id: r.category_id,
    sorts: r.sorts,
    created_at: r.created_at,
    thumbnail: r.t_thumbnail ?? r.e_thumbnail ?? r.thumbnail,
    title: r.t_title ?? r.e_title ?? '',
    content: r.t_content ?? r.e_content ?? '',
    lang: r.t_lang === null ? 'en' : (r.t_lang as Lang),
  };
}

function absolute(publicOrigin: string, url: string | null): string {
  if (!url) return '';
  return url.startsWith('/') ? `${publicOrigin}${url}` : url;
}

function toItem(row: NewsRow, publicOrigin: string): NewsItem {
  return {
    id: row.id,
    sorts: row.sorts,
    thumbnail: absolute(publicOrigin, row.thumbnail),
    title: row.title,
    content: row.content,
    create_time: isoTime(row.created_at),
    c_id: row.category_id,
    lang: row.lang,
  };
}

/** A category's items in `lang` (English fallback), by `sorts` ascending, then newest first. */
export async function listNews(
  q: Q,
  categoryId: number,
  lang: Lang,
  limit: number,
  publicOrigin: string,
): Promise<NewsItem[]> {
  const rows = await selectNews(q, lang)
    .where('n.category_id', '=', categoryId)
    .orderBy('n.sorts', 'asc')
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toItem(rowOf(row), publicOrigin));
}

export async function getNews(
  q: Q,
  id: number,
  lang: Lang,
  publicOrigin: string,
): Promise<NewsItem | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const row = await selectNews(q, lang).where('n.id', '=', id).executeTakeFirst();
  return row ? toItem(rowOf(row), publicOrigin) : undefined;
}
