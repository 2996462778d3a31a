import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PostgreSQL server of this machine's binaries, which a fault test may restart at will. */
export interface PrivatePostgres {
  /** `postgres://obo@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  url: string;
  /**
   * Restarts the server (`pg_ctl restart -m fast`: sessions are cut, as in a failover) without
   * blocking this process's event loop; resolves when it accepts connections again.
   */
  restart(): Promise<void>;
  /** Stops the server at once and removes its folder. */
  destroy(): void;
}

/** The newest installed PostgreSQL's bin folder (Debian's /usr/lib/postgresql/<v>/bin), or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : null;
}

/**
 * Creates and starts a PostgreSQL server of its own in a temporary folder on `port` (initdb,
 * then pg_ctl), so restarting it disturbs no other database of the machine. As root (CI) the
 * server runs as the `postgres` user, as PostgreSQL refuses root. Throws when the binaries
 * are missing (see `postgresBinaries`).
 */
export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-pg-'));
  const root = process.getuid?.() === 0;
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    if (root) execFileSync('su', ['postgres', '-c', [path.join(bin, cmd), ...args].map(quote).join(' ')], { stdio: 'pipe' });
    else execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'obo', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctlArgs = (...args: string[]) => ['-D', data, '-l', path.join(dir, 'log'), '-o', opts, '-w', '-t', '60', ...args];
  run('pg_ctl', ctlArgs('start'));
  return {
    url: `postgres://obo@127.0.0.1:${port}/postgres`,
    restart: async () => {
      const args = ctlArgs('restart', '-m', 'fast');
      if (root) await promisify(execFile)('su', ['postgres', '-c', [path.join(bin, 'pg_ctl'), ...args].map(quote).join(' ')]);
      else await promisify(execFile)(path.join(bin, 'pg_ctl'), args);
    },
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function quote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
