import { describe, expect, it } from 'vitest';
import { answerOutcome } from '@voltline/contract';

describe('a charger’s answer as the portal shows it', () => {
  it('is a success only when the charger did or agreed to do what was asked', () => {
    for (const status of ['Accepted', 'Scheduled', 'RebootRequired', 'Unlocked', 'AcceptedCanceled']) {
      expect(answerOutcome(status), status).toBe('success');
    }
  });

  it('is a refusal for every other answer, never a success', () => {
    const refusals = [
      'Rejected',
      'Refused',
      'Faulted',
      'Occupied',
      'Unavailable',
      'NotSupported',
      'NotImplemented',
      'Failed',
      'UnlockFailed',
      'VersionMismatch',
      'UnknownVendorId',
      'UnknownMessageId',
      'Unknown',
      'InvalidCertificate',
    ];
    for (const status of refusals) expect(answerOutcome(status), status).toBe('refusal');
  });
});
