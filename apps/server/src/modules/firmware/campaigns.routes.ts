import {
  CAMPAIGN_ACTIONS,
  Campaign,
  CampaignDetail,
  DeviceFirmware,
  DeviceFirmwareFilter,
  FIRMWARE_API,
  Id,
  NewCampaign,
  PageQuery,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { CampaignsService } from './campaigns.service.js';
import type { DeviceFirmwareService } from './devices.service.js';

const tags = ['firmware'];
const read = { permission: 'firmware:read' } as const;
const write = { permission: 'firmware:write' } as const;
const IdParams = z.object({ id: Id });

const DONE: Record<(typeof CAMPAIGN_ACTIONS)[number], MessageKey> = {
  pause: 'campaign.paused',
  resume: 'campaign.resumed',
  cancel: 'campaign.cancelled',
};

/** Firmware campaigns (staged rollout) and every charger's firmware. */
export function campaignRoutes(
  app: App,
  { campaigns, deviceFirmware }: { campaigns: CampaignsService; deviceFirmware: DeviceFirmwareService },
) {
  app.get(
    `/${FIRMWARE_API.campaigns}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Firmware campaigns, newest first',
        querystring: PageQuery,
        response: { 200: ok(page(Campaign)) },
      },
    },
    async (request) => ({
      data: await campaigns.page(ctxOf(request), request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${FIRMWARE_API.campaigns}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Start a firmware campaign',
        body: NewCampaign,
        response: { 200: ok(CampaignDetail) },
      },
    },
    async (request) => ({
      data: await campaigns.create(ctxOf(request), request.body),
      message: translate(request.locale, 'campaign.created'),
    }),
  );

  app.get(
    `/${FIRMWARE_API.campaign(':id')}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A campaign with its chargers',
        params: IdParams,
        response: { 200: ok(CampaignDetail) },
      },
    },
    async (request) => ({ data: await campaigns.detail(ctxOf(request), request.params.id) }),
  );

  for (const action of CAMPAIGN_ACTIONS) {
    app.post(
      `/${FIRMWARE_API.campaignAction(':id', action)}`,
      {
        config: write,
        schema: {
          tags,
          summary: `${action} a campaign`,
          params: IdParams,
          response: { 200: ok(CampaignDetail) },
        },
      },
      async (request) => ({
        data: await campaigns.act(ctxOf(request), request.params.id, action),
        message: translate(request.locale, DONE[action]),
      }),
    );
  }

  app.post(
    `/${FIRMWARE_API.devices}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Chargers in reach with their firmware and last update',
        querystring: PageQuery,
        body: DeviceFirmwareFilter,
        response: { 200: ok(page(DeviceFirmware)) },
      },
    },
    async (request) => ({
      data: await deviceFirmware.page(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${FIRMWARE_API.devicesExcel}`,
    { config: read, schema: { tags, summary: 'The same, as Excel', body: DeviceFirmwareFilter } },
    (request, reply) => {
      const t = (k: MessageKey) => translate(request.locale, k);
      const time = (v: string | null) => (v ? new Date(v) : null);
      return sendExcel(
        reply,
        'charger-firmware.xlsx',
        t('sheet.deviceFirmware'),
        [
          { header: t('col.chargePointId'), width: 18, value: (d: DeviceFirmware) => d.chargePointId },
          { header: t('col.name'), width: 30, value: (d) => d.name },
          { header: t('col.operator'), width: 24, value: (d) => d.operatorName },
          { header: t('col.brand'), value: (d) => d.brand },
          { header: t('col.model'), value: (d) => d.model },
          { header: t('col.firmware'), value: (d) => d.firmwareVersion },
          {
            header: t('col.connection'),
            width: 14,
            value: (d) => (d.connected ? 'Connected' : 'Disconnected'),
          },
          { header: t('col.firmwareStatus'), value: (d) => d.firmwareStatus },
          { header: t('col.firmwareStatusAt'), value: (d) => time(d.firmwareStatusAt) },
          { header: t('col.lastCampaign'), width: 14, value: (d) => d.lastCampaignId },
          { header: t('col.lastCampaignState'), value: (d) => d.lastCampaignState },
        ],
        deviceFirmware.all(ctxOf(request), request.body),
      );
    },
  );
}
