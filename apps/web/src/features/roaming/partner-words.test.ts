import { describe, expect, it } from 'vitest';
import {
  failingNow,
  isHttpUrl,
  partnerActions,
  partyOf,
  relativeTime,
  roamingActions,
} from './partner-words';

const at = (iso: string) => ({ at: iso, message: 'The partner did not answer.' });

describe('roaming partner words', () => {
  it('warns of a partner only while its latest exchange is a failure', () => {
    const base = { state: 'registered' as const, lastSuccessAt: '2026-11-27T10:00:00.000Z' };
    expect(failingNow({ ...base, lastErrors: [at('2026-11-27T11:00:00.000Z')] })).toBe(true);
    expect(failingNow({ ...base, lastErrors: [at('2026-11-27T09:00:00.000Z')] })).toBe(false);
    expect(failingNow({ ...base, lastErrors: [] })).toBe(false);
    expect(failingNow({ ...base, lastSuccessAt: null, lastErrors: [at('2026-11-27T09:00:00.000Z')] })).toBe(
      true,
    );
    expect(failingNow({ ...base, state: 'unregistered', lastErrors: [at('2026-11-27T11:00:00.000Z')] })).toBe(
      false,
    );
  });

  it('names a party by country code and party id, and none before registration', () => {
    expect(partyOf({ countryCode: 'DE', partyId: 'HBN' })).toBe('DE-HBN');
    expect(partyOf({ countryCode: null, partyId: null })).toBeNull();
  });

  it('says how long ago an exchange was, in the interface language', () => {
    const now = Date.parse('2026-11-27T12:00:00.000Z');
    expect(relativeTime('2026-11-27T11:55:00.000Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-11-27T09:00:00.000Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-11-24T12:00:00.000Z', now, 'tr')).toBe('3 gün önce');
    expect(relativeTime('2026-11-27T12:00:00.000Z', now, 'en')).toBe('now');
  });

  it('offers write actions only with roaming:write, and each only in the states that allow it', () => {
    expect(roamingActions(new Set(['roaming:read']))).toEqual({
      invite: false,
      register: false,
      edit: false,
      refresh: false,
      unregister: false,
    });
    expect(roamingActions(new Set(['roaming:read', 'roaming:write'])).invite).toBe(true);
    expect(partnerActions('invited')).toEqual({ refresh: false, unregister: true, edit: true });
    expect(partnerActions('registered')).toEqual({ refresh: true, unregister: true, edit: true });
    expect(partnerActions('unregistered')).toEqual({ refresh: false, unregister: false, edit: false });
  });

  it('takes a versions URL in http or https, on any host and port, as the server does', () => {
    expect(isHttpUrl('https://emsp.example/ocpi/versions')).toBe(true);
    expect(isHttpUrl(' http://127.0.0.1:9/ocpi/versions ')).toBe(true);
    expect(isHttpUrl('ftp://emsp.example/ocpi/versions')).toBe(false);
    expect(isHttpUrl('emsp.example/ocpi/versions')).toBe(false);
  });
});
