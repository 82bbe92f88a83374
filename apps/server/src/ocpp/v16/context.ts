import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { OcppChargePoint, StatusReport } from '../../modules/charge-points/charge-points.repository.js';
import type { SessionsOcpp } from '../../modules/sessions/sessions.ocpp.js';
import type { Coalescer } from '../coalescer.js';

/** What a handler gets besides the message: the charger it came from and the services. */
export interface HandlerContext {
  cp: OcppChargePoint;
  db: Db;
  sessions: SessionsOcpp;
  /** Heartbeats of all chargers, written together (charge point ids). */
  heartbeats: Coalescer<number>;
  /** Status reports of all chargers, written together. */
  statuses: Coalescer<StatusReport>;
  log: FastifyBaseLogger;
}

export type Handler<Req, Res> = (params: Req, ctx: HandlerContext) => Promise<Res>;
