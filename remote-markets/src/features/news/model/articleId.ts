/** The article id of a ?id= query, or null when missing or not a positive whole number. */
export function articleIdOf(params: URLSearchParams): number | null {
  const id = params.get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}
