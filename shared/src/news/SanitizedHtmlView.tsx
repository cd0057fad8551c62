// The view of SanitizedHtml: sanitizes, then renders; internal links navigate in the app.
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../routing/navigate';
import Box from '@mui/material/Box';
import { ErrorState } from '../ui/states';
import { HtmlSkeleton, sanitizeHtml, type SanitizedHtmlProps } from './SanitizedHtml';

/** The view of SanitizedHtml (loaded on demand). */
export default function SanitizedHtmlView({ html, sx }: SanitizedHtmlProps) {
  const navigate = useNavigate();
  const [state, setState] = useState<{ source: string; clean: string } | { source: string; failed: true }>();
  const [attempt, setAttempt] = useState(0);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let alive = true;
    sanitizeHtml(html).then(
      (clean) => alive && setState({ source: html, clean }),
      () => alive && setState({ source: html, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [html, attempt]);

  // An image that fails to load is hidden rather than shown broken ('error' does not bubble: capture it).
  const ready = state !== undefined && !('failed' in state);
  useEffect(() => {
    const node = body.current;
    if (!ready || !node) return;
    const hide = (event: Event) => {
      if (event.target instanceof HTMLImageElement) event.target.style.display = 'none';
    };
    node.addEventListener('error', hide, true);
    for (const img of node.querySelectorAll('img')) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) img.style.display = 'none';
    }
    return () => node.removeEventListener('error', hide, true);
  }, [ready]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const target = event.target instanceof Element ? event.target.closest('a') : null;
      const href = target?.getAttribute('href');
      if (!href || !href.startsWith('/') || href.startsWith('//')) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );

  if (!state || state.source !== html) {
    return <HtmlSkeleton />;
  }
  if ('failed' in state) return <ErrorState onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <Box
      ref={body}
      onClick={onClick}
      sx={[
        {
          typography: 'body1',
          lineHeight: 1.7,
          overflowWrap: 'anywhere',
          '& p': { my: 1 },
          '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
          '& a': { color: 'primary.main' },
          // A link whose target was removed (javascript:) is plain text.
          '& a:not([href])': { color: 'inherit', textDecoration: 'none' },
          '& table': { width: '100%', borderCollapse: 'collapse' },
          '& td, & th': { border: 1, borderColor: 'divider', p: 0.5 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: state.clean }}
    />
  );
}
