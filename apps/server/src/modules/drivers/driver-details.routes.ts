import {
  API,
  AddAddressBody,
  AddRfidCardBody,
  AddVehicleBody,
  DriverAddress,
  DriverVehicle,
  Id,
  RfidCard,
  UpdateAddressBody,
  UpdateRfidCardBody,
  UpdateVehicleBody,
  ok,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { DriverDetailsService } from './driver-details.service.js';

const tags = ['drivers'];
const IdParams = z.object({ id: Id });
const read = { permission: 'drivers:read' } as const;
const write = { permission: 'drivers:write' } as const;

/** Addresses, vehicles and RFID cards of a driver. */
export function driverDetailRoutes(
  app: App,
  { driverDetails: details }: { driverDetails: DriverDetailsService },
) {
  const d = API.drivers;

  app.post(
    `/${d.addresses}`,
    { config: write, schema: { tags, body: AddAddressBody, response: { 200: ok(DriverAddress) } } },
    async (request) => ({
      data: await details.addAddress(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.addressSaved'),
    }),
  );

  app.put(
    `/${d.address}`,
    { config: write, schema: { tags, body: UpdateAddressBody, response: { 200: ok(DriverAddress) } } },
    async (request) => ({
      data: await details.updateAddress(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.addressSaved'),
    }),
  );

  app.delete(
    `/${d.address}/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(z.null()) } } },
    async (request) => {
      await details.removeAddress(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'driver.addressDeleted') };
    },
  );

  app.post(
    `/${d.vehicles}`,
    { config: write, schema: { tags, body: AddVehicleBody, response: { 200: ok(DriverVehicle) } } },
    async (request) => ({
      data: await details.addVehicle(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.vehicleSaved'),
    }),
  );

  app.put(
    `/${d.vehicle}`,
    { config: write, schema: { tags, body: UpdateVehicleBody, response: { 200: ok(DriverVehicle) } } },
    async (request) => ({
      data: await details.updateVehicle(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.vehicleSaved'),
    }),
  );

  app.delete(
    `/${d.vehicle}/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(z.null()) } } },
    async (request) => {
      await details.removeVehicle(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'driver.vehicleDeleted') };
    },
  );

  app.get(
    `/${d.cards}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: "A driver's cards (by driver id), archived ones last",
        params: IdParams,
        response: { 200: ok(z.array(RfidCard)) },
      },
    },
    async (request) => ({ data: await details.cards(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${d.cards}`,
    { config: write, schema: { tags, body: AddRfidCardBody, response: { 200: ok(RfidCard) } } },
    async (request) => ({
      data: await details.addCard(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.cardAdded'),
    }),
  );

  app.put(
    `/${d.cards}`,
    { config: write, schema: { tags, body: UpdateRfidCardBody, response: { 200: ok(RfidCard) } } },
    async (request) => ({
      data: await details.updateCard(ctxOf(request), request.body),
      message: translate(request.locale, 'driver.cardUpdated'),
    }),
  );

  app.delete(
    `/${d.cards}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Archive a card (by card id)',
        params: IdParams,
        response: { 200: ok(RfidCard) },
      },
    },
    async (request) => ({
      data: await details.setArchived(ctxOf(request), request.params.id, true),
      message: translate(request.locale, 'driver.cardArchivedDone'),
    }),
  );

  app.put(
    `/${d.cards}/Unarchive/:id`,
    { config: write, schema: { tags, params: IdParams, response: { 200: ok(RfidCard) } } },
    async (request) => ({
      data: await details.setArchived(ctxOf(request), request.params.id, false),
      message: translate(request.locale, 'driver.cardUnarchived'),
    }),
  );
}
