/** The clinic's fixed contact details (SPEC §9): the one place they are written. */
export const clinic = {
  name: 'Équilibre Nutrition',
  /** 11 digits, shown as +1 (xxx) xxx-xxxx by formatPhone. */
  phone: '16135550142',
  fax: '16135550143',
  email: 'info@equilibrenutrition.ca',
  social: {
    facebook: 'https://www.facebook.com/equilibrenutrition',
    instagram: 'https://www.instagram.com/equilibrenutrition',
    linkedin: 'https://www.linkedin.com/company/equilibrenutrition',
  },
  /** Marketing figures shown on the home page (SPEC §9). */
  figures: { happyClients: 7350, yearsOfExperience: 12, successStories: 6153, clientSatisfaction: 95 },
} as const;
