import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';

/**
 * Browser title of a page (spec 2.4): the page title + ' - ' + the platform name; the home page
 * (and a page without a title) shows only the platform name. Inputs: pathname, page title.
 */
export function browserTitle(pathname: string, title: string | undefined): string {
  return pathname === HOME_PATH || !title ? T.platformName : `${title} - ${T.platformName}`;
}
