import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../lib/app-type.js';

/** Serves the built portal; unknown non-API paths get index.html so deep links into the SPA work. */
export async function registerPortal(app: App, dist: string) {
  await app.register(fastifyStatic, {
    root: dist,
    index: ['index.html'],
    // The build writes brotli and gzip copies of every text file; the one the browser accepts is
    // sent with its Content-Encoding and `Vary: Accept-Encoding`, compressed once, not per request.
    preCompressed: true,
    setHeaders: (res, file) => {
      // Hashed assets never change; everything else is revalidated.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}
