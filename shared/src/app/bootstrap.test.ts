import { i18n } from '../i18n/i18n';
import { bootstrapApp } from './bootstrap';

describe('the app start-up', () => {
  afterEach(() => localStorage.clear());

  it('activates the stored language and never overwrites a choice made while it loads', async () => {
    localStorage.setItem('lang', 'de');
    const started = bootstrapApp();
    // Another tab (or a test) stores a new choice while the catalogues load.
    localStorage.setItem('lang', 'zh');
    localStorage.setItem('locale', 'zh');
    await started;
    expect(i18n.locale).toBe('de');
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(localStorage.getItem('locale')).toBe('zh');
  });
});
