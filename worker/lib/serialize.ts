/** The spec's client reads `_id`: rename `id`, drop the fields named, keep the rest (Dates become ISO in JSON). */
export function withId<T extends { id: string }, K extends keyof T = never>(
  row: T,
  omit: readonly K[] = [],
): Omit<T, 'id' | K> & { _id: string } {
  const { id, ...rest } = row;
  for (const key of omit) delete (rest as Record<PropertyKey, unknown>)[key];
  return { _id: id, ...(rest as Omit<T, 'id' | K>) };
}
