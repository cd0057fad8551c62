// The host's runtime config file (app-config.json), read at start: no rebuild to change it.
import type { AppRuntimeConfig } from '@app/shared';

const defaults: AppRuntimeConfig = { walletGate: true, walletDownloadUrl: '/download' };

export async function loadRuntimeConfig(): Promise<AppRuntimeConfig> {
  try {
    const response = await fetch(`/app-config.json?_t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return defaults;
    const raw = (await response.json()) as Partial<AppRuntimeConfig>;
    return {
      walletGate: typeof raw.walletGate === 'boolean' ? raw.walletGate : defaults.walletGate,
      walletDownloadUrl:
        typeof raw.walletDownloadUrl === 'string' ? raw.walletDownloadUrl : defaults.walletDownloadUrl,
    };
  } catch {
    return defaults;
  }
}

/** The app works only inside a wallet app's browser, detected by an injected wallet object (doc 1 §1). */
export function hasInjectedWallet(win: Window = window): boolean {
  const w = win as unknown as Record<string, unknown>;
  return ['ethereum', 'tronWeb', 'tronLink', 'okxwallet', 'bitkeep', 'trustwallet', 'imToken'].some(
    (key) => w[key] !== undefined && w[key] !== null,
  );
}
