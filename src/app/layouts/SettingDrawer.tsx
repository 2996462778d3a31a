import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, List, Select, Switch, Tooltip, message } from 'antd';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { T } from '../locale/zh-CN';
import { PRIMARY_COLORS, resetSettings, settings, updateSetting, type SettingsState } from '../stores/settings';

function Choice({
  active,
  onClick,
  label,
  testId,
  children,
}: {
  active: boolean;
  onClick: () => void;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active}
        data-testid={testId}
        onClick={onClick}
        style={{
          position: 'relative',
          width: 48,
          height: 40,
          marginRight: 16,
          padding: 0,
          border: active ? '2px solid #1890FF' : '1px solid #d9d9d9',
          borderRadius: 4,
          background: 'none',
          cursor: 'pointer',
          overflow: 'hidden',
        }}
      >
        {children}
        {active && <CheckOutlined style={{ position: 'absolute', right: 4, bottom: 4, color: '#1890FF', fontSize: 12 }} />}
      </button>
    </Tooltip>
  );
}

/** A miniature of a layout: the side bar and header in the given colours. */
function LayoutSketch({ side, header, top }: { side: string; header: string; top?: boolean }) {
  return (
    <span style={{ display: 'block', width: '100%', height: '100%', background: '#f0f2f5' }}>
      {top ? (
        <span style={{ display: 'block', height: 10, background: header }} />
      ) : (
        <>
          <span style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: 14, background: side }} />
          <span style={{ display: 'block', marginLeft: 14, height: 10, background: header }} />
        </>
      )}
    </span>
  );
}

/**
 * The setting drawer of spec 2.4 (defaults of spec 9): theme (light / dark), primary colour (the
 * 8 colours), navigation mode (side menu / top menu), content width (Fixed / Fluid, top menu
 * only), fixed header, auto-hiding header (fixed header only), fixed sidebar (side menu only),
 * weak-colour mode, multi-page tabs. Each change is applied at once, kept in localStorage
 * (pro__DEFAULT_*) and confirmed with 保存成功. Props: open, onClose. Returns the Drawer.
 */
export default function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useSnapshot(settings);
  const set = <K extends keyof SettingsState>(key: K, value: SettingsState[K]) => {
    updateSetting(key, value);
    void message.success({ content: T.settingSaved, key: 'setting-saved' });
  };
  const row = (title: string, control: ReactNode, tip?: string, testId?: string) => (
    <List.Item actions={[control]} data-testid={testId}>
      {tip ? (
        <Tooltip title={tip}>
          <span>{title}</span>
        </Tooltip>
      ) : (
        <span>{title}</span>
      )}
    </List.Item>
  );

  return (
    <Drawer title={T.settingTitle} open={open} onClose={onClose} width={300} rootClassName="setting-drawer">
      <h3 style={{ fontSize: 14, marginBottom: 12 }}>{T.settingStyle}</h3>
      <div style={{ display: 'flex' }}>
        <Choice
          active={s.navTheme === 'dark'}
          onClick={() => set('navTheme', 'dark')}
          label={T.settingThemeDark}
          testId="setting-theme-dark"
        >
          <LayoutSketch side="#001529" header="#001529" />
        </Choice>
        <Choice
          active={s.navTheme === 'light'}
          onClick={() => set('navTheme', 'light')}
          label={T.settingThemeLight}
          testId="setting-theme-light"
        >
          <LayoutSketch side="#fff" header="#fff" />
        </Choice>
      </div>

      <Divider />
      <h3 style={{ fontSize: 14, marginBottom: 12 }}>{T.settingColor}</h3>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {PRIMARY_COLORS.map((c) => (
          <Tooltip key={c.key} title={c.name}>
            <button
              type="button"
              aria-label={c.name}
              aria-pressed={s.primaryColor.toUpperCase() === c.color}
              data-testid={`setting-color-${c.key}`}
              onClick={() => set('primaryColor', c.color)}
              style={{
                width: 20,
                height: 20,
                border: 0,
                borderRadius: 2,
                background: c.color,
                cursor: 'pointer',
                padding: 0,
                color: '#fff',
              }}
            >
              {s.primaryColor.toUpperCase() === c.color && <CheckOutlined style={{ fontSize: 12 }} />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <h3 style={{ fontSize: 14, marginBottom: 12 }}>{T.settingNavMode}</h3>
      <div style={{ display: 'flex' }}>
        <Choice
          active={s.layout === 'sidemenu'}
          onClick={() => set('layout', 'sidemenu')}
          label={T.settingSideMenu}
          testId="setting-layout-sidemenu"
        >
          <LayoutSketch side="#001529" header="#fff" />
        </Choice>
        <Choice
          active={s.layout === 'topmenu'}
          onClick={() => set('layout', 'topmenu')}
          label={T.settingTopMenu}
          testId="setting-layout-topmenu"
        >
          <LayoutSketch side="#001529" header="#001529" top />
        </Choice>
      </div>
      <List split={false} style={{ marginTop: 12 }}>
        {row(
          T.settingContentWidth,
          <Select
            size="small"
            style={{ width: 80 }}
            value={s.layout === 'sidemenu' ? 'Fixed' : s.contentWidth}
            disabled={s.layout === 'sidemenu'}
            onChange={(v) => set('contentWidth', v)}
            options={[
              { value: 'Fixed', label: T.settingFixed },
              { value: 'Fluid', label: T.settingFluid },
            ]}
          />,
          T.settingContentWidthTip,
          'setting-content-width',
        )}
        {row(
          T.settingFixedHeader,
          <Switch size="small" checked={s.fixedHeader} onChange={(v) => set('fixedHeader', v)} />,
          undefined,
          'setting-fixed-header',
        )}
        {row(
          T.settingAutoHideHeader,
          <Switch size="small" disabled={!s.fixedHeader} checked={s.autoHideHeader} onChange={(v) => set('autoHideHeader', v)} />,
          T.settingAutoHideHeaderTip,
          'setting-auto-hide-header',
        )}
        {row(
          T.settingFixSiderbar,
          <Switch size="small" disabled={s.layout === 'topmenu'} checked={s.fixSiderbar} onChange={(v) => set('fixSiderbar', v)} />,
          T.settingFixSiderbarTip,
          'setting-fix-siderbar',
        )}
      </List>

      <Divider />
      <h3 style={{ fontSize: 14, marginBottom: 12 }}>{T.settingOther}</h3>
      <List split={false}>
        {row(
          T.settingColorWeak,
          <Switch size="small" checked={s.colorWeak} onChange={(v) => set('colorWeak', v)} />,
          undefined,
          'setting-color-weak',
        )}
        {row(
          T.settingMultipage,
          <Switch size="small" checked={s.multipage} onChange={(v) => set('multipage', v)} />,
          undefined,
          'setting-multipage',
        )}
      </List>
      <Divider />
      <Button
        block
        onClick={() => {
          resetSettings();
          void message.success({ content: T.settingSaved, key: 'setting-saved' });
        }}
      >
        {T.settingReset}
      </Button>
    </Drawer>
  );
}
