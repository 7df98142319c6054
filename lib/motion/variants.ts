import type { Variants } from 'framer-motion';

/**
 * The site's small vocabulary of entrance animations for framer-motion.
 * Each one has a `hidden` and a `visible` state:
 * `<motion.div variants={getVariant('fadeUp')} initial="hidden" whileInView="visible" />`.
 */
const EASE_OUT = [0.22, 1, 0.36, 1] as const;

export const fadeIn: Variants = {
  hidden: { opacity: 0 },
  visible: { opacity: 1, transition: { duration: 0.5, ease: EASE_OUT } },
};

export const fadeUp: Variants = {
  hidden: { opacity: 0, y: 24 },
  visible: { opacity: 1, y: 0, transition: { duration: 0.5, ease: EASE_OUT } },
};

export const slideInLeft: Variants = {
  hidden: { opacity: 0, x: -32 },
  visible: { opacity: 1, x: 0, transition: { duration: 0.5, ease: EASE_OUT } },
};

export const scaleIn: Variants = {
  hidden: { opacity: 0, scale: 0.92 },
  visible: { opacity: 1, scale: 1, transition: { duration: 0.4, ease: EASE_OUT } },
};

export const variants = { fadeIn, fadeUp, slideInLeft, scaleIn } as const satisfies Record<string, Variants>;

export type VariantName = keyof typeof variants;

export const variantNames = Object.keys(variants) as VariantName[];

export function isVariantName(name: string): name is VariantName {
  // An own-property check, so inherited names such as 'toString' are not variants.
  return Object.prototype.hasOwnProperty.call(variants, name);
}

export function getVariant(name: string): Variants {
  if (!isVariantName(name)) throw new Error(`The variant ${name} does not exist`);
  return variants[name];
}
