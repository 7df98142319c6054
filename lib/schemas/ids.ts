import { z } from 'zod';

/**
 * Ids (issue #38, item 1): every id a client sends, in a path, a query or a JSON body, goes
 * through one of these, so that no value reaches the database outside its `integer` range: such a
 * value names no row (404 or a field error), it is never a database error (500).
 */

/** The largest id a PostgreSQL `integer` column holds: a larger one is no row, not a database error. */
export const MAX_DB_ID = 2_147_483_647;

/** A Validation key, or a function choosing one from the issue (e.g. 'required' when absent). */
type IdError = string | ((issue: { input?: unknown }) => string | undefined);

const errorOf = (error?: IdError) => (error === undefined ? undefined : { error });

/** An id in a JSON body: a positive integer within the database's range. */
export function idSchema(error?: IdError) {
  return z.int32(errorOf(error)).positive(errorOf(error));
}

/**
 * An id in a path or a query string: decimal digits without a leading zero, 1 to MAX_DB_ID.
 * "2147483648", "9007199254740993", "-1", "0", "1.5", "1e3", " 7" and "0x10" are no id.
 */
export function idTextSchema(error?: IdError) {
  return z
    .string(errorOf(error))
    .regex(/^[1-9]\d{0,9}$/, errorOf(error))
    .transform(Number)
    .pipe(z.number().max(MAX_DB_ID, errorOf(error)));
}
