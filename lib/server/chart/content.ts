import 'server-only';
import { createHash } from 'node:crypto';
import { chartContentSchema, type ChartContent } from '@/lib/schemas/chart';
import { decryptJson, encryptJson } from '@/lib/server/intake/crypto';

/**
 * A chart entry's fields at rest (issue #40): encrypted as the intake answers are (AES-256-GCM
 * under the intake key), bound to the entry's public id so that a ciphertext copied onto another
 * entry does not decrypt. An addendum's reason and text are bound to its entry the same way.
 */
const entryContext = (publicId: string) => `chart:${publicId}`;
const addendumContext = (publicId: string) => `chart-addendum:${publicId}`;

export function sealContent(content: ChartContent, publicId: string): string {
  return encryptJson(content, entryContext(publicId));
}

/** The stored fields, read through the schema: an entry saved by an older version gets today's shape. */
export function openContent(stored: string, publicId: string): ChartContent {
  return chartContentSchema.parse(decryptJson(stored, entryContext(publicId)));
}

export interface AddendumContent {
  reason: string;
  text: string;
}

export function sealAddendum(content: AddendumContent, entryPublicId: string): string {
  return encryptJson(content, addendumContext(entryPublicId));
}

export function openAddendum(stored: string, entryPublicId: string): AddendumContent {
  const value = decryptJson(stored, addendumContext(entryPublicId)) as Partial<AddendumContent>;
  return { reason: String(value.reason ?? ''), text: String(value.text ?? '') };
}

/**
 * The signature's hash: SHA-256 over what was signed (whose record, which visit, the author, the
 * template, when the care happened and every field), as canonical JSON. Printed on the chart PDF
 * and shown with the entry; recomputing it from the stored content shows the content is the one signed.
 */
export function signatureHash(entry: {
  publicId: string;
  patientId: number;
  appointmentId: number | null;
  authorId: number;
  template: string;
  occurredAt: Date;
  content: ChartContent;
}): string {
  const signed = [
    entry.publicId,
    entry.patientId,
    entry.appointmentId,
    entry.authorId,
    entry.template,
    entry.occurredAt.toISOString(),
    canonical(entry.content),
  ];
  return createHash('sha256').update(JSON.stringify(signed)).digest('hex');
}

/** Keys in sorted order at every level, so that the hash does not depend on how the object was built. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
