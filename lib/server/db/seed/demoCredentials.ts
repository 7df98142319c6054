import 'server-only';

/**
 * The demo accounts (SEED_DEMO, on by default for the embedded database). Public on purpose:
 * the README quotes them so anyone can try the patient and the employee sides.
 */
export const DEMO_PATIENT = {
  email: 'patient@demo.equilibrenutrition.ca',
  password: 'demo patient password 2026',
} as const;

/** An employee and admin, also one of the demo clinic's dietitians. */
export const DEMO_DIETITIAN = {
  email: 'dietitian@demo.equilibrenutrition.ca',
  password: 'demo dietitian password 2026',
} as const;
