import { describe, expect, it } from 'vitest';
import { endpointFor, parsePriority, toBody } from './network-profile-form';

describe('the network connection profile form (B09, B10)', () => {
  it('B09 offers Voltline’s endpoint over TLS from profile 2 on', () => {
    expect(endpointFor('ws://voltline.example/ocpp', 1)).toBe('ws://voltline.example/ocpp');
    expect(endpointFor('ws://voltline.example/ocpp', 2)).toBe('wss://voltline.example/ocpp');
    expect(endpointFor('wss://voltline.example/ocpp', 3)).toBe('wss://voltline.example/ocpp');
  });

  it('B09 sends an OCPP 2.0 profile over JSON with the URL trimmed', () => {
    expect(
      toBody({
        configurationSlot: 2,
        ocppCsmsUrl: ' wss://voltline.example/ocpp ',
        messageTimeout: 30,
        securityProfile: 2,
        ocppInterface: 'Wireless0',
      }),
    ).toEqual({
      configurationSlot: 2,
      ocppVersion: 'OCPP20',
      ocppTransport: 'JSON',
      ocppCsmsUrl: 'wss://voltline.example/ocpp',
      messageTimeout: 30,
      securityProfile: 2,
      ocppInterface: 'Wireless0',
    });
  });

  it('B10 reads a priority as slots in order, each once', () => {
    expect(parsePriority('2, 1,0')).toEqual([2, 1, 0]);
    expect(parsePriority('1')).toEqual([1]);
    expect(parsePriority('')).toBeNull();
    expect(parsePriority('2,2')).toBeNull();
    expect(parsePriority('2;1')).toBeNull();
    expect(parsePriority('-1')).toBeNull();
    expect(parsePriority('100')).toBeNull();
  });
});
