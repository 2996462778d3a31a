/** zh-CN texts of the cron widgets (spec 2.6, 4.2, 5.3). */
import type { CronUnit } from '../../../src/shared/cron/index.js';

export const CRON_TEXT = {
  modalTitle: 'cron表达式',
  select: '选择',
  placeholder: '请输入cron表达式',
  result: 'Cron表达式：',
  cronInput: 'Cron',
  preview: '最近十次执行时间（不含年）',
  loading: '计算中…',
  multi: '（可多选）',
  dayLocked: '日和周互斥：周不为“不指定”时日不可编辑',
  weekLocked: '日和周互斥：日不为“不指定”时周不可编辑',
} as const;

/** Modal tabs (spec 2.6: second, minute, hour, day, month, year — the week lives in the day tab). */
export const MODAL_TAB_TITLES: Record<CronUnit, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** The word after a number: 从 [3] 秒开始 / 每隔 [2] 小时 … */
export const UNIT_WORDS: Record<CronUnit, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '天',
  year: '年',
};

/** "every" per unit. */
export const EVERY_TEXT: Record<CronUnit, string> = {
  second: '每一秒钟',
  minute: '每一分钟',
  hour: '每一小时',
  day: '每一天',
  month: '每一月',
  week: '每一天',
  year: '每一年',
};
