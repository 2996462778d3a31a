/**
 * User-visible texts of the app shell, zh-CN (DESIGN "Conventions": one place per locale).
 * Texts quoted by the spec are kept verbatim (spec 8 error catalogue, 2.4 tabs, 4.1 logout).
 */
export const T = {
  platformName: '办公管理系统',
  copyright: 'Copyright © 2022 中冀智联工程技术有限公司',
  home: '首页',
  // spec 8 error catalogue
  sysTip: '系统提示',
  accessDenied: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  loginExpired: '很抱歉，登录已过期，请重新登录',
  loginExpiredTitle: '登录已过期',
  relogin: '重新登录',
  downloadFailed: '文件下载失败',
  // login page
  loginSubtitle: '企业办公管理系统',
  username: '用户名',
  password: '密码',
  captcha: '验证码',
  needUsername: '请输入用户名',
  needPassword: '请输入密码',
  needCaptcha: '请输入验证码',
  rememberMe: '自动登录',
  loginButton: '登 录',
  captchaRefresh: '点击刷新',
  welcome: '欢迎',
  welcomeBack: '欢迎回来',
  selectTitle: '请选择登录部门/租户',
  selectDepart: '部门',
  selectTenant: '租户',
  notOpen: '该功能暂未开放',
  backToLogin: '返回登录',
  // layout
  logout: '退出登录',
  logoutTitle: '提示',
  logoutConfirm: '真的要注销登录吗 ?',
  homeNotClosable: '首页不能关闭!',
  lastTab: '这是最后一页，不能再关闭了啦',
  tabRefresh: '刷新',
  tabCloseLeft: '关闭左侧',
  tabCloseRight: '关闭右侧',
  tabCloseOthers: '关闭其它',
  componentMissing: '页面组件未找到: ',
  // exception pages
  backHome: '返回首页',
  exception403: '抱歉，你无权访问该页面',
  exception404: '抱歉，你访问的页面不存在或仍在开发中',
  exception500: '抱歉，服务器出错了',
  // dashboard
  totalVisit: '总访问量',
  todayVisit: '今日访问',
  todayIp: '今日IP',
  visits: '访问量',
  ip: 'IP',
  visitTrend: '最近一周访问量',
} as const;

/** Logo titles of the product variants (spec 1), keyed by the marker action. */
export const VARIANT_TITLES: ReadonlyArray<readonly [string, string]> = [
  ['user:oa', 'OA'],
  ['user:bss', 'BSS'],
  ['user:gam', 'WMS'],
  ['user:pm', '项目管理系统'],
  ['user:iee', '智慧工程'],
  ['user:supplier', '供应商管理系统'],
];
