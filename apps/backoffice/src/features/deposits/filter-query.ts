/** Only the filters set: an empty one is no filter. The lists and their CSV downloads ask with it. */
export function filterQuery(filters: object): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  return query;
}
