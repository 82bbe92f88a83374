import type { CommandHandler } from './types.js';

export const getCompositeSchedule: CommandHandler<'GetCompositeSchedule'> = (charger, req) => {
  const c = req.connectorId === 0 ? undefined : charger.connector(req.connectorId);
  if (req.connectorId !== 0 && !c) return { status: 'Rejected' };
  const now = new Date();
  const schedule = charger.profiles.composite(
    req.connectorId,
    req.duration,
    req.chargingRateUnit ?? 'W',
    now,
    charger.options.maxPower,
    c?.transaction?.startedAt,
    // The running transaction's TxProfile counts (one naming another transaction does not).
    c?.transaction?.id,
  );
  return {
    status: 'Accepted',
    connectorId: req.connectorId,
    scheduleStart: now.toISOString(),
    chargingSchedule: schedule,
  };
};
