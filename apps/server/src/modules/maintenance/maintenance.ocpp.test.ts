import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { MaintenanceOcpp } from './maintenance.ocpp.js';

// The maintenance log is a record beside the OCPP exchange: when it cannot be written, the
// charger's message is still answered and the failure is logged.

function recorder() {
  const errors: string[] = [];
  const db = { execute: () => Promise.reject(new Error('database unavailable')) } as unknown as Db;
  const log = { error: (_: unknown, msg: string) => errors.push(msg) } as unknown as FastifyBaseLogger;
  return { maintenance: new MaintenanceOcpp(db, log), errors };
}

describe('automatic maintenance entries', () => {
  it('never fail the OCPP answer when the log cannot be written, and say so in the server log', async () => {
    const { maintenance, errors } = recorder();
    const report = {
      chargePointId: 1,
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      info: null,
      vendorErrorCode: null,
      at: new Date(),
    };
    await expect(maintenance.status(report)).resolves.toBeUndefined();
    await expect(maintenance.reboot(1, '1.0.0')).resolves.toBeUndefined();
    await expect(maintenance.firmwareStatus(1, 'Installed')).resolves.toBeUndefined();
    await expect(maintenance.diagnosticsStatus(1, 'Uploaded')).resolves.toBeUndefined();
    expect(errors).toEqual([
      'maintenance log: could not record a status change',
      'maintenance log: could not record a reboot',
      'maintenance log: could not record a firmware status',
      'maintenance log: could not record a diagnostics status',
    ]);
  });

  it('writes nothing for an Idle firmware or diagnostics status', async () => {
    const { maintenance, errors } = recorder();
    await maintenance.firmwareStatus(1, 'Idle');
    await maintenance.diagnosticsStatus(1, 'Idle');
    expect(errors).toEqual([]);
  });
});
