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

  it('looks at the database only for reports that may open, clear or change something', async () => {
    const { maintenance, errors } = recorder();
    const report = (connectorId: number, status: string, errorCode = 'NoError') => ({
      chargePointId: 1,
      connectorId,
      status,
      errorCode,
      info: null,
      vendorErrorCode: null,
      at: new Date(),
    });
    const connection = maintenance.forConnection();
    // A new connection's first report per connector is looked at (a fault may be open from before).
    await connection.status(report(1, 'Available'));
    await connection.status(report(2, 'Available'));
    expect(errors).toHaveLength(2);
    // Then quiet reports after quiet ones need no statement...
    await connection.status(report(1, 'Preparing'));
    await connection.status(report(1, 'Charging'));
    expect(errors).toHaveLength(2);
    // ...but a fault, its clearing, and a change to and from Unavailable do.
    await connection.status(report(1, 'Faulted', 'GroundFailure'));
    await connection.status(report(1, 'Available'));
    await connection.status(report(2, 'Unavailable'));
    await connection.status(report(2, 'Available'));
    expect(errors).toHaveLength(6);
    await connection.status(report(2, 'Charging'));
    expect(errors).toHaveLength(6);
    // Another connection of the same charger starts without that knowledge.
    await maintenance.forConnection().status(report(1, 'Charging'));
    expect(errors).toHaveLength(7);
  });

  it('writes nothing for an Idle firmware or diagnostics status', async () => {
    const { maintenance, errors } = recorder();
    await maintenance.firmwareStatus(1, 'Idle');
    await maintenance.diagnosticsStatus(1, 'Idle');
    expect(errors).toEqual([]);
  });
});
