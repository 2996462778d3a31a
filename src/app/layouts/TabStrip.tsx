import { Dropdown, Tabs, message, theme, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { T } from '../locale/zh-CN';
import { HOME_PATH } from '../router/constants';
import { closeTab, closeTabsAround, refreshTab, tabs, tabsAround } from '../stores/tabs';
import { askBeforeClosing } from '../stores/tab-guards';

/**
 * The multi-tab page strip (spec 2.4): editable-card tabs without an add button; selecting a tab
 * goes to its location; closing the last tab warns 这是最后一页，不能再关闭了啦, closing home warns
 * 首页不能关闭!; a right-click menu offers 刷新 / 关闭左侧 / 关闭右侧 / 关闭其它. Shown only on
 * desktop with multi-page on (BasicLayout). Closing a tab whose page holds unsaved changes asks
 * first (stores/tab-guards.ts).
 * Props: activeKey — the current pathname. Returns the Tabs.
 */
export default function TabStrip({ activeKey }: { activeKey: string }) {
  const { list } = useSnapshot(tabs);
  const navigate = useNavigate();
  const { token } = theme.useToken();

  const goTo = (key: string) => {
    const tab = tabs.list.find((t) => t.key === key);
    navigate(tab?.fullPath ?? HOME_PATH);
  };

  const remove = (key: string) => askBeforeClosing([key], () => close(key));
  const close = (key: string) => {
    const index = tabs.list.findIndex((t) => t.key === key);
    const outcome = closeTab(key);
    if (outcome.warning) {
      void message.warning(outcome.warning);
      return;
    }
    if (outcome.closed && key === activeKey) {
      const next = tabs.list[Math.min(index, tabs.list.length - 1)] ?? tabs.list[0];
      navigate(next?.fullPath ?? HOME_PATH);
    }
  };

  const onContext = (key: string, action: string) => {
    if (action === 'refresh') {
      refreshTab(key);
      if (key !== activeKey) goTo(key);
      return;
    }
    const which = action as 'left' | 'right' | 'others';
    askBeforeClosing(tabsAround(key, which), () => {
      closeTabsAround(key, which);
      if (!tabs.list.some((t) => t.key === activeKey)) goTo(key);
    });
  };

  const contextItems: MenuProps['items'] = [
    { key: 'refresh', label: T.tabRefresh },
    { key: 'left', label: T.tabCloseLeft },
    { key: 'right', label: T.tabCloseRight },
    { key: 'others', label: T.tabCloseOthers },
  ];

  return (
    <Tabs
      className="page-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={goTo}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && remove(key)}
      tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: token.colorBgContainer }}
      // the whole tab (label and close button) opens the context menu on a right click
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => (
            <Dropdown
              key={node.key}
              trigger={['contextMenu']}
              menu={{ items: contextItems, onClick: ({ key }) => onContext(String(node.key), key) }}
            >
              {node}
            </Dropdown>
          )}
        </DefaultTabBar>
      )}
      items={list.map((t) => ({ key: t.key, closable: true, label: t.title }))}
    />
  );
}
