import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

export const heartbeat: Handler<Ocpp.HeartbeatRequest, Ocpp.HeartbeatResponse> = async (_p, ctx) => {
  await ctx.heartbeats.add(ctx.cp.id);
  return { currentTime: new Date().toISOString() };
};
