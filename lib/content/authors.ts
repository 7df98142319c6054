/**
 * The dietitians who sign posts, keyed by the `author` field of the front matter.
 * Names match the team seeded in lib/server/db/seed/team.ts; content is built without
 * the database, so the names live here.
 */
export const authors = {
  'claire-bouchard': { name: 'Claire Bouchard' },
  'sophie-tremblay': { name: 'Sophie Tremblay' },
  'marc-andre-gagnon': { name: 'Marc-André Gagnon' },
  'emily-chen': { name: 'Emily Chen' },
  'amira-haddad': { name: 'Amira Haddad' },
} as const;

export type AuthorKey = keyof typeof authors;
export const authorKeys = Object.keys(authors) as [AuthorKey, ...AuthorKey[]];
