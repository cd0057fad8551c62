import type { z } from 'zod';

/**
 * A column read from the database, narrowed once to the contract's type of the answer field it
 * fills (a status column to the schema's literal union). A value the contract does not allow is
 * a broken row, not something to pass on: it throws, naming the column and the value (the request
 * answers `internal`, the log says which row to look at).
 */
export function columnAs<S extends z.ZodType>(schema: S, value: unknown, column: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(`${column} holds ${JSON.stringify(value)}, which the contract does not allow`);
}
