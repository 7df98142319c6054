/** SPEC §5: 11 digits display as +1 (xxx) xxx-xxxx; anything else is shown as given. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11) return value;
  return `+${digits[0]} (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
}

/** A tel: link target for the same number; 10 digits are a North American number (+1). */
export function phoneHref(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
