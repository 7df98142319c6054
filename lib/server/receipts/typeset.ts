import 'server-only';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * Text in the receipts' fonts (issue #27 item 5): every character of a name or an address is drawn
 * with a font that has it, or the receipt is not made at all (`missing`), never printed with a
 * letter left out.
 *
 * The fonts are Noto Sans's subsets as Fontsource ships them, looked through in this order for each
 * character: Latin (Latin-1, œ, the typographic quotes, dashes and spaces), Latin Extended (Polish,
 * Czech, Turkish, Romanian, Hungarian, Icelandic, Maltese…), Vietnamese, then Greek and Cyrillic.
 * A document embeds only the subsets it draws with, and of each only the glyphs it uses; every
 * embedded font is named with a subset tag (ABCDEF+NotoSans-Bold), as PDF readers expect.
 *
 * A page is first laid out on a `Sheet` (text measured with fontkit, nothing drawn), then painted:
 * by then the document knows which subsets it needs, and which characters of each.
 */

/** The subsets, in the order a character is looked for. next.config.ts ships exactly these files. */
export const FONT_SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'cyrillic'] as const;
type Subset = (typeof FONT_SUBSETS)[number];
export type Weight = 'regular' | 'bold';
const FILE_WEIGHT = { regular: 400, bold: 700 } as const;
const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'noto-sans', 'files');

type FontkitFont = ReturnType<typeof fontkit.create>;
interface Face {
  key: `${Subset}-${number}`;
  bytes: Buffer;
  font: FontkitFont;
}

/**
 * Each font file is read, unpacked from WOFF into a plain TrueType font and parsed once per
 * process, and only when a character needs it: that font measures text (layout only). Unpacked
 * once: fontkit reads a WOFF's tables by inflating them at each access, and a subset reads the
 * whole glyph table, so each receipt inflated it again (two thirds of its time).
 *
 * pdf-lib gets a font of its own for each document (parsing the unpacked bytes is cheap): fontkit
 * keeps each glyph it made in its font, with the characters it was made for, and a subset makes
 * the parts of an accented letter (the E of É) with none. A later document drawing that E from a
 * shared font wrote no character for it in its text layer: the letter showed, but a reader, a
 * search or a copy lost it.
 */
const faces = new Map<string, Face>();
function faceOf(subset: Subset, weight: Weight): Face {
  const key = `${subset}-${FILE_WEIGHT[weight]}` as const;
  let face = faces.get(key);
  if (!face) {
    const bytes = sfntOfWoff(readFileSync(path.join(FONT_DIR, `noto-sans-${key}-normal.woff`)));
    face = { key, bytes, font: fontkit.create(bytes) };
    faces.set(key, face);
  }
  return face;
}
/**
 * The TrueType (sfnt) font inside a WOFF 1.0 file (W3C WOFF File Format 1.0, §3 to §5): the same
 * tables, each inflated when it was stored compressed, behind an sfnt table directory.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its stated length');
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: the sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}


/** The face that draws a code point in a weight (null: none), remembered per process. */
const chosen = new Map<string, Face | null>();
function faceFor(codePoint: number, weight: Weight): Face | null {
  const key = `${weight}:${codePoint}`;
  let face = chosen.get(key);
  if (face === undefined) {
    face = null;
    for (const subset of FONT_SUBSETS) {
      const candidate = faceOf(subset, weight);
      if (candidate.font.hasGlyphForCodePoint(codePoint)) {
        face = candidate;
        break;
      }
    }
    chosen.set(key, face);
  }
  return face;
}

interface Run {
  face: Face;
  text: string;
  /** The run's advance in font units, once laid out. */
  units?: number;
}

/** Invisible format characters (zero-width joiners, soft hyphens, marks of direction): nothing to draw. */
const INVISIBLE = /^\p{Cf}$/u;

/** A text as runs of one face each, composed (NFC) first; what no face has goes into `missing`. */
function runsOf(text: string, weight: Weight, missing: Set<string>): Run[] {
  const runs: Run[] = [];
  for (const char of text.normalize('NFC')) {
    const face = faceFor(char.codePointAt(0)!, weight);
    if (!face) {
      if (!INVISIBLE.test(char)) missing.add(char);
      continue;
    }
    const last = runs.at(-1);
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  return runs;
}

function runWidth(run: Run, size: number): number {
  if (run.units === undefined) {
    run.units = 0;
    for (const glyph of run.face.font.layout(run.text).glyphs) run.units += glyph.advanceWidth;
  }
  return (run.units / run.face.font.unitsPerEm) * size;
}

type Color = NonNullable<Parameters<PDFPage['drawText']>[1]>['color'];
type Op =
  | { kind: 'text'; runs: Run[]; x: number; y: number; size: number; color: Color }
  | { kind: 'line'; options: Parameters<PDFPage['drawLine']>[0] }
  | { kind: 'rectangle'; options: Parameters<PDFPage['drawRectangle']>[0] };

/** One page, laid out: what to draw, where, in which face. Characters no face has are collected. */
export class Sheet {
  readonly ops: Op[] = [];

  /** `missing` is shared by the sheets of one document. */
  constructor(private readonly missing: Set<string>) {}

  width(text: string, weight: Weight, size: number): number {
    return runsOf(text, weight, this.missing).reduce((sum, run) => sum + runWidth(run, size), 0);
  }

  /** Text left-aligned at (x, y), or right-aligned so that it ends at x. */
  text(text: string, x: number, y: number, style: { weight: Weight; size: number; color: Color; align?: 'left' | 'right' }) {
    const runs = runsOf(text, style.weight, this.missing);
    const width = runs.reduce((sum, run) => sum + runWidth(run, style.size), 0);
    this.ops.push({ kind: 'text', runs, x: style.align === 'right' ? x - width : x, y, size: style.size, color: style.color });
  }

  line(options: Parameters<PDFPage['drawLine']>[0]) {
    this.ops.push({ kind: 'line', options });
  }

  rectangle(options: Parameters<PDFPage['drawRectangle']>[0]) {
    this.ops.push({ kind: 'rectangle', options });
  }
}

/** A subset's tag: six capitals from the font and the characters it holds (the same subset, the same tag). */
function subsetTag(face: Face, chars: Set<string>): string {
  const digest = createHash('sha256').update(face.key).update([...chars].sort().join('')).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/**
 * Embeds the faces the sheets use (a subset of each, named with its tag) and draws each sheet on a
 * new page of `size`.
 */
export async function paintSheets(doc: PDFDocument, sheets: Sheet[], size: [number, number]): Promise<void> {
  doc.registerFontkit(fontkit);
  const used = new Map<Face, Set<string>>();
  for (const sheet of sheets) {
    for (const op of sheet.ops) {
      if (op.kind !== 'text') continue;
      for (const run of op.runs) {
        const chars = used.get(run.face) ?? new Set<string>();
        for (const char of run.text) chars.add(char);
        used.set(run.face, chars);
      }
    }
  }
  const fonts = new Map<Face, PDFFont>();
  for (const [face, chars] of used) {
    const customName = `${subsetTag(face, chars)}+${face.font.postscriptName ?? 'NotoSans'}`;
    fonts.set(face, await doc.embedFont(face.bytes, { subset: true, customName }));
  }
  for (const sheet of sheets) {
    const page = doc.addPage(size);
    for (const op of sheet.ops) {
      if (op.kind === 'line') page.drawLine(op.options);
      else if (op.kind === 'rectangle') page.drawRectangle(op.options);
      else {
        let x = op.x;
        for (const run of op.runs) {
          page.drawText(run.text, { x, y: op.y, font: fonts.get(run.face)!, size: op.size, color: op.color });
          x += runWidth(run, op.size);
        }
      }
    }
  }
}
