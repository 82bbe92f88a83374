import path from 'node:path/posix';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import type { FilesService } from './files.service.js';

const Params = z.object({ token: z.string().max(200), name: z.string().min(1).max(255) });

const TYPES: Record<string, string> = {
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.log': 'text/plain; charset=utf-8',
};

const REFUSALS = {
  invalid: [403, 'files.linkInvalid'],
  expired: [410, 'files.linkExpired'],
  gone: [404, 'files.fileGone'],
} as const satisfies Record<string, [number, MessageKey]>;

/** One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within `size`; null for none or an unusable one. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  const start = m[1] === '' ? Math.max(size - Number(m[2]), 0) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start > end || start >= size ? 'bad' : { start, end };
}

/**
 * `GET|HEAD /files/<token>/<name>`: firmware over HTTP(S) for chargers that take http URLs. The
 * signed token is the whole of the authorisation (no portal sign-in); it never reaches the log.
 */
export function fileRoutes(app: App, { files }: { files: FilesService }) {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = Params.safeParse(request.params);
    const found = params.success
      ? await files.resolveLink(params.data.token, params.data.name)
      : ({ status: 'invalid' } as const);
    if (found.status !== 'ok') {
      const [status, key] = REFUSALS[found.status];
      return reply.status(status).send({ error: translate(request.locale, key), code: key });
    }
    const { name } = found;
    const { size } = found.file;
    const range = rangeOf(request.headers.range, size);
    reply
      .header('content-type', TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream')
      .header('content-disposition', contentDisposition(name))
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'no-store');
    if (range === 'bad') {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    const length = size === 0 ? 0 : end - start + 1;
    reply.header('content-length', length);
    if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
    if (request.method === 'HEAD') return reply.send();
    const stream = await files.store.get(found.grant.fileKey, size === 0 ? {} : { start, end });
    reply.raw.once('finish', () => {
      void files.recordDownload(found.grant, length).catch((err: unknown) => {
        request.log.error({ err }, 'recording an HTTP download failed');
      });
    });
    return reply.send(stream);
  };

  const options = { config: { permission: 'public' as const }, schema: { hide: true } };
  app.get('/files/:token/:name', { ...options, exposeHeadRoute: false }, serve);
  app.head('/files/:token/:name', options, serve);
}

/** An attachment header any client reads: an ASCII name, and the exact one for those that know RFC 6266. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Request URLs as logged: a file link's token is a credential, so it is cut out. */
export function withoutFileTokens(url: string): string {
  return url.replace(/^\/files\/[^/?#]+/i, '/files/[redacted]');
}
