import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { resolveToken, tokenFromHeader } from '../core/auth';
import { route } from '../core/contract';
import { ok } from '../core/envelope';
import { notFound } from '../core/errors';
import { headerLang } from '../core/request';
import { normalizeLang } from '../core/validation';
import { bannerSvg } from './banners';
import { chatToken, registerChatRoutes } from './chat';
import { registerFeedbackRoutes } from './feedback';
import { listCountries } from './countries';
import { downloadUrl, supportUrl, supportUrlTemplate } from './links';
import { getNews, listNews } from './news';

export const NEWS_MAX_LIMIT = 100;

/** Support and content: customer-service links, news, countries, generated banner images. */
export function registerSupportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config } = ctx;
  const { q } = ctx.store;

  route(app, 'GET /api/cfg/kefu', () =>
    ok({
      appdown: { android: downloadUrl(config, 'android'), ios: downloadUrl(config, 'ios') },
      mobile: supportUrl(config),
    }),
  );

  // With a valid session the template carries the signed chat token (and the language); without
  // one the chat page asks the user to log in.
  route(app, 'GET /api/custorm', async ({ input: { terminal }, request }) => {
    const template = supportUrlTemplate(config, terminal ?? 'mobile');
    const token = tokenFromHeader(request.headers.authorization);
    const session = token ? await resolveToken(q, token, ctx.clock.now()) : undefined;
    if (!session) return ok(template);
    const signed = `t=${await chatToken(ctx, session.userId, session.tokenHash)}&lang=${headerLang(request)}&`;
    return ok(template.replace('/api/support/chat?', `/api/support/chat?${signed}`));
  });

  registerFeedbackRoutes(app, ctx);
  registerChatRoutes(app, ctx);

  route(app, 'POST /api/news/list', async ({ input, request }) => {
    const lang = normalizeLang(input.lang) ?? headerLang(request);
    const limit = Math.min(input.limit ?? NEWS_MAX_LIMIT, NEWS_MAX_LIMIT);
    return ok({ list: await listNews(q, input.c_id, lang, limit, config.publicOrigin) });
  });

  route(app, 'POST /api/news/detail', async ({ input, request }) => {
    const lang = normalizeLang(input.lang) ?? headerLang(request);
    const item = await getNews(q, input.id, lang, config.publicOrigin);
    if (!item) throw notFound('news.not_found');
    return ok(item);
  });

  route(app, 'GET /api/country/list', async () => ok(await listCountries(q)));

  route(app, 'GET /api/assets/banner/:file', ({ params, input, reply }) => {
    const svg = bannerSvg(Number(params.file.replace('.svg', '')), normalizeLang(input.lang) ?? 'en');
    if (!svg) throw notFound();
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });

  // The page a browser outside the wallet app is sent to (spec: "redirect to a wallet download page").
  route(app, 'GET /api/support/download', ({ input: { platform }, reply }) => {
    const label = platform === 'ios' ? 'iOS' : platform === 'android' ? 'Android' : 'your phone';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Get the wallet app</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0b1f24;color:#e6f4f2;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center}
main{max-width:22rem;padding:2rem}h1{font-size:1.4rem}p{color:#9fd8d1;line-height:1.5}</style></head>
<body><main><h1>Open this app in your wallet</h1><p>This trading app runs inside a crypto wallet's built-in browser. Install a wallet app for ${label}, then open ${config.publicOrigin} from its browser.</p></main></body></html>`;
    return reply.header('content-type', 'text/html; charset=utf-8').send(html);
  });
}
