import {
  API,
  BalanceAdjustmentBody,
  BalanceEntry,
  BalanceLedgerQuery,
  CreateDriverBody,
  Driver,
  DriverDetail,
  DriverFilter,
  DriverStatusChange,
  Id,
  ManageStatusBody,
  PageQuery,
  UpdateDriverBody,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { DriversService } from './drivers.service.js';

const tags = ['drivers'];
const IdParams = z.object({ id: Id });
const read = { permission: 'drivers:read' } as const;
const write = { permission: 'drivers:write' } as const;

export function driverRoutes(app: App, { drivers }: { drivers: DriversService }) {
  app.get(
    `/${API.drivers.list}`,
    {
      config: read,
      schema: { tags, summary: 'All drivers in reach (max 1000)', response: { 200: ok(z.array(Driver)) } },
    },
    async (request) => ({
      data: (await drivers.page(ctxOf(request), DriverFilter.parse({}), 0, 1000)).items,
    }),
  );

  app.post(
    `/${API.drivers.dynamic}`,
    {
      config: read,
      schema: { tags, querystring: PageQuery, body: DriverFilter, response: { 200: ok(page(Driver)) } },
    },
    async (request) => ({
      data: await drivers.page(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${API.drivers.excel}`,
    { config: read, schema: { tags, body: DriverFilter } },
    (request, reply) => {
      const t = (k: MessageKey) => translate(request.locale, k);
      return sendExcel(
        reply,
        'drivers.xlsx',
        t('sheet.drivers'),
        [
          { header: t('col.id'), width: 8, value: (d: Driver) => d.id },
          { header: t('col.name'), value: (d) => d.name },
          { header: t('col.surname'), value: (d) => d.surname },
          { header: t('col.email'), width: 32, value: (d) => d.email },
          { header: t('col.phone'), value: (d) => d.phone },
          { header: t('col.operator'), width: 28, value: (d) => d.operatorName },
          { header: t('col.driverStatus'), width: 12, value: (d) => t(`driverStatus.${d.status}`) },
          // Minor units on the wire; people read major units in a spreadsheet.
          { header: t('col.balance'), width: 14, value: (d) => d.balance / 100 },
          { header: t('col.currency'), width: 10, value: (d) => d.currency },
          { header: t('col.cardCount'), width: 8, value: (d) => d.cardCount },
          { header: t('col.createdAt'), value: (d) => new Date(d.createdAt) },
        ],
        drivers.all(ctxOf(request), request.body),
      );
    },
  );

  app.get(
    `/${API.drivers.list}/:id`,
    { config: read, schema: { tags, params: IdParams, response: { 200: ok(DriverDetail) } } },
    async (request) => ({ data: await drivers.get(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${API.drivers.save}`,
    { config: write, schema: { tags, body: CreateDriverBody, response: { 200: ok(DriverDetail) } } },
    async (request) => ({
      data: await drivers.create(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.created'),
    }),
  );

  app.put(
    `/${API.drivers.save}`,
    { config: write, schema: { tags, body: UpdateDriverBody, response: { 200: ok(DriverDetail) } } },
    async (request) => ({
      data: await drivers.update(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.updated'),
    }),
  );

  app.delete(
    `/${API.drivers.list}/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(z.null()) } } },
    async (request) => {
      await drivers.remove(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'driver.deleted') };
    },
  );

  app.get(
    `/${API.drivers.list}/:id/balance`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The balance ledger, newest first',
        params: IdParams,
        querystring: BalanceLedgerQuery,
        response: { 200: ok(page(BalanceEntry)) },
      },
    },
    async (request) => ({ data: await drivers.ledger(ctxOf(request), request.params.id, request.query) }),
  );

  app.post(
    `/${API.drivers.balance}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Post one ledger entry (idempotent by reference)',
        body: BalanceAdjustmentBody,
        response: { 200: ok(BalanceEntry) },
      },
    },
    async (request) => ({
      data: await drivers.adjustBalance(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.balancePosted'),
    }),
  );

  app.post(
    `/${API.drivers.manageStatus}`,
    { config: write, schema: { tags, body: ManageStatusBody, response: { 200: ok(DriverDetail) } } },
    async (request) => ({
      data: await drivers.manageStatus(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.statusChanged'),
    }),
  );

  app.get(
    `/${API.drivers.list}/:id/statusHistory`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Status changes with reasons, newest first',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: ok(page(DriverStatusChange)) },
      },
    },
    async (request) => ({
      data: await drivers.statusHistory(
        ctxOf(request),
        request.params.id,
        request.query.index,
        request.query.size,
      ),
    }),
  );

  app.get(
    `/portal/Operator/getDriversByOperatorId/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: "The operator's own drivers (max 1000)",
        params: IdParams,
        response: { 200: ok(z.array(Driver)) },
      },
    },
    async (request) => ({ data: await drivers.byOperator(ctxOf(request), request.params.id) }),
  );
}
