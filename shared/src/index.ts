// @app/shared: the API client and typed calls, entity types, the singletons (session,
// locale, theme, socket), decimal helpers and a small UI kit. Nothing domain-specific.
export * from './config/storage';
export * from './config/navigation';
export * from './api/client';
export * from './api/calls';
export * from './api/errors';
export * from './types/entities';
export * from './session/session';
export * from './i18n/i18n';
export * from './i18n/useCatalog';
export * from './theme/theme';
export * from './socket/socket';
export * from './decimal/decimal';
export * from './routing/routeMeta';
export * from './ui/toast';
export * from './ui/icons';
export * from './ui/PageShell';
export * from './ui/states';
export * from './ui/ConfirmDialog';
export * from './ui/ConnectionIndicator';
export * from './ui/ToastHost';
export * from './ui/LanguagePicker';
export * from './ui/ThemeSwitch';
export * from './app/AppProviders';
export * from './app/bootstrap';
export * from './pages/contract';
export * from './routing/router';
export { renderDevShell, type DevShellPage } from './app/renderDevShell';
