import type { Db } from '../core/db';
import { isoTime } from '../core/clock';
import { LANGS, type Lang } from '../core/validation';
import { SEED_NEWS } from './news-data';

export const NEWS_SCHEMA_V1 = `
CREATE TABLE news (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  category_id INTEGER NOT NULL,
  sorts INTEGER NOT NULL DEFAULT 0,
  thumbnail TEXT,
  published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX news_category ON news (category_id, sorts, created_at);

CREATE TABLE news_translations (
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  thumbnail TEXT,
  PRIMARY KEY (news_id, lang)
);
`;

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

export function seedNews(db: Db, now: number): void {
  const insertNews = db.prepare(
    'INSERT INTO news (category_id, sorts, thumbnail, created_at) VALUES (?, ?, ?, ?)',
  );
  const insertText = db.prepare(
    'INSERT INTO news_translations (news_id, lang, title, content, thumbnail) VALUES (?, ?, ?, ?, ?)',
  );
  for (const article of SEED_NEWS) {
    const id = Number(
      insertNews.run(
        article.category,
        article.sorts,
        article.thumbnail?.('en') ?? null,
        now - article.hoursAgo * 3600_000,
      ).lastInsertRowid,
    );
    for (const lang of LANGS) {
      const t = article.texts[lang];
      insertText.run(id, lang, t.title, t.content, article.thumbnail?.(lang) ?? null);
    }
  }
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

/** The row in `lang` when it exists, else English. */
const SELECT = `
SELECT n.id, n.category_id, n.sorts, n.created_at,
       COALESCE(t.thumbnail, e.thumbnail, n.thumbnail) AS thumbnail,
       COALESCE(t.title, e.title) AS title,
       COALESCE(t.content, e.content) AS content,
       CASE WHEN t.news_id IS NULL THEN 'en' ELSE t.lang END AS lang
FROM news n
LEFT JOIN news_translations t ON t.news_id = n.id AND t.lang = @lang
LEFT JOIN news_translations e ON e.news_id = n.id AND e.lang = 'en'
WHERE n.published = 1 AND (t.news_id IS NOT NULL OR e.news_id IS NOT NULL)`;

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
export function listNews(
  db: Db,
  categoryId: number,
  lang: Lang,
  limit: number,
  publicOrigin: string,
): NewsItem[] {
  const rows = db
    .prepare(
      `${SELECT} AND n.category_id = @category ORDER BY n.sorts ASC, n.created_at DESC, n.id DESC LIMIT @limit`,
    )
    .all({ lang, category: categoryId, limit }) as NewsRow[];
  return rows.map((row) => toItem(row, publicOrigin));
}

export function getNews(db: Db, id: number, lang: Lang, publicOrigin: string): NewsItem | undefined {
  const row = db.prepare(`${SELECT} AND n.id = @id`).get({ lang, id }) as NewsRow | undefined;
  return row ? toItem(row, publicOrigin) : undefined;
}
