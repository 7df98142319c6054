import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text of a PDF as poppler's `pdftotext` extracts it (what a reader selects and copies), with
 * no-break spaces read as spaces. Pages are separated by a form feed.
 */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-pdf-'));
  try {
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fonts of a PDF as `pdffonts` lists them: name, type, embedded... */
export function pdfFonts(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-pdf-'));
  try {
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdffonts', [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The base64 PDF attachments of a raw e-mail (.eml), decoded. */
export function pdfAttachments(eml: string): Uint8Array[] {
  const found: Uint8Array[] = [];
  for (const part of eml.split(/\r?\n--/)) {
    if (!/Content-Type: application\/pdf/i.test(part)) continue;
    const body = part.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s+/g, '');
    found.push(Buffer.from(body, 'base64'));
  }
  return found;
}
