import * as uploads from '../uploads';
import { open, user, type RouteKey, type RouteSpec } from '../route-kit';

/** Image uploads. One part of ROUTES (../routes.ts), loaded alone by the client (../client.ts). */
export const routes = {
  'POST /api/upload': user('Upload an image (multipart, field `file`)', {
    answer: uploads.uploadAnswer,
  }),
  'GET /api/upload/url': user('A signed URL of an upload of the caller', {
    request: uploads.uploadUrlQuery,
    answer: uploads.uploadUrlAnswer,
    addition: true,
  }),
  'GET /api/upload/:id': open('An uploaded image (signed URL)', {
    params: uploads.uploadParams,
    request: uploads.uploadReadQuery,
    answer: null,
    produces: 'image/png | image/jpeg',
  }),
} as const satisfies Record<RouteKey, RouteSpec>;
