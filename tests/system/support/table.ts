// A plain-text table for the system scripts' summaries (readable in a CI log, easy to quote).

export type Row = Record<string, string | number>;

export function formatTable(rows: Row[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = Object.keys(rows[0]!);
  const cell = (row: Row, column: string) => String(row[column] ?? '');
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row, column).length)));
  // Numbers right-aligned, text left-aligned.
  const line = (values: string[], numeric: boolean[]) =>
    values.map((value, i) => (numeric[i] ? value.padStart(widths[i]!) : value.padEnd(widths[i]!))).join('  ').trimEnd();
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === 'number'));
  return [
    line(columns, numeric),
    line(widths.map((width) => '-'.repeat(width)), numeric),
    ...rows.map((row) => line(columns.map((column) => cell(row, column)), numeric)),
  ].join('\n');
}

/** Percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
