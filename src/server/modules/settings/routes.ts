import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, ok, okMessage } from '../../http/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { inTransaction } from '../../db/transaction.js';

/** The settings screen: our menu url and button-code prefix (a custom page, no schema). */
export const SETTING_SCREEN = { menu: '/isystem/setting', authPre: 'system:setting' } as const;

/** One system setting: its key, label, kind, default and allowed values. */
export interface SettingDef {
  key: string;
  title: string;
  type: 'string' | 'number';
  defaultValue: string | number;
  maxLength?: number;
  options?: (string | number)[];
  description?: string;
}

/**
 * The system settings (spec 1 系统管理 → settings). JeecgBoot keeps no such table; this is our
 * own small key/value store (sys_setting), documented here: only these keys exist, anyone may
 * read them (the login page shows the system name and notice; nothing here is secret), admins
 * change them. The client applies each: system name (login page, logo, browser title), footer
 * (layout and login footers; empty: the copyright line of the current year), default page size
 * (every list's first page size), login notice (the login page).
 */
export const SETTINGS: readonly SettingDef[] = [
  {
    key: 'platformName',
    title: '系统名称',
    type: 'string',
    defaultValue: '办公管理系统',
    maxLength: 30,
    description: '登录页、页面左上角与浏览器标题显示的名称',
  },
  {
    key: 'footerText',
    title: '页脚信息',
    type: 'string',
    defaultValue: '',
    maxLength: 100,
    description: '页面与登录页底部显示的版权与联系信息；留空时显示当年的版权信息',
  },
  {
    key: 'defaultPageSize',
    title: '列表默认每页条数',
    type: 'number',
    defaultValue: 10,
    options: [10, 20, 30],
    description: '列表打开时每页显示的条数',
  },
  { key: 'noticeText', title: '登录页公告', type: 'string', defaultValue: '', maxLength: 200, description: '显示在登录页的提示文字' },
];

export const SETTING_TEXT = {
  saved: '保存成功',
  unknownKey: (k: string) => `未知的设置项：${k}`,
  tooLong: (title: string, n: number) => `${title}不能超过${n}个字符`,
  notAllowed: (title: string, options: (string | number)[]) => `${title}只能是 ${options.join('、')} 之一`,
  notNumber: (title: string) => `${title}必须是数字`,
  empty: '没有要保存的设置',
} as const;

/** The value `raw` for setting `def` (string or number); BizError with a clear message when invalid. */
export function checkSetting(def: SettingDef, raw: unknown): string | number {
  if (def.type === 'number') {
    const n = Number(raw);
    if (raw === '' || raw === null || raw === undefined || !Number.isFinite(n)) throw new BizError(SETTING_TEXT.notNumber(def.title));
    if (def.options && !def.options.includes(n)) throw new BizError(SETTING_TEXT.notAllowed(def.title, def.options));
    return n;
  }
  const s = raw === null || raw === undefined ? '' : String(raw).trim();
  if (def.maxLength && s.length > def.maxLength) throw new BizError(SETTING_TEXT.tooLong(def.title, def.maxLength));
  if (def.options && !def.options.includes(s)) throw new BizError(SETTING_TEXT.notAllowed(def.title, def.options));
  return s;
}

/**
 * Settings calls: `GET /sys/setting/queryAll` (signed in) → `{key: value}` with defaults filled;
 * `GET /sys/setting/list` (menu /isystem/setting) → `[{key, title, type, value, options,
 * description}]` for the settings form; `PUT|POST /sys/setting/save` body `{key: value, …}`
 * (menu and `system:setting:edit`) → 保存成功; an unknown key or a bad value is refused and
 * nothing is written.
 */
export function settingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const values = async (): Promise<Record<string, string | number>> => {
    const rows = await ctx.db.selectFrom('sys_setting').select(['key', 'value']).execute();
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const out: Record<string, string | number> = {};
    for (const d of SETTINGS) {
      const v = stored.get(d.key);
      out[d.key] = v === undefined || v === null ? d.defaultValue : d.type === 'number' ? Number(v) : v;
    }
    return out;
  };

  // no token: the login page shows the system name and the login notice before anyone signs in
  app.get('/sys/setting/queryAll', { config: { public: true } }, async () => ok(await values()));

  app.get('/sys/setting/list', async (req) => {
    await ctx.perms.assertMenu(req.user, SETTING_SCREEN.menu);
    const v = await values();
    return ok(SETTINGS.map((d) => ({ ...d, value: v[d.key] })));
  });

  const save = async (req: FastifyRequest<{ Body: unknown }>) => {
    await ctx.perms.assertMenu(req.user, SETTING_SCREEN.menu);
    await ctx.perms.assertButton(req.user, `${SETTING_SCREEN.authPre}:edit`);
    const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    const entries = Object.entries(body);
    if (!entries.length) throw new BizError(SETTING_TEXT.empty);
    const checked = entries.map(([k, raw]) => {
      const def = SETTINGS.find((d) => d.key === k);
      if (!def) throw new BizError(SETTING_TEXT.unknownKey(k));
      return { key: k, value: String(checkSetting(def, raw)) };
    });
    const now = formatDateTime();
    await inTransaction(ctx.db, async (trx) => {
      for (const c of checked)
        await trx
          .insertInto('sys_setting')
          .values({ key: c.key, value: c.value, update_by: req.user.username, update_time: now })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: c.value, update_by: req.user.username, update_time: now }))
          .execute();
    });
    return okMessage(SETTING_TEXT.saved);
  };
  app.put('/sys/setting/save', save);
  app.post('/sys/setting/save', save);
}
