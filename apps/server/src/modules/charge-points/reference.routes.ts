import { API, Brand, City, Country, ok } from '@voltline/contract';
import { City as Cities, Country as Countries, State } from 'country-state-city';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { notFound } from '../../lib/errors.js';
import type { ReferenceService } from './reference.service.js';

const tags = ['reference'];
const config = { permission: 'signedIn' } as const;

/** Brands and models (curated list plus what chargers reported), countries and their cities. */
export function referenceRoutes(app: App, { reference }: { reference: ReferenceService }) {
  const brands = () => reference.brands();

  app.get(
    `/${API.chargePoints.brands}`,
    { config, schema: { tags, response: { 200: ok(z.array(Brand)) } } },
    async () => ({
      data: await brands(),
    }),
  );

  app.get(
    `/${API.chargePoints.models}`,
    {
      config,
      schema: {
        tags,
        querystring: z.object({ brand: z.string().max(80).optional() }),
        response: { 200: ok(z.array(z.string())) },
      },
    },
    async (request) => {
      const all = await brands();
      const chosen = request.query.brand ? all.filter((b) => b.name === request.query.brand) : all;
      return { data: [...new Set(chosen.flatMap((b) => b.models))].sort() };
    },
  );

  app.get(
    `/${API.chargePoints.countries}`,
    { config, schema: { tags, response: { 200: ok(z.array(Country)) } } },
    () => ({
      data: Countries.getAllCountries().map((c) => ({
        id: c.isoCode,
        name: c.name,
        phoneCode: c.phonecode,
        flag: c.flag,
      })),
    }),
  );

  app.get(
    `/portal/Country/GetCities/:id`,
    {
      config,
      schema: { tags, params: z.object({ id: z.string().length(2) }), response: { 200: ok(z.array(City)) } },
    },
    (request) => {
      const code = request.params.id.toUpperCase();
      if (!Countries.getCountryByCode(code)) throw notFound('country');
      // Provinces where a country has them (Türkiye's 81 il), else its cities.
      const states = State.getStatesOfCountry(code);
      const list = states.length > 0 ? states : (Cities.getCitiesOfCountry(code) ?? []);
      return {
        data: list
          .map((s) => ({
            id: 'isoCode' in s ? s.isoCode : s.name,
            name: s.name,
            latitude: s.latitude ? Number(s.latitude) : null,
            longitude: s.longitude ? Number(s.longitude) : null,
          }))
          .sort((a, b) => a.name.localeCompare(b.name, 'tr')),
      };
    },
  );
}
