/**
 * The shortest search for a patient, by the clinic's booking and its records requests. Apart
 * from the query schemas (zod): the pages that search import this alone.
 */
export const MIN_PATIENT_SEARCH_LENGTH = 2;
