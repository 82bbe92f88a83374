import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const LIMIT_BYTES = 250 * 1024;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-in page weight', () => {
  it('downloads less than 250 KB of gzipped JavaScript on a first visit', async () => {
    const { context, page } = await newPage(browser, server.url);
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
    });
    await page.goto('/auth/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    let total = 0;
    for (const path of scripts)
      total += gzipSync(readFileSync(join(inject('webDist'), path)), { level: 9 }).length;
    console.log(`sign-in page: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThan(LIMIT_BYTES);
    await context.close();
  });
});
