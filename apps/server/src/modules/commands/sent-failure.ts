import { AppError } from '../../lib/errors.js';

/** How a recorded command that got no answer ended (CommandsService.sendRecorded). */
export interface UnansweredCommand {
  outcome: 'callError' | 'timedOut' | 'offline';
  error: string | null;
}

/** A recorded command that got no answer, as the command routes report it. */
export function sentFailure(chargePointId: string, action: string, sent: UnansweredCommand): AppError {
  if (sent.outcome === 'offline') return new AppError(409, 'ocpp.offline', { chargePointId });
  if (sent.outcome === 'timedOut') return new AppError(409, 'ocpp.timeout', { chargePointId, action });
  return new AppError(409, 'ocpp.callError', {
    chargePointId,
    action,
    code: sent.error ?? '',
    description: '',
  });
}
