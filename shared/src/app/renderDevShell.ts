import type { DevShellPage } from './devShell';

export type { DevShellPage };

/** Runs a remote alone (dev only); the shell's code is not part of the app's start-up. */
export async function renderDevShell(name: string, pages: DevShellPage[]): Promise<void> {
  const { mountDevShell } = await import('./devShell');
  await mountDevShell(name, pages);
}
