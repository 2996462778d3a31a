import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CarOutlined,
  ClusterOutlined,
  ContainerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HomeOutlined,
  MoneyCollectOutlined,
  ProjectOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';

/**
 * Menu icons by `meta.icon` name (spec 2.4, api-contract §3.1 ant-design icon names). A small
 * set is mapped on purpose (no whole icon set in the bundle); unknown names show no icon.
 */
const ICONS: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  car: CarOutlined,
  cluster: ClusterOutlined,
  container: ContainerOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  'file-text': FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  home: HomeOutlined,
  'money-collect': MoneyCollectOutlined,
  project: ProjectOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
};

/** The font family an icon-font stylesheet for icon-yl names declares (as iconfont.cn does). */
export const ICON_FONT_FAMILY = 'iconfont';

/**
 * Whether the icon font is available: some @font-face of the document (FontFaceSet, or the list
 * given) has the family `iconfont`. Input: the font faces (default `document.fonts`; none outside
 * a browser). Returns true when the font is declared.
 */
export function iconFontAvailable(fonts?: Iterable<{ family: string }>): boolean {
  const list = fonts ?? (typeof document !== 'undefined' ? document.fonts : undefined);
  if (!list) return false;
  for (const f of list) if (f.family.replace(/["']/g, '').trim() === ICON_FONT_FAMILY) return true;
  return false;
}

function antKey(name: string): string {
  return name
    .trim()
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/-(outlined|filled|twotone)$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/**
 * Icon element for a menu icon name ('bank', 'BankOutlined', 'bank-outlined' all work). A name
 * starting with icon-yl (spec 2.4 font icons) renders the icon-font glyph
 * `<span class="anticon iconfont icon-yl-…">` when a stylesheet declaring the `iconfont` font is
 * loaded; otherwise (no font ships with the product, nothing is fetched from the network) it shows
 * the ant icon named by the rest of the name (icon-yl-bank → bank) or AppstoreOutlined, so the
 * entry is never blank. Inputs: name or undefined; fonts (for tests, see iconFontAvailable).
 * Returns the icon element, or undefined when an ant-icon name is unknown.
 */
export function menuIcon(name: string | undefined, fonts?: Iterable<{ family: string }>): ReactNode {
  if (!name) return undefined;
  const trimmed = name.trim();
  if (trimmed.startsWith('icon-yl')) {
    if (iconFontAvailable(fonts)) return <span role="img" className={`anticon iconfont ${trimmed}`} aria-label={trimmed} />;
    const Fallback = ICONS[antKey(trimmed.replace(/^icon-yl-?/, ''))] ?? AppstoreOutlined;
    return <Fallback aria-label={trimmed} />;
  }
  const Icon = ICONS[antKey(trimmed)];
  return Icon ? <Icon /> : undefined;
}
