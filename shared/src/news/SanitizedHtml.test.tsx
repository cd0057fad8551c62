import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../testing/render';
import { SanitizedHtml, sanitizeHtml } from './SanitizedHtml';

declare global {
  interface Window {
    __xss?: number;
  }
}

const HOSTILE =
  '<p>Never share codes.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
  '<p><a href="javascript:window.__xss=3">report</a> <a href="/help">help</a> <a href="https://example.com/">out</a></p>' +
  '<div style="position:fixed" onclick="window.__xss=4">styled</div><iframe src="https://evil.example"></iframe>';

beforeEach(() => {
  delete window.__xss;
});

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers, javascript: URLs, styles and frames', async () => {
    const clean = await sanitizeHtml(HOSTILE);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|style=|<iframe/i);
    expect(clean).toContain('<p>Never share codes.</p>');
    expect(clean).toContain('<img src="x"');
    expect(clean).toContain('<a href="/help">help</a>');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });
});

describe('SanitizedHtml', () => {
  it('renders only the sanitized markup: nothing hostile runs', async () => {
    renderPage(<SanitizedHtml html={HOSTILE} />, {
      url: '/news',
      otherRoutes: { '/help': <p>Help screen</p> },
    });
    expect(screen.getByTestId('html-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('Never share codes.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror], [onclick], [style*="fixed"], iframe')).toBeNull();
    expect(screen.getByText('report')).not.toHaveAttribute('href');
    expect(screen.getByText('out')).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(window.__xss).toBeUndefined());
  });

  it('follows links inside the app without a reload', async () => {
    const user = userEvent.setup();
    renderPage(<SanitizedHtml html={HOSTILE} />, {
      url: '/news',
      otherRoutes: { '/help': <p>Help screen</p> },
    });
    await user.click(await screen.findByRole('link', { name: 'help' }));
    expect(await screen.findByText('Help screen')).toBeInTheDocument();
  });
});
