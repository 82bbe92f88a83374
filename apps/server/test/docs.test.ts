import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionTableMarkdown } from '@voltline/contract';
import { loadConfig } from '../src/config.js';
import { VERSION } from '../src/version.js';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');

describe('README', () => {
  it('shows the permission table the server enforces', () => {
    expect(readme).toContain(permissionTableMarkdown());
  });

  it('documents every environment variable the server reads', () => {
    // config.ts and the areas it spreads in (config.tls.ts, config.files.ts, config.payments.ts).
    const dir = path.resolve(import.meta.dirname, '../src');
    const source = readdirSync(dir)
      .filter((f) => /^config(\.\w+)?\.ts$/.test(f))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const names = [...source.matchAll(/^ {2}([A-Z_]+): z/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(readme).toContain(`| \`${name}\` |`);
  });

  it('refuses a bad configuration value with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: '/tmp/voltline-config-test' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: '/tmp/voltline-config-test' })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() =>
      loadConfig({
        MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png',
        DATA_DIR: '/tmp/voltline-config-test',
      }),
    ).toThrow(/MAP_TILE_URL: must be none or an http\(s\) URL with \{z\}, \{x\} and \{y\}/);
    // A cluster's processes share one PostgreSQL and accept each other's tokens.
    const dir = '/tmp/voltline-config-test';
    expect(() => loadConfig({ NATS_URL: 'redis://x', DATA_DIR: dir })).toThrow(
      /NATS_URL: must be nats:\/\/ URLs/,
    );
    expect(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222', DATA_DIR: dir })).toThrow(
      /NATS_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://db/v', DATA_DIR: dir }),
    ).toThrow(/NATS_URL needs JWT_SECRET/);
  });
});

describe('the version', () => {
  it('comes from the root package.json, which the changelog names', () => {
    const pkg = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
    ) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    const changelog = readFileSync(path.resolve(import.meta.dirname, '../../../CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`## [${VERSION}]`);
  });
});
