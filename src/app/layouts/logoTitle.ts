import type { PermissionEntry } from '../api/types';
import { T, VARIANT_TITLES } from '../locale/zh-CN';

/**
 * Title beside the logo (spec 1 product variants, DESIGN "Permission model"): the first `auth`
 * action that is a variant marker (user:oa, user:bss, user:gam, user:pm, user:iee, user:supplier;
 * comma-separated actions are split) picks 协同办公系统 / 业务支撑系统 / 仓储管理系统 / 项目管理系统 / 智慧工程 /
 * 供应商管理系统; otherwise the platform name (系统设置's system name). Inputs: auth list, platform
 * name. Returns the title.
 */
export function logoTitle(auth: readonly PermissionEntry[], platformName: string = T.platformName): string {
  const titles = new Map(VARIANT_TITLES);
  for (const entry of auth) {
    for (const action of String(entry?.action ?? '').split(',')) {
      const title = titles.get(action.trim());
      if (title) return title;
    }
  }
  return platformName;
}
