import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useLingui } from '@lingui/react';
import { I18nProvider } from './I18nProvider';
import { activateLocale, i18n, registerCatalog, type Locale } from './i18n';

// Its own file: a fresh module registry, so no catalogue is in yet.
let renders = 0;
const counted = () => {
  renders += 1;
};
function Texts() {
  const { i18n: lingui } = useLingui();
  // After every render of it.
  useEffect(counted);
  return (
    <>
      <p>{lingui._('title')}</p>
      <p>{lingui._('greeting')}</p>
    </>
  );
}

const catalogueOf = (id: string, text: string) => (locale: Locale) =>
  Promise.resolve({ messages: { [id]: `${text} (${locale})` } });

describe("the app's I18nProvider", () => {
  it('shows a loaded catalogue at once, and renders nothing again for a quiet one', async () => {
    await registerCatalog('start', catalogueOf('title', 'Titel'));
    await activateLocale('de');
    render(
      <I18nProvider>
        <Texts />
      </I18nProvider>,
    );
    const [title, greeting] = screen.getAllByRole('paragraph');
    expect(title).toHaveTextContent('Titel (de)');
    expect(greeting).toHaveTextContent('greeting');

    await act(() => registerCatalog('page', catalogueOf('greeting', 'Hallo')));
    expect(greeting).toHaveTextContent('Hallo (de)');

    const before = renders;
    await act(() => registerCatalog('failures', catalogueOf('greeting', 'Fehler'), { quiet: true }));
    expect(renders).toBe(before);
    expect(greeting).toHaveTextContent('Hallo (de)');
    // Its texts are there for whatever renders next.
    expect(i18n._('greeting')).toBe('Fehler (de)');

    // A switch loads every catalogue (the quiet one too) and renders the new language.
    await act(() => activateLocale('es'));
    expect(title).toHaveTextContent('Titel (es)');
    expect(greeting).toHaveTextContent('Fehler (es)');
    await act(() => activateLocale('en'));
  });
});
