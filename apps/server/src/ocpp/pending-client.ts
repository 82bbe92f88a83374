import type { Ocpp, Ocpp201 } from '@voltline/contract';
import type RpcServerClient from 'ocpp-rpc/lib/server-client.js';
import type { ChargersOcpp } from '../modules/charge-points/charge-points.ocpp.js';
import { rpcError } from './rpc-error.js';

/** Seconds a pending charger waits before its next BootNotification (OCPP 1.6 §4.2: the interval). */
export const PENDING_RETRY_SECONDS = 60;
/** A pending charger that sends no BootNotification is let go after this long. */
const PENDING_IDLE_MS = 30_000;
export const NOT_APPROVED = 'Charge point not approved';

/**
 * The connection of a charger no operator has (held as pending). OCPP 1.6 §4.2: Rejected is for a
 * charger "not accepted by Central System … when the Charge Point id is not known"; the charger
 * "SHALL NOT send any OCPP message … until the retry interval has expired", and the Central System
 * "MAY close the communication channel … to free up system resources". Pending would mean Voltline
 * keeps the socket open to configure the charger, and no one may command a charger of no operator.
 * So its BootNotification is recorded (vendor, model, serial, firmware for the Admin who decides)
 * and answered Rejected, and the socket is closed; anything else is a SecurityError. Once approved,
 * its next connection is a charge point's like any other.
 */
export function servePendingCharger(
  client: RpcServerClient,
  chargers: ChargersOcpp,
  onError: (err: unknown) => void,
) {
  const identity = (client.session as { pending: string }).pending;
  const close = () =>
    void client.close({ code: 1008, reason: NOT_APPROVED, awaitPending: true }).catch(onError);
  const idle = setTimeout(close, PENDING_IDLE_MS);
  idle.unref();
  client.once('close', () => clearTimeout(idle));
  client.handle(async ({ method, params }) => {
    if (method !== 'BootNotification') {
      throw rpcError('SecurityError', 'This charge point is not approved: send a BootNotification');
    }
    await chargers.recordPendingBoot(identity, pendingBoot(client.protocol, params)).catch(onError);
    setImmediate(close);
    return { status: 'Rejected', currentTime: new Date().toISOString(), interval: PENDING_RETRY_SECONDS };
  });
}

/** What a BootNotification of either OCPP version says the charger is. */
function pendingBoot(protocol: string | undefined, params: unknown) {
  if (protocol === 'ocpp2.0.1') {
    const cs = (params as Ocpp201.BootNotificationRequest).chargingStation;
    return {
      vendor: cs.vendorName,
      model: cs.model,
      serialNumber: cs.serialNumber ?? null,
      firmwareVersion: cs.firmwareVersion ?? null,
    };
  }
  const p = params as Ocpp.BootNotificationRequest;
  return {
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber ?? null,
    firmwareVersion: p.firmwareVersion ?? null,
  };
}
