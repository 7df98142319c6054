/** The clinic's fixed contact details (SPEC §9): the one place they are written. */
export const clinic = {
  name: 'Équilibre Nutrition',
  /** 11 digits, shown as +1 (xxx) xxx-xxxx by formatPhone. */
  phone: '16135550142',
  fax: '16135550143',
  email: 'info@equilibrenutrition.ca',
  /**
   * The clinic's time zone: appointment times are shown in it whatever the visitor's own zone.
   * Must match CLINIC_TIMEZONE (the server's schedules and slots, lib/server/config).
   */
  timeZone: 'America/Toronto',
  social: {
    facebook: 'https://www.facebook.com/equilibrenutrition',
    instagram: 'https://www.instagram.com/equilibrenutrition',
    linkedin: 'https://www.linkedin.com/company/equilibrenutrition',
  },
  /**
   * The physical offices, as the database seed writes them (lib/server/db/seed/offices.ts; unit
   * tests keep the two equal). JSON-LD and receipts read these without the database, and write
   * them with lib/format/office.ts in the reader's language.
   */
  offices: [
    {
      slug: 'centretown',
      streetNumber: '180',
      streetName: 'Metcalfe Street',
      streetNameFr: 'rue Metcalfe',
      unitNumber: '504',
      city: 'Ottawa',
      provinceCode: 'ON',
      postalCode: 'K2P1P5',
      countryCode: 'CA',
    },
    {
      slug: 'orleans',
      streetNumber: '2555',
      streetName: 'St. Joseph Boulevard',
      streetNameFr: 'boulevard Saint-Joseph',
      unitNumber: '210',
      city: 'Ottawa',
      provinceCode: 'ON',
      postalCode: 'K1C1S6',
      countryCode: 'CA',
    },
  ],
  /** Marketing figures shown on the home page (SPEC §9). */
  figures: { happyClients: 7350, yearsOfExperience: 12, successStories: 6153, clientSatisfaction: 95 },
} as const;
