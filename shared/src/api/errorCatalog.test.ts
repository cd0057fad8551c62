import { activateLocale, i18n, isCatalogLoaded, registerCatalog, type Locale } from '../i18n/i18n';
import { apiFailure, mockFetch, networkDown, type FetchMock } from '../testing/fetch';
import { ApiError, call } from './client';
import { apiErrorMessage } from './errors';

// Its own file: a fresh module registry, so the failures' catalogue is not in yet.
let net: FetchMock | undefined;
afterEach(() => {
  net?.restore();
  net = undefined;
});

const rejectionOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
};

describe("the failures' catalogue", () => {
  it('is in before a failed call rejects, in the active language, and follows a switch', async () => {
    await activateLocale('de');
    expect(isCatalogLoaded('errors', 'de')).toBe(false);
    net = mockFetch({ 'POST /api/sms_mail': () => apiFailure('code.resend_wait', 'wait', 42) });
    const error = await rejectionOf(call('POST /api/sms_mail', { user_string: 'a@example.com', lang: 'de' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(isCatalogLoaded('errors', 'de')).toBe(true);
    expect(apiErrorMessage(i18n, error)).toBe('Bitte warten Sie, bevor Sie einen neuen Code anfordern');
    await activateLocale('es');
    expect(isCatalogLoaded('errors', 'es')).toBe(true);
    await activateLocale('en');
  });

  it('a network failure reads its text from the catalogue every route loads at start-up', async () => {
    await registerCatalog('shared', (locale: Locale) => import(`../../../locales/${locale}/shared`));
    await activateLocale('jp');
    net = mockFetch({ 'POST /api/sms_mail': () => networkDown() });
    const error = await rejectionOf(call('POST /api/sms_mail', { user_string: 'a@example.com', lang: 'jp' }));
    expect(apiErrorMessage(i18n, error)).toBe('ネットワークエラーです。もう一度お試しください');
    await activateLocale('en');
  });
});
