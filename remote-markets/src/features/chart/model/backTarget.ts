// Back from the chart (doc 1 §2): to /{from}, adding ?mode when from is trade; default /.

/** Only a plain page name may come from the query (no "//elsewhere", no scheme). */
const PAGE = /^[A-Za-z][A-Za-z0-9_-]{0,30}$/;

export function klineBackTarget(query: URLSearchParams): string {
  const from = query.get('from') ?? '';
  if (!PAGE.test(from)) return '/';
  if (from === 'trade') {
    const mode = query.get('mode') ?? '';
    return /^\d+$/.test(mode) ? `/trade?mode=${mode}` : '/trade';
  }
  return `/${from}`;
}
