import { describe, expect, it } from 'vitest';
import { retentionMismatch, retentionPeriodsOf } from '@/lib/content/retentionPeriods';

// The privacy policy states the periods the build saw; the start compares them with the server's (issue #38).
describe('retention periods', () => {
  it('reads the environment, with the defaults for what is unset or out of bounds', () => {
    expect(retentionPeriodsOf({})).toEqual({ RETENTION_CLINICAL_YEARS: 10, RETENTION_MINOR_AGE: 18, RETENTION_FINANCIAL_YEARS: 6, RETENTION_CONTACT_YEARS: 2 });
    expect(retentionPeriodsOf({ RETENTION_CLINICAL_YEARS: ' 12 ', RETENTION_MINOR_AGE: '0', RETENTION_FINANCIAL_YEARS: '0', RETENTION_CONTACT_YEARS: '2.5' })).toEqual({
      RETENTION_CLINICAL_YEARS: 12,
      RETENTION_MINOR_AGE: 0,
      RETENTION_FINANCIAL_YEARS: 6,
      RETENTION_CONTACT_YEARS: 2,
    });
  });

  it('says nothing when the build stated what the server keeps, and names each difference otherwise', () => {
    const built = JSON.stringify(retentionPeriodsOf({}));
    expect(retentionMismatch(built, retentionPeriodsOf({}))).toBeNull();
    expect(retentionMismatch(undefined, retentionPeriodsOf({ RETENTION_CLINICAL_YEARS: '12' }))).toBeNull();
    const said = retentionMismatch(built, retentionPeriodsOf({ RETENTION_CLINICAL_YEARS: '12', RETENTION_CONTACT_YEARS: '3' }));
    expect(said).toContain('built stating RETENTION_CLINICAL_YEARS=10, RETENTION_CONTACT_YEARS=2');
    expect(said).toContain('keeps records with RETENTION_CLINICAL_YEARS=12, RETENTION_CONTACT_YEARS=3');
    expect(said).toContain('npm run build');
  });
});
