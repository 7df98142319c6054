/** The largest id a PostgreSQL `integer` column holds: a larger one is no row, not a database error. */
export const MAX_DB_ID = 2_147_483_647;
