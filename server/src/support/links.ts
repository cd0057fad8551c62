import type { AppConfig } from '../core/config';

export type SupportTerminal = 'mobile' | 'recharge';

/** Customer-service page template: the client replaces {id} and {name}. */
export function supportUrlTemplate(config: AppConfig, terminal: SupportTerminal): string {
  return `${config.publicOrigin}/api/support/chat?uid={id}&name={name}&terminal=${terminal}`;
}

/** The support URL filled in for a user. */
export function supportUrlFor(
  config: AppConfig,
  terminal: SupportTerminal,
  userId: number,
  name: string,
): string {
  return supportUrlTemplate(config, terminal)
    .replace('{id}', encodeURIComponent(String(userId)))
    .replace('{name}', encodeURIComponent(name));
}

/** The generic support URL (no user). */
export function supportUrl(config: AppConfig): string {
  return `${config.publicOrigin}/api/support/chat?terminal=mobile`;
}

export function downloadUrl(config: AppConfig, platform: 'android' | 'ios'): string {
  return `${config.publicOrigin}/api/support/download?platform=${platform}`;
}
