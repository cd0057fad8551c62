import { z } from 'zod';
import * as support from '../support';
import { open, user, type RouteKey, type RouteSpec } from '../route-kit';

/** Support, news, countries and other content. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'GET /api/cfg/kefu': open('Download and support links', { answer: support.kefuAnswer }),
  'GET /api/custorm': open('The support chat URL template (signed with a session)', {
    request: support.custormQuery,
    answer: z.string(),
  }),
  'POST /api/news/list': open('News of a category', {
    request: support.newsListBody,
    answer: support.newsListAnswer,
  }),
  'POST /api/news/detail': open('One news item', {
    request: support.newsDetailBody,
    answer: support.newsItem,
  }),
  'GET /api/country/list': open('Countries and calling codes', {
    answer: support.countryListAnswer,
    addition: true,
  }),
  'GET /api/assets/banner/:file': open('A generated banner image', {
    params: support.bannerParams,
    request: support.langQuery,
    answer: null,
    produces: 'image/svg+xml',
    addition: true,
  }),
  'GET /api/support/download': open('The wallet download page', {
    request: support.downloadQuery,
    answer: null,
    produces: 'text/html',
  }),
  'POST /api/feedback/list': user('The caller’s complaints', {
    request: support.feedbackListBody,
    answer: z.array(support.feedbackView),
  }),
  'POST /api/feedback/detail': user('One complaint', {
    request: support.feedbackDetailBody,
    answer: support.feedbackView,
  }),
  'POST /api/feedback/add': user('File a complaint', {
    request: support.feedbackAddBody,
    answer: z.object({ id: z.number().int() }),
  }),
  'GET /api/support/chat': open('The support chat page (chat token `t`)', {
    request: support.chatPageQuery,
    answer: null,
    produces: 'text/html',
    addition: true,
  }),
  'GET /api/support/chat.js': open('The chat page script', {
    answer: null,
    produces: 'text/javascript',
    addition: true,
  }),
  'GET /api/support/chat.css': open('The chat page style', {
    answer: null,
    produces: 'text/css',
    addition: true,
  }),
  'GET /api/support/chat/messages': open('Chat history (chat token `t`)', {
    request: support.chatTokenQuery,
    answer: z.array(support.chatMessage),
    addition: true,
  }),
  'POST /api/support/chat/send': open('Send a chat message (chat token `t`)', {
    request: support.chatSendBody,
    answer: support.chatMessage,
    addition: true,
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
