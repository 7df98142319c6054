/**
 * Where the browser keeps the unfinished intake form (cleared at submission, start over and
 * sign-out). Its own module: sign-out clears it on any page, without loading the intake store and
 * its schemas.
 */
export const INTAKE_DRAFT_KEY = 'equilibre-intake-draft';
