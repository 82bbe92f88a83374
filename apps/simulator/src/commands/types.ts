import type { SimCharger } from '../charger.js';
import type { Ocpp } from '@voltline/contract';

/** Answers one CALL from the central system. Side effects that must follow the answer use charger.later(0). */
export type CommandHandler<A extends Ocpp.OcppAction> = (
  charger: SimCharger,
  request: Ocpp.OcppRequests[A],
) => Ocpp.OcppResponses[A] | Promise<Ocpp.OcppResponses[A]>;
