/**
 * Fills the support URL template of GET /api/custorm: {id} with the user id and {name} with the
 * account, both URL-encoded; a guest gets empty values.
 */
export function fillServiceUrl(template: string, id: string | null, name: string | null): string {
  return template
    .replace(/\{id\}/g, encodeURIComponent(id ?? ''))
    .replace(/\{name\}/g, encodeURIComponent(name ?? ''));
}

/** The chat page follows the app's theme: day adds `theme=day` (server/API.md). */
export function withTheme(url: string, day: boolean): string {
  if (!day) return url;
  return `${url}${url.includes('?') ? '&' : '?'}theme=day`;
}
