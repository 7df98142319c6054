import { describe, expect, it } from 'vitest';
import { fadeIn, getVariant, isVariantName, variantNames, variants, type VariantName } from '@/lib/motion/variants';

describe('motion variants', () => {
  it('names the four variants', () => {
    expect(variantNames).toEqual(['fadeIn', 'fadeUp', 'slideInLeft', 'scaleIn']);
  });

  it.each(['fadeIn', 'fadeUp', 'slideInLeft', 'scaleIn'] satisfies VariantName[])(
    'returns %s with hidden and visible states',
    (name) => {
      const variant = getVariant(name);
      expect(variant).toBe(variants[name]);
      expect(variant).toHaveProperty('hidden');
      expect(variant).toHaveProperty('visible');
      expect(variant.hidden).toMatchObject({ opacity: 0 });
      expect(variant.visible).toMatchObject({ opacity: 1 });
    },
  );

  it('exports each variant by name too', () => {
    expect(getVariant('fadeIn')).toBe(fadeIn);
  });

  it.each(['bounce', '', 'FadeIn', 'toString', 'constructor', 'hasOwnProperty', '__proto__'])(
    'throws for the unknown variant %j',
    (name) => {
      expect(isVariantName(name)).toBe(false);
      expect(() => getVariant(name)).toThrow(new Error(`The variant ${name} does not exist`));
    },
  );
});
