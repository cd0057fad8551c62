import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useLingui } from '@lingui/react';
import type { Messages } from '@lingui/core';
// The data layer, installed as in every page test.
import '../testing/render';
import { I18nProvider } from './I18nProvider';
import type { Locale } from './i18n';
import { withCatalog } from './useCatalog';

// Its own file: a fresh module registry, so the page's catalogue is not in yet.
let shellRenders = 0;
const counted = () => {
  shellRenders += 1;
};

function Shell() {
  const { i18n } = useLingui();
  // After every render of it.
  useEffect(counted);
  return <nav>{i18n._('tabs')}</nav>;
}

function Greeting() {
  const { i18n } = useLingui();
  return <p>{i18n._('greeting')}</p>;
}

describe('withCatalog', () => {
  it("shows the page's skeleton, then the page in its language, and renders nothing else again", async () => {
    let deliver: (catalogue: { messages: Messages }) => void = () => undefined;
    const loader = (_locale: Locale) =>
      new Promise<{ messages: Messages }>((resolve) => {
        deliver = resolve;
      });
    const Page = withCatalog({ name: 'page', loader }, 'test/Greeting', Greeting);
    render(
      <I18nProvider>
        <Shell />
        <Page />
      </I18nProvider>,
    );
    expect(screen.queryByRole('paragraph')).not.toBeInTheDocument();
    const before = shellRenders;

    await act(async () => deliver({ messages: { greeting: 'Hello from the catalogue' } }));
    expect(screen.getByRole('paragraph')).toHaveTextContent('Hello from the catalogue');
    expect(shellRenders).toBe(before);
  });
});
