// Server HTML (news, announcements, help) reaches the DOM only through DOMPurify. The
// sanitizer loads on first use (its own chunk), so @app/shared's start-up code stays small.
import { Suspense, lazy } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

interface Purifier {
  sanitize: (html: string) => string;
}

/** What survives: text formatting, links, images, lists and tables. No scripts, handlers, styles or forms. */
const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'textarea', 'select', 'button', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

let purifier: Promise<Purifier> | null = null;

function loadPurifier(): Promise<Purifier> {
  if (!purifier) {
    purifier = import('dompurify').then(
      ({ default: createDOMPurify }) => {
        const instance = createDOMPurify(window);
        instance.addHook('afterSanitizeAttributes', (node) => {
          if (node.nodeName === 'A') {
            const href = node.getAttribute('href') ?? '';
            // Links leaving the app open beside it and learn nothing about it.
            if (/^https?:\/\//i.test(href)) {
              node.setAttribute('target', '_blank');
              node.setAttribute('rel', 'noopener noreferrer');
            } else node.removeAttribute('target');
          }
          if (node.nodeName === 'IMG') node.setAttribute('loading', 'lazy');
        });
        return { sanitize: (html: string) => instance.sanitize(html, CONFIG) };
      },
      (error: unknown) => {
        purifier = null; // a failed chunk may be retried
        throw error;
      },
    );
  }
  return purifier;
}

/** The sanitized form of untrusted HTML (scripts, event handlers and javascript: URLs removed). */
export async function sanitizeHtml(html: string): Promise<string> {
  return (await loadPurifier()).sanitize(html);
}

export interface SanitizedHtmlProps {
  html: string;
  sx?: SxProps<Theme>;
}

/** What shows while the sanitizer (or the view) loads: never the raw HTML. */
export function HtmlSkeleton() {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      aria-busy="true"
      data-testid="html-skeleton"
    >
      <Skeleton variant="text" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="60%" />
    </Box>
  );
}

const SanitizedHtmlView = lazy(() => import('./SanitizedHtmlView'));

/** Renders untrusted HTML after sanitizing it; links inside the app navigate without a reload. */
export function SanitizedHtml(props: SanitizedHtmlProps) {
  return (
    <Suspense fallback={<HtmlSkeleton />}>
      <SanitizedHtmlView {...props} />
    </Suspense>
  );
}
