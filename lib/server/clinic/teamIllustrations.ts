import 'server-only';

/**
 * Portrait illustrations (public/images/team) for the seeded dietitians, keyed by their
 * e-mail: the profiles have no photo yet. A photo uploaded later takes precedence.
 */
export const teamIllustrations: Record<string, string> = {
  'dietitian@demo.equilibrenutrition.ca': '/images/team/claire-bouchard.svg',
  'sophie.tremblay@demo.equilibrenutrition.ca': '/images/team/sophie-tremblay.svg',
  'marc-andre.gagnon@demo.equilibrenutrition.ca': '/images/team/marc-andre-gagnon.svg',
  'emily.chen@demo.equilibrenutrition.ca': '/images/team/emily-chen.svg',
  'amira.haddad@demo.equilibrenutrition.ca': '/images/team/amira-haddad.svg',
};
