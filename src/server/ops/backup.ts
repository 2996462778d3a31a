import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { openDatabase, type OpenedDatabase } from '../db/connection.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { pendingMigrations } from '../db/migrate.js';
import { dumpThroughServer } from './ops-socket.js';

/** Format of a backup archive's manifest.json. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Whether the dump came from a running server (through its ops socket). */
  online: boolean;
  uploadFiles: number;
}

/** Lines of PostgreSQL 17's pg_dump that older servers refuse (the embedded database is 17). */
export function portableDump(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^SET transaction_timeout\b/.test(l))
    .join('\n');
}

/**
 * A consistent SQL dump of the embedded database in `dataDir`: through the running server's
 * ops socket when one runs, else by opening the database (taking the data-folder lock).
 */
export async function dumpEmbedded(dataDir: string): Promise<{ sql: string; online: boolean }> {
  const online = await dumpThroughServer(dataDir);
  if (online !== null) return { sql: online, online: true };
  const opened = await openDatabase({ dataDir });
  try {
    return { sql: await opened.dump!(), online: false };
  } finally {
    await opened.close();
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}

/**
 * `npm run db:backup [FILE]`: writes a .tar.gz with `database.sql` (pg_dump of the embedded
 * database, consistent even while the server runs), `upload/` (the uploaded files) and
 * `manifest.json`. Returns the archive path and its manifest. Needs `tar` on the PATH.
 */
export async function createBackup(dataDir: string, file?: string): Promise<{ file: string; manifest: BackupManifest }> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const target = path.resolve(file ?? path.join(dataDir, 'backups', `backup-${stamp}.tar.gz`));
  const { sql, online } = await dumpEmbedded(dataDir);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-backup-'));
  try {
    fs.writeFileSync(path.join(stage, 'database.sql'), sql);
    const uploads = path.join(dataDir, 'upload');
    // uploaded files are written once under fresh names, so a copy taken while the server runs is whole
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(stage, 'upload'), { recursive: true });
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      online,
      uploadFiles: countFiles(path.join(stage, 'upload')),
    };
    fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    execFileSync('tar', ['-czf', target, '-C', stage, '.']);
    return { file: target, manifest };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * `npm run db:restore FILE`: replaces the embedded database and uploads of `dataDir` with the
 * archive's, the server being stopped (the data-folder lock must be free; a running server
 * makes it throw). The replaced `pgdata/` and `upload/` are kept beside as
 * `*.before-restore-<time>`. Checks that the restored database opens with every migration of
 * this build applied (an older backup is migrated at the next start). Returns what it kept.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
): Promise<{ kept: string[]; manifest: BackupManifest; pending: string[] }> {
  const archive = path.resolve(file);
  if (!fs.existsSync(archive)) throw new Error(`备份文件不存在：${archive}`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'obo-restore-'));
  try {
    execFileSync('tar', ['-xzf', archive, '-C', stage]);
    const manifest = JSON.parse(fs.readFileSync(path.join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`不支持的备份格式：${String(manifest.format)}`);
    const script = fs.readFileSync(path.join(stage, 'database.sql'), 'utf8');
    fs.mkdirSync(dataDir, { recursive: true });
    // a running server holds the folder: refuse before touching anything
    const release = await lockDataDir(dataDir);
    const kept: string[] = [];
    const suffix = `before-restore-${Date.now()}`;
    try {
      for (const name of ['pgdata', 'upload']) {
        const from = path.join(dataDir, name);
        if (!fs.existsSync(from)) continue;
        fs.renameSync(from, `${from}.${suffix}`);
        kept.push(`${from}.${suffix}`);
      }
      if (fs.existsSync(path.join(stage, 'upload')))
        fs.cpSync(path.join(stage, 'upload'), path.join(dataDir, 'upload'), { recursive: true });
    } finally {
      await release();
    }
    let opened: OpenedDatabase | undefined;
    try {
      opened = await openDatabase({ dataDir });
      await opened.exec!(script);
      await opened.exec!('reset search_path');
      return { kept, manifest, pending: await pendingMigrations(opened.db) };
    } finally {
      await opened?.close();
    }
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
