import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BizError } from '../../http/envelope.js';

/** Extensions never accepted: executable or active content a browser could run. */
const FORBIDDEN_EXT = new Set([
  '.exe',
  '.bat',
  '.cmd',
  '.com',
  '.sh',
  '.ps1',
  '.js',
  '.mjs',
  '.html',
  '.htm',
  '.xhtml',
  '.svg',
  '.php',
  '.jsp',
  '.asp',
  '.aspx',
  '.jar',
  '.msi',
  '.dll',
  '.vbs',
]);

/** Image types served inline (so <img src> works); everything else is served as a download. */
export const INLINE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Files under `<root>/<biz>/<yyyyMMdd>/<name>_<random>.<ext>` (spec 7.3, api-contract §6.4).
 * `biz` is checked (letters, digits, '_' and '-', one optional sub-folder); stored names are
 * unguessable; every read is confined to the root.
 */
export class UploadStore {
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** Checks a file name and biz folder; returns the relative path to write to. Throws BizError. */
  plan(originalName: string, biz: string | undefined): string {
    const folder = biz && biz.trim() ? biz.trim() : 'temp';
    if (!/^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32})?$/.test(folder)) throw new BizError('上传目录参数不合法');
    const base = path.basename(originalName || 'file').replace(/[\\/:*?"<>|\s]+/g, '_');
    const ext = path.extname(base).toLowerCase();
    if (FORBIDDEN_EXT.has(ext)) throw new BizError(`不允许上传该类型的文件：${ext}`);
    const stem = (ext ? base.slice(0, -ext.length) : base).slice(0, 60) || 'file';
    const d = new Date();
    const day = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
    return `${folder}/${day}/${stem}_${randomBytes(8).toString('hex')}${ext}`;
  }

  /** Absolute path of a relative stored path, or null when it would leave the root. */
  resolve(relative: string): string | null {
    const clean = relative.replace(/,+$/, '');
    if (!clean || clean.includes('\0')) return null;
    const abs = path.resolve(this.root, clean);
    if (abs !== this.root && abs.startsWith(this.root + path.sep)) return abs;
    return null;
  }
}
