import { describe, expect, it } from 'vitest';
import { fullName } from '@/lib/format/personName';

describe('fullName', () => {
  it('puts the first name before the last, one space between', () => {
    expect(fullName({ firstName: 'Sophie', lastName: 'Tremblay' })).toBe('Sophie Tremblay');
  });

  it('leaves no stray space when one part is empty', () => {
    expect(fullName({ firstName: 'Sophie', lastName: '' })).toBe('Sophie');
    expect(fullName({ firstName: '', lastName: 'Tremblay' })).toBe('Tremblay');
    expect(fullName({ firstName: '', lastName: '' })).toBe('');
  });
});
