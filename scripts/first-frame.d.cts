// Types of scripts/first-frame.cjs (the static first frames' build-time helpers), for its tests.
export declare const LOCALES: readonly string[];
/** key (data-t in scripts/index.html) -> [catalogue, msgid]. */
export declare const MESSAGES: Record<string, [catalogue: string, id: string]>;
/** How long the page waits for the app's first render before it shows the notice (ms). */
export declare const START_TIMEOUT_MS: number;
export declare function frameTable(localesDir?: string): Record<string, Record<string, string>>;
export declare function frameScript(table?: Record<string, Record<string, string>>): string;
export declare function iconPaths(file?: string): Record<string, string>;
export declare function readPo(file: string): Map<string, string>;
export declare function scriptHash(source: string): string;
export declare function scriptHashes(html: string): string[];
export declare function templateOptions(): { script: string; icons: Record<string, string> };
