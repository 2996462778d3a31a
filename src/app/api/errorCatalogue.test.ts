import { describe, expect, it } from 'vitest';
import { T } from '../locale/zh-CN';
import { decideErrorAction, isDeniedEnvelope, type FailedRequest } from './errorCatalogue';

const texts = { notFound: T.notFound, timeout: T.timeout, fallback: T.sysTip };
const decide = (r: Partial<FailedRequest>) => decideErrorAction({ message: '', signedIn: true, ...r }, texts);

describe('error catalogue of the request layer (spec 8)', () => {
  it('uses the exact texts', () => {
    expect(T).toMatchObject({
      sysTip: '系统提示',
      accessDenied: '拒绝访问',
      notFound: '很抱歉，资源未找到!',
      timeout: '网络超时',
      loginExpired: '很抱歉，登录已过期，请重新登录',
      loginExpiredTitle: '登录已过期',
      relogin: '重新登录',
      cacheCleared: '刷新缓存完成！',
      cacheClearFailed: '刷新缓存失败！',
    });
  });

  it('403 → 拒绝访问, 404 → 资源未找到, 504 and timeouts → 网络超时', () => {
    expect(decide({ status: 403, message: '没有权限，请联系管理员授权' })).toEqual({ kind: 'denied' });
    expect(decide({ status: 404 })).toEqual({ kind: 'notify', text: '很抱歉，资源未找到!' });
    expect(decide({ status: 504 })).toEqual({ kind: 'notify', text: '网络超时' });
    expect(decide({ code: 'ECONNABORTED', transportMessage: 'timeout of 60000ms exceeded' })).toEqual({ kind: 'notify', text: '网络超时' });
  });

  it('401 → the expired flow (notification, logout, reload)', () => {
    expect(decide({ status: 401, message: 'Token失效，请重新登录!' })).toEqual({ kind: 'expired' });
  });

  it('HTTP 500 with the token-invalid text while signed in → the 登录已过期 modal; otherwise the message', () => {
    expect(decide({ status: 500, message: 'Token失效，请重新登录!' })).toEqual({ kind: 'tokenInvalid' });
    expect(decide({ status: 500, message: 'Token失效，请重新登录!', signedIn: false })).toEqual({
      kind: 'notify',
      text: 'Token失效，请重新登录!',
    });
    expect(decide({ status: 500, message: '系统内部错误，请联系管理员' })).toEqual({ kind: 'notify', text: '系统内部错误，请联系管理员' });
  });

  it('other errors show the server message (else the transport text) under 系统提示; silent and cancelled show nothing', () => {
    expect(decide({ status: 502, transportMessage: 'Request failed with status code 502' })).toEqual({
      kind: 'notify',
      text: 'Request failed with status code 502',
    });
    expect(decide({ transportMessage: 'Network Error' })).toEqual({ kind: 'notify', text: 'Network Error' });
    expect(decide({ status: 401, silent: true })).toEqual({ kind: 'none' });
    expect(decide({ code: 'ERR_CANCELED' })).toEqual({ kind: 'none' });
  });

  it('a JeecgBoot HTTP 200 answer with code 510 counts as 403', () => {
    expect(isDeniedEnvelope({ success: false, code: 510, message: '没有权限，请联系管理员授权' })).toBe(true);
    expect(isDeniedEnvelope({ success: false, code: 500 })).toBe(false);
    expect(isDeniedEnvelope('510')).toBe(false);
  });
});
