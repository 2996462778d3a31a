import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The local socket of a running embedded-database server, in its data folder. */
export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, 'ops.sock');
}

/**
 * Serves operations on the embedded database to local commands while the server runs (the
 * server holds the data folder, so `npm run db:backup` cannot open the database itself): a
 * client connects to `DATA_DIR/ops.sock`, writes `dump\n` and reads the SQL dump until the
 * socket ends (or `error: message`). Access is the data folder's file permissions (whoever can
 * read the socket can read the database files). Returns the closer; undefined when the path
 * is too long for a Unix socket.
 */
export async function serveOpsSocket(
  dataDir: string,
  dump: () => Promise<string>,
  log: (msg: string) => void,
): Promise<(() => Promise<void>) | undefined> {
  const file = opsSocketPath(dataDir);
  if (Buffer.byteLength(file) > 100) {
    log(`ops socket path too long (${file}): db:backup needs the server stopped`);
    return undefined;
  }
  // the data-folder lock is ours: a socket file left here is a dead process's
  fs.rmSync(file, { force: true });
  const server = net.createServer((conn) => {
    let line = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk) => {
      line += chunk;
      if (!line.includes('\n')) return;
      const cmd = line.split('\n')[0].trim();
      if (cmd !== 'dump') {
        conn.end(`error: unknown command ${cmd.slice(0, 40)}\n`);
        return;
      }
      dump().then(
        (text) => conn.end(text),
        (err: Error) => conn.end(`error: ${err.message}\n`),
      );
    });
    conn.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
    });
}

/**
 * Asks the server running on `dataDir` for a dump through its ops socket. Resolves null when no
 * server listens there (no socket, or a stale one); rejects when the server answered an error.
 */
export function dumpThroughServer(dataDir: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(opsSocketPath(dataDir));
    const chunks: Buffer[] = [];
    let connected = false;
    conn.on('connect', () => {
      connected = true;
      conn.write('dump\n');
    });
    conn.on('data', (d: Buffer) => chunks.push(d));
    conn.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.startsWith('error: ')) reject(new Error(text.slice(7).trim()));
      else resolve(text);
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(err);
    });
  });
}
