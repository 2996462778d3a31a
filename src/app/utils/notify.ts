import type { ArgsProps } from 'antd/es/notification';

type Kind = 'success' | 'info' | 'warning' | 'error';

/**
 * Shows an antd notification (spec 8: 系统提示, 拒绝访问, 登录已过期 …; the welcome after sign-in),
 * loading antd's notification module on first use so the login page's first load does not carry
 * it (bundle budget). Input: the kind and antd's notification arguments. Returns at once;
 * if the module cannot load (the network is gone) the text goes to the console instead.
 */
export function notify(kind: Kind, args: ArgsProps): void {
  import('antd/es/notification')
    .then(({ default: notification }) => notification[kind](args))
    .catch(() => console.error(String(args.message), args.description ?? ''));
}
