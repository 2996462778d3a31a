import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FIELDS, parseCron } from '../../../src/shared/cron/index.js';
import type { ScreenField } from '../../../src/shared/generated/screen-schema.js';
import { CronEdit, CronInputBuilder, CronModalBody, CronRead, createRemotePreview, cronShapeOf, cronWidget, modalUnits } from './index.js';
import { lockedText } from './CronInputBuilder.js';
import { DayTab } from './DayTab.js';
import { UnitTab } from './UnitTab.js';

// Server-side rendering (node, no DOM): effects do not run; interaction is left to the browser tests.
const html = (node: React.ReactNode) => renderToStaticMarkup(<>{node}</>);
const field: ScreenField = { name: 'cron_expr', title: 'Cron', widget: 'cron', dbType: 'string' };

describe('cronWidget', () => {
  it('is the cron type stored as a string of at most 255 characters', () => {
    expect(cronWidget).toMatchObject({ type: 'cron', title: 'Cron表达式', defaultDbType: 'string' });
    const schema = typeof cronWidget.valueSchema === 'function' ? cronWidget.valueSchema(field) : cronWidget.valueSchema;
    expect(schema).toEqual({ type: ['string', 'null'], maxLength: 255 });
    expect(html(<cronWidget.Cell value="0 0 12 * * ?" record={{}} field={field} column="cron_expr" />)).toBe('0 0 12 * * ?');
  });

  it('renders the input and the 选择 button; both disabled with the input', () => {
    const on = html(<CronEdit value="0 0 12 * * ?" />);
    expect(on).toContain('value="0 0 12 * * ?"');
    expect(on).toMatch(/<button[^>]*data-testid="cron-open"[^>]*>/);
    expect(on).toContain('选择');
    expect(on).not.toMatch(/<button[^>]*disabled/);
    const off = html(<CronEdit value="0 0 12 * * ?" disabled />);
    expect(off).toMatch(/<button[^>]*disabled=""[^>]*data-testid="cron-open"|<button[^>]*data-testid="cron-open"[^>]*disabled=""/);
    expect(off).toMatch(/<input[^>]*disabled=""/);
  });

  it('marks an expression that breaks a bound and shows the message as the title', () => {
    expect(html(<CronEdit value="61 0 12 * * ?" />)).toContain('title="秒的取值范围为0-59"');
    expect(html(<CronEdit value="0 12 * * ?" extend={{ hideSecond: true }} />)).not.toContain('ant-input-status-error');
    expect(html(<CronEdit value="" />)).toContain('placeholder="请输入cron表达式"');
  });

  it('reads hideSecond / hideYear from extend and shows the expression read-pretty', () => {
    expect(cronShapeOf({ hideSecond: true })).toEqual({ hideSecond: true, hideYear: false });
    expect(cronShapeOf(undefined)).toEqual({ hideSecond: false, hideYear: false });
    expect(html(<CronRead value="0 0 12 * * ?" />)).toContain('0 0 12 * * ?');
  });
});

describe('modal builder body', () => {
  it('has tabs 秒 分 时 日 月 年 and shows the resulting expression', () => {
    const out = html(<CronModalBody state={parseCron('0 30 8 ? * 3#2')} onChange={() => {}} />);
    for (const t of ['秒', '分', '时', '日', '月', '年']) expect(out).toContain(`>${t}</div>`);
    expect(out).not.toContain('>周</div>');
    expect(out).toMatch(/data-testid="cron-result"[^>]*><code>0 30 8 \? \* 3#2 \*</);
    expect(out).toContain('>59<'); // seconds 0-59 as checkboxes
  });

  it('drops second and year per shape', () => {
    expect(modalUnits({ hideSecond: true })).toEqual(['minute', 'hour', 'day', 'month']);
    expect(modalUnits({ hideYear: true })).toEqual(['second', 'minute', 'hour', 'day', 'month']);
    const out = html(<CronModalBody state={parseCron('30 8 ? * 3#2')} onChange={() => {}} shape={{ hideSecond: true }} />);
    expect(out).toMatch(/data-testid="cron-result"[^>]*><code>30 8 \? \* 3#2</);
  });

  it('shows a spec 5.3 problem under the expression', () => {
    const state = parseCron('0 0 12 * * ?');
    state.hour = { ...state.hour, cronEvery: 'range', rangeStart: 20, rangeEnd: 3 };
    expect(html(<CronModalBody state={state} onChange={() => {}} />)).toContain('小时的开始值不能大于结束值');
  });

  it('lists every day-tab mode, the week inside the day tab', () => {
    const out = html(<DayTab state={parseCron('0 0 12 ? * 3#2')} onChange={() => {}} />);
    for (const t of [
      '每一天',
      '天执行一次（周内）',
      '指定星期',
      '指定日期',
      '本月最后一天',
      '本月最后一个工作日',
      '本月最后一个',
      '本月最后一天之前',
      '离本月',
      '本月第',
    ]) {
      expect(out).toContain(t);
    }
    expect(out).toContain('周六');
  });

  it('offers years from 2019 for 100 entries as checkboxes', () => {
    const out = html(<UnitTab unit="year" state={parseCron('0 0 0 1 1 ? 2027,2029').year} onChange={() => {}} />);
    expect(out).toContain('>2019<');
    expect(out).toContain('>2118<');
    expect(out).not.toContain('>2119<');
    expect(out.match(/ant-checkbox-wrapper-checked/g)).toHaveLength(2);
  });
});

describe('text-input builder', () => {
  it('shows the tabs, the field inputs, the Cron input and the next ten times (24-hour)', () => {
    const out = html(<CronInputBuilder value="0 0 13 * * ?" />);
    for (const t of ['秒', '分', '时', '日', '月', '周', '年']) expect(out).toContain(`>${t}</div>`);
    expect(out).toContain('最近十次执行时间（不含年）');
    expect(out).toContain('data-testid="cron-field-hour" ');
    expect(out).toMatch(/data-testid="cron-text"[^>]*value="0 0 13 \* \* \?"/);
    const box = /data-testid="cron-preview"[^>]*>([^<]*)</.exec(out)?.[1] ?? '';
    expect(box.split('\n')).toHaveLength(10);
    for (const line of box.split('\n')) expect(line).toMatch(/^\d{4}-\d{2}-\d{2} 13:00:00$/);
  });

  it('hides second (and year) with hideSecond, year with hideYear', () => {
    const a = html(<CronInputBuilder value="0 13 * * ?" hideSecond />);
    expect(a).not.toContain('>秒</div>');
    expect(a).not.toContain('>年</div>');
    expect(html(<CronInputBuilder hideYear />)).not.toContain('>年</div>');
  });

  it('says 没有执行时间 when the expression never fires, and shows the problem', () => {
    const out = html(<CronInputBuilder value="0 0 12 * * 2" />);
    expect(out).toContain('没有执行时间');
    expect(out).toContain('日和周不能同时指定，其中一个必须为?');
  });

  it('waits for the remote preview instead of computing', () => {
    const out = html(<CronInputBuilder value="0 0 12 * * ?" remote={async () => 'x'} />);
    expect(out).toContain('计算中…');
  });

  it('locks the day tab while week is set and the week tab while day is (spec 5.3)', () => {
    const f = { ...DEFAULT_FIELDS };
    expect(lockedText('day', f)).toBeNull();
    expect(lockedText('week', f)).toBe('日和周互斥：日不为“不指定”时周不可编辑');
    expect(lockedText('day', { ...f, day: '?', week: '2' })).toBe('日和周互斥：周不为“不指定”时日不可编辑');
    expect(lockedText('week', { ...f, day: '?', week: '2' })).toBeNull();
  });
});

describe('remote preview', () => {
  afterEach(() => vi.useRealTimers());

  it('calls the callback 500 ms after the last request with the cron and a timestamp', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 8, 0, 0));
    const remote = vi.fn(async (cron: string) => `preview of ${cron}`);
    const texts: string[] = [];
    const p = createRemotePreview(remote, (t) => texts.push(t));
    p.request('0 0 1 * * ?');
    await vi.advanceTimersByTimeAsync(300);
    p.request('0 0 2 * * ?');
    await vi.advanceTimersByTimeAsync(499);
    expect(remote).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(remote).toHaveBeenCalledTimes(1);
    expect(remote.mock.calls[0]).toEqual(['0 0 2 * * ?', new Date(2026, 10, 22, 8, 0, 0, 800).getTime()]);
    expect(texts).toEqual(['preview of 0 0 2 * * ?']);
  });

  it('ignores an overtaken reply and reports 没有执行时间 on failure', async () => {
    vi.useFakeTimers();
    let release: (s: string) => void = () => {};
    const slow = new Promise<string>((r) => (release = r));
    const remote = vi.fn().mockReturnValueOnce(slow).mockRejectedValueOnce(new Error('x'));
    const texts: string[] = [];
    const p = createRemotePreview(remote, (t) => texts.push(t));
    p.request('a');
    await vi.advanceTimersByTimeAsync(500);
    p.request('b');
    await vi.advanceTimersByTimeAsync(500);
    release('late');
    await vi.advanceTimersByTimeAsync(0);
    expect(texts).toEqual(['没有执行时间']);
    p.request('c');
    p.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(remote).toHaveBeenCalledTimes(2);
  });
});
