import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

/** G02: the charger is alive; heartbeats of all chargers are written together. */
export const heartbeat: Handler<Ocpp201.HeartbeatRequest, Ocpp201.HeartbeatResponse> = async (_p, ctx) => {
  await ctx.heartbeats.add(ctx.cp.id);
  return { currentTime: new Date().toISOString() };
};
