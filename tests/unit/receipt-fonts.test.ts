// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { FONT_SUBSETS, sfntOfWoff } from '@/lib/server/receipts/typeset';

const fontFile = (subset: string, weight: number) =>
  readFileSync(path.join(process.cwd(), 'node_modules/@fontsource/noto-sans/files', `noto-sans-${subset}-${weight}-normal.woff`));

/** The receipts' fonts are unpacked from WOFF once per process (issue 27's fonts, made fast). */
describe('sfntOfWoff', () => {
  it.each(FONT_SUBSETS.flatMap((subset) => [400, 700].map((weight) => [subset, weight] as const)))(
    'unpacks Noto Sans %s %i into a TrueType font with the same glyphs and metrics',
    (subset, weight) => {
      const woff = fontFile(subset, weight);
      const sfnt = sfntOfWoff(woff);
      const packed = fontkit.create(woff);
      const unpacked = fontkit.create(sfnt);
      expect(sfnt.toString('latin1', 0, 4)).not.toBe('wOFF');
      expect(unpacked.postscriptName).toBe(packed.postscriptName);
      expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
      const sample = 'Łucja Nguyễn, Şişli, Ελένη, Ольга 1 234,56 $';
      const advances = (font: typeof packed) => font.layout(sample).glyphs.map((glyph) => [glyph.id, glyph.advanceWidth]);
      expect(advances(unpacked)).toEqual(advances(packed));
    },
  );

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => sfntOfWoff(Buffer.from('not a font at all, not at all.....................'))).toThrow(/WOFF/);
  });
});
