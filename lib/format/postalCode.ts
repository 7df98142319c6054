/**
 * SPEC §5: a postal code of 6 characters displays as 3+3 separated by a dash ('K1P-5G3').
 * Spaces and dashes typed by the visitor are ignored; anything else is shown as given.
 */
export function formatPostalCode(value: string): string {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (compact.length !== 6) return value.trim();
  return `${compact.slice(0, 3)}-${compact.slice(3)}`;
}
