import { z } from 'zod';
import { optionalId, optionalText, positiveId } from './fields';

export const newsListBody = z.object({
  c_id: positiveId(),
  lang: optionalText(z.string().max(10)),
  limit: optionalId(),
});
export const newsDetailBody = z.object({
  id: positiveId(),
  lang: optionalText(z.string().max(10)),
});
export const custormQuery = z.object({
  terminal: optionalText(z.enum(['mobile', 'recharge'])),
});
export const bannerParams = z.object({ file: z.string().regex(/^\d{1,3}\.svg$/) });
export const langQuery = z.object({ lang: optionalText(z.string().max(10)) });
export const downloadQuery = z.object({ platform: optionalText(z.enum(['android', 'ios'])) });

export const feedbackListBody = z.object({ limit: optionalId(), lang: optionalText(z.string().max(10)) });
export const feedbackDetailBody = z.object({ id: positiveId('feedback.not_found') });
export const feedbackAddBody = z.object({
  content: optionalText(z.string().max(20_000, { error: 'feedback.too_long' })),
  img: optionalText(z.string().trim().max(2000)),
});

export const chatTokenQuery = z.object({ t: optionalText(z.string().max(200)) });
export const chatPageQuery = z.object({
  t: optionalText(z.string().max(200)),
  lang: optionalText(z.string().max(10)),
});
export const chatSendBody = z.object({
  t: optionalText(z.string().max(200)),
  text: optionalText(z.string().max(20_000, { error: 'chat.too_long' })),
});

// ------------------------------------------------------------------ answers

export const kefuAnswer = z.object({
  appdown: z.object({ android: z.string(), ios: z.string() }),
  mobile: z.string(),
});

export const newsItem = z.object({
  id: z.number().int(),
  sorts: z.number().int(),
  thumbnail: z.string(),
  title: z.string(),
  content: z.string(),
  create_time: z.string(),
  c_id: z.number().int(),
  lang: z.enum(['en', 'zh', 'hk', 'jp', 'kr', 'de', 'es']),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsListAnswer = z.object({ list: z.array(newsItem) });

export const countryListAnswer = z.array(
  z.object({
    country_id: z.number().int(),
    area_code: z.string(),
    name_cn: z.string(),
    name_en: z.string(),
  }),
);

export const feedbackView = z.object({
  id: z.number().int(),
  content: z.string(),
  img: z.string(),
  /** 1 replied, 0 waiting (doc 2 §4). */
  is_reply: z.literal([0, 1]),
  reply_content: z.string(),
  reply_time: z.string().nullable(),
  create_time: z.string(),
  account_number: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackView>;

export const chatMessage = z.object({
  id: z.number().int(),
  from: z.enum(['user', 'admin']),
  text: z.string(),
  created_at: z.string(),
});
