import {
  API,
  ChargerLimits,
  Id,
  ok,
  ProfileReportAsked,
  ProfileReportBody,
  ReportedProfiles,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { ChargerLimitsService } from './charger-limits.service.js';

const params = z.object({ id: Id });
const tags = ['chargePoints'];

/**
 * What a charge point says of its limits. Asking it for its profiles is a remote command (the
 * permission of the device model's reports); reading what it said is reading the charge point.
 */
export function chargerLimitsRoutes(app: App, { chargerLimits }: { chargerLimits: ChargerLimitsService }) {
  app.post(
    `/${API.chargePoints.profilesReport(':id')}`,
    {
      config: { permission: 'commands:write' },
      schema: {
        tags,
        summary: 'Ask the charger for the charging profiles it holds (GetChargingProfiles, K09)',
        params,
        body: ProfileReportBody,
        response: { 200: ok(ProfileReportAsked) },
      },
    },
    async (request) => {
      const data = await chargerLimits.askReport(ctxOf(request), request.params.id, request.body);
      if (data.status === 'Accepted')
        return { data, message: translate(request.locale, 'chargerLimits.reportAsked') };
      if (data.status === 'NoProfiles')
        return { data, message: translate(request.locale, 'chargerLimits.noProfiles') };
      return {
        data,
        message: translate(request.locale, 'chargerLimits.refused', { status: data.status }),
        refused: true,
      };
    },
  );

  app.get(
    `/${API.chargePoints.profilesReported(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: 'The charging profiles the charger last reported holding, with who installed each',
        params,
        response: { 200: ok(ReportedProfiles) },
      },
    },
    async (request) => ({ data: await chargerLimits.reported(ctxOf(request), request.params.id) }),
  );

  app.get(
    `/${API.chargePoints.chargingLimits(':id')}`,
    {
      config: { permission: 'chargePoints:read' },
      schema: {
        tags,
        summary: 'Limits external systems set on the charger (K12) and what cars asked for (K15)',
        params,
        response: { 200: ok(ChargerLimits) },
      },
    },
    async (request) => ({ data: await chargerLimits.limits(ctxOf(request), request.params.id) }),
  );
}
