import { Input, Tabs, Typography, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { T } from '../locale/zh-CN';
import { useMenuModel } from '../router/useMenuModel';

/** A link of the page header's link list. */
export interface PageLink {
  title: string;
  href: string;
  icon?: ReactNode;
}

/** Tabs under the page header. */
export interface PageTabs {
  items: { key: string; title: string }[];
  activeKey?: string;
  onChange?: (key: string) => void;
}

export interface PageContentProps {
  /** page title; default the current route's menu title; false hides the header */
  title?: ReactNode | false;
  description?: ReactNode;
  linkList?: PageLink[];
  /** image shown at the right of the header */
  extraImage?: string;
  /** show the large search box under the header */
  search?: boolean;
  onSearch?: (value: string) => void;
  tabs?: PageTabs;
  /** buttons at the right of the title */
  action?: ReactNode;
  children?: ReactNode;
}

/**
 * The page-content shell (spec 2.4, JeecgBoot PageView/PageHeaderWrapper): a white header with the
 * title from route metadata, an optional description, link list, extra image, search box and
 * tabs, then the page body. Props: PageContentProps. Returns the shell.
 */
export default function PageContent({
  title,
  description,
  linkList,
  extraImage,
  search,
  onSearch,
  tabs,
  action,
  children,
}: PageContentProps) {
  const model = useMenuModel();
  const { pathname } = useLocation();
  const routeTitle = useMemo(() => model.lookup(pathname)?.title ?? '', [model, pathname]);
  const heading = title === undefined ? routeTitle : title;
  const { token } = theme.useToken();
  return (
    <div className="page-content">
      {heading !== false && (
        <div className="page-header" style={{ background: token.colorBgContainer, padding: '16px 24px', marginBottom: 16 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <Typography.Title level={4} style={{ margin: 0, flex: 1 }}>
              {heading}
            </Typography.Title>
            {action}
          </div>
          <div style={{ display: 'flex', gap: 24 }}>
            <div style={{ flex: 1 }}>
              {description && <p style={{ fontSize: 14, color: token.colorTextSecondary, margin: '12px 0 0' }}>{description}</p>}
              {linkList && linkList.length > 0 && (
                <div className="page-header-links" style={{ marginTop: 12, display: 'flex', gap: 32 }}>
                  {linkList.map((link) => (
                    <a key={link.href + link.title} href={link.href} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                      {link.icon}
                      <span>{link.title}</span>
                    </a>
                  ))}
                </div>
              )}
            </div>
            {extraImage && (
              <div className="page-header-extra" style={{ width: 155, flex: 'none' }}>
                <img src={extraImage} alt="" style={{ width: '100%' }} />
              </div>
            )}
          </div>
          {search && (
            <div className="page-header-search" style={{ textAlign: 'center', marginTop: 16 }}>
              <Input.Search
                size="large"
                placeholder={T.pageSearchPlaceholder}
                enterButton={T.pageSearchButton}
                onSearch={onSearch}
                style={{ width: '80%', maxWidth: 522 }}
              />
            </div>
          )}
          {tabs && tabs.items.length > 0 && (
            <Tabs
              tabBarStyle={{ margin: 0 }}
              activeKey={tabs.activeKey}
              onChange={tabs.onChange}
              items={tabs.items.map((t) => ({ key: t.key, label: t.title }))}
            />
          )}
        </div>
      )}
      {children}
    </div>
  );
}
