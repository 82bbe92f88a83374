import type { IncomingMessage } from 'node:http';

/** What a provider stand-in records of each call, for tests to assert. */
export interface RecordedCall {
  method: string;
  path: string;
  params: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** `a[b][0][c]=1&expand[0]=x` → `{ a: { b: [{ c: '1' }] }, expand: ['x'] }`, as Stripe reads it. */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const k = part === '' && Array.isArray(node) ? node.length : part;
      const holder = node as Record<string | number, unknown>;
      if (last) holder[k] = value;
      else {
        holder[k] ??= /^\d*$/.test(parts[i + 1] ?? '') ? [] : {};
        node = holder[k] as Record<string, unknown>;
      }
    });
  }
  return out;
}
