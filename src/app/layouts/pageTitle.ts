import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';

/**
 * Browser title of a page (spec 2.4): the page title + ' - ' + the platform name; the home page
 * (and a page without a title) shows only the platform name. Inputs: pathname, page title, the
 * platform name (系统设置's system name; default 办公管理系统).
 */
export function browserTitle(pathname: string, title: string | undefined, platformName: string = T.platformName): string {
  return pathname === HOME_PATH || !title ? platformName : `${title} - ${platformName}`;
}
