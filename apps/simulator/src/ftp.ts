import { connect, type Socket } from 'node:net';

interface Reply {
  code: number;
  text: string;
}

/** A minimal passive-mode FTP client: enough for a charger to RETR firmware and STOR diagnostics. */
class FtpControl {
  private buffer = '';
  private replies: Reply[] = [];
  private waiting: Array<{ resolve: (r: Reply) => void; reject: (e: Error) => void }> = [];
  private failure: Error | undefined;

  constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('FTP control connection closed')));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    // A reply ends with a line "ddd text"; "ddd-text" lines continue it.
    const match = /(?:^|\r?\n)(\d{3}) [^\n]*\r?\n/.exec(this.buffer);
    if (!match?.[1]) return;
    const end = match.index + match[0].length;
    const text = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end);
    const reply = { code: Number(match[1]), text: text.trim() };
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(reply);
    else this.replies.push(reply);
    if (this.buffer.length > 0) this.onData('');
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const w of this.waiting.splice(0)) w.reject(err);
  }

  next(): Promise<Reply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  async send(command: string, expect: (code: number) => boolean): Promise<Reply> {
    this.socket.write(`${command}\r\n`);
    const reply = await this.next();
    if (!expect(reply.code)) throw new Error(`FTP ${command.split(' ')[0] ?? ''} failed: ${reply.text}`);
    return reply;
  }

  close(): void {
    this.socket.destroy();
  }
}

const ok = (code: number): boolean => code >= 200 && code < 400;

async function open(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return await new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`FTP connection to ${host}:${port} timed out`));
    });
  });
}

async function session<T>(url: URL, timeoutMs: number, work: (ftp: FtpControl, host: string) => Promise<T>) {
  const host = url.hostname;
  const control = new FtpControl(await open(host, Number(url.port || 21), timeoutMs));
  try {
    await control.next().then((r) => {
      if (r.code !== 220) throw new Error(`FTP greeting: ${r.text}`);
    });
    const user = decodeURIComponent(url.username) || 'anonymous';
    const pass = decodeURIComponent(url.password) || 'charger@voltline';
    const userReply = await control.send(`USER ${user}`, ok);
    if (userReply.code === 331) await control.send(`PASS ${pass}`, ok);
    await control.send('TYPE I', ok);
    return await work(control, host);
  } finally {
    control.close();
  }
}

async function passive(control: FtpControl, host: string, timeoutMs: number): Promise<Socket> {
  const reply = await control.send('PASV', (c) => c === 227);
  const nums = /(\d+),(\d+),(\d+),(\d+),(\d+),(\d+)/.exec(reply.text);
  if (!nums) throw new Error(`FTP PASV reply not understood: ${reply.text}`);
  const port = Number(nums[5]) * 256 + Number(nums[6]);
  // Servers behind NAT often announce a private address; the control host is the safer bet.
  return await open(host, port, timeoutMs);
}

export async function ftpRetrieve(url: URL, timeoutMs: number): Promise<Buffer> {
  return await session(url, timeoutMs, async (control, host) => {
    const data = await passive(control, host, timeoutMs);
    const chunks: Buffer[] = [];
    const done = new Promise<void>((resolve, reject) => {
      data.on('data', (chunk: Buffer) => chunks.push(chunk));
      data.once('end', resolve);
      data.once('error', reject);
    });
    await control.send(`RETR ${decodeURIComponent(url.pathname)}`, (c) => c === 125 || c === 150);
    await done;
    await control.next().then((r) => {
      if (r.code !== 226 && r.code !== 250) throw new Error(`FTP RETR: ${r.text}`);
    });
    return Buffer.concat(chunks);
  });
}

export async function ftpStore(url: URL, body: Buffer, timeoutMs: number): Promise<void> {
  await session(url, timeoutMs, async (control, host) => {
    const data = await passive(control, host, timeoutMs);
    await control.send(`STOR ${decodeURIComponent(url.pathname)}`, (c) => c === 125 || c === 150);
    await new Promise<void>((resolve, reject) => {
      data.once('error', reject);
      data.end(body, resolve);
    });
    const r = await control.next();
    if (r.code !== 226 && r.code !== 250) throw new Error(`FTP STOR: ${r.text}`);
  });
}
