import { afterEach, describe, expect, it } from 'vitest';
import { VERSION } from '../../version.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

type Config = { data: { mapTileUrl: string | null; mapAttribution: string; registrationEnabled: boolean } };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('public configuration', () => {
  it("gives the portal its maps' tile server without signing in, OpenStreetMap unless configured", async () => {
    t = await createTestApp();
    const r = await t.call<Config>('GET', '/api/portal/config');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: '© OpenStreetMap contributors',
      registrationEnabled: true,
      version: VERSION,
    });
    // The portal footer shows this version; /api/health reports the same one.
    const health = await t.call<{ version: string }>('GET', '/api/health');
    expect(health.body.version).toBe(VERSION);
  });

  it('gives no tile server when the operator switched tiles off, and the configured one otherwise', async () => {
    t = await createTestApp({ MAP_TILE_URL: 'none' });
    expect((await t.call<Config>('GET', '/api/portal/config')).body.data.mapTileUrl).toBeNull();
    await t.close();
    t = await createTestApp({
      MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Tiles © Example',
    });
    expect((await t.call<Config>('GET', '/api/portal/config')).body.data).toMatchObject({
      mapTileUrl: 'https://tiles.example.net/{z}/{x}/{y}.png',
      mapAttribution: 'Tiles © Example',
    });
  });
});
