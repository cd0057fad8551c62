// Transient failures of a remote are retried by the federation runtime's maintained retry
// plugin: its manifest (fetch: 3 attempts, the plugin's fixed 1 s apart), its entry script and
// the chunks of an exposed page (script: 3 attempts 400 ms apart). Only when they are spent does
// the page fail (fallback.tsx).
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export function retryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: { retryTimes: 2 },
    script: { retryTimes: 2, retryDelay: 400 },
  });
}
