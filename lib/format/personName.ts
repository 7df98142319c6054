/**
 * A person's name as the clinic shows it: first then last, one space between. Trimmed, so a
 * person with only one of the two (a guest who left the last name empty) has no stray space.
 */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
