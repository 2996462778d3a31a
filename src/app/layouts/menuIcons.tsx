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

/**
 * Icon element for a menu icon name ('bank', 'BankOutlined', 'bank-outlined' all work; a name
 * starting with icon-yl renders the icon-font glyph `<span class="anticon iconfont icon-yl-…">`).
 * Input: name or undefined. Returns the icon element, or undefined when unknown.
 */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return undefined;
  // spec 2.4: names starting with icon-yl come from the project's icon font (class iconfont)
  if (name.trim().startsWith('icon-yl')) return <span role="img" className={`anticon iconfont ${name.trim()}`} aria-label={name.trim()} />;
  const key = name
    .trim()
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/-(outlined|filled|twotone)$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = ICONS[key];
  return Icon ? <Icon /> : undefined;
}
