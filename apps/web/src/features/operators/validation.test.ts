import { describe, expect, it } from 'vitest';
import { formatIban, isValidTaxId } from './validation';

describe('operator merchant checks', () => {
  it('accepts a VKN or a TCKN only with the right check digits', () => {
    expect(isValidTaxId('9876543217')).toBe(true);
    expect(isValidTaxId('9876543218')).toBe(false);
    expect(isValidTaxId('10000000146')).toBe(true);
    expect(isValidTaxId('10000000147')).toBe(false);
    expect(isValidTaxId('12345')).toBe(false);
  });

  it('groups an IBAN in fours', () => {
    expect(formatIban('tr330006100519786457841326')).toBe('TR33 0006 1005 1978 6457 8413 26');
  });
});
