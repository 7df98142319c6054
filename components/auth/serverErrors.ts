import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (`field_errors`, dotted paths) on the form's fields, in form
 * order, and moves focus to the first one. `fields` maps server paths to form fields.
 * Returns how many fields received an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string[]>,
  fields: ReadonlyArray<readonly [serverPath: string, field: Path<T>]>,
): number {
  let applied = 0;
  for (const [serverPath, field] of fields) {
    const message = fieldErrors[serverPath]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: applied === 0 });
    applied += 1;
  }
  return applied;
}
