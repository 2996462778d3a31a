import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  CarOutlined,
  CheckSquareOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  ClusterOutlined,
  ContactsOutlined,
  ContainerOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  ExperimentOutlined,
  FieldNumberOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PartitionOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SelectOutlined,
  SendOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { MENU_ICON_NAMES, type MenuIconName } from '../../shared/menu-icons';

/**
 * Menu icons by `meta.icon` name (spec 2.4, api-contract §3.1 ant-design icon names): the names
 * of src/shared/menu-icons.ts, a small set on purpose (no whole icon set in the bundle); unknown
 * names show no icon. Every seeded entry uses one of them, and the menu editor offers them.
 */
const ICONS: Record<MenuIconName, ComponentType> = {
  'account-book': AccountBookOutlined,
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  bell: BellOutlined,
  calculator: CalculatorOutlined,
  calendar: CalendarOutlined,
  car: CarOutlined,
  'check-square': CheckSquareOutlined,
  'clock-circle': ClockCircleOutlined,
  cloud: CloudOutlined,
  cluster: ClusterOutlined,
  contacts: ContactsOutlined,
  container: ContainerOutlined,
  control: ControlOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  'deployment-unit': DeploymentUnitOutlined,
  experiment: ExperimentOutlined,
  'field-number': FieldNumberOutlined,
  'file-search': FileSearchOutlined,
  'file-text': FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  history: HistoryOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  'money-collect': MoneyCollectOutlined,
  notification: NotificationOutlined,
  partition: PartitionOutlined,
  'pay-circle': PayCircleOutlined,
  'pie-chart': PieChartOutlined,
  project: ProjectOutlined,
  safety: SafetyOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  schedule: ScheduleOutlined,
  select: SelectOutlined,
  send: SendOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  'shopping-cart': ShoppingCartOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  'user-switch': UserSwitchOutlined,
  wallet: WalletOutlined,
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
    const Fallback = ICONS[antKey(trimmed.replace(/^icon-yl-?/, '')) as MenuIconName] ?? AppstoreOutlined;
    return <Fallback aria-label={trimmed} />;
  }
  const Icon = ICONS[antKey(trimmed) as MenuIconName];
  return Icon ? <Icon /> : undefined;
}

/** The icon picker's choices: every name of {@link MENU_ICON_NAMES} with its icon. */
export function menuIconChoices(): { name: MenuIconName; icon: ReactNode }[] {
  return MENU_ICON_NAMES.map((name) => {
    const Icon = ICONS[name];
    return { name, icon: <Icon /> };
  });
}
