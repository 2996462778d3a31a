import { theme } from 'antd';
import type { KeyboardEvent } from 'react';

export interface LoginTabItem {
  key: string;
  label: string;
}

export interface LoginTabsProps {
  items: readonly LoginTabItem[];
  activeKey: string;
  onChange: (key: string) => void;
}

/**
 * The login page's tab header (账号密码登录 / 手机号登录, spec 2.1): an accessible tablist
 * (role tab, aria-selected, arrow keys) styled like antd's centred Tabs with its ink bar. It
 * replaces antd Tabs on this one page because Tabs pulls its overflow dropdown and menu into
 * the login bundle (~22 KiB gzip of the 250 KiB budget). The panel is rendered by the
 * caller under `id="login-panel"`.
 */
export default function LoginTabs({ items, activeKey, onChange }: LoginTabsProps) {
  const { token } = theme.useToken();
  const move = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = items[(index + step + items.length) % items.length];
    onChange(next.key);
    (e.currentTarget.parentElement?.children[items.indexOf(next)] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      role="tablist"
      style={{ display: 'flex', justifyContent: 'center', gap: 32, marginBottom: 24, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      {items.map((item, i) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls="login-panel"
            tabIndex={active ? 0 : -1}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => move(e, i)}
            style={{
              padding: '12px 0',
              background: 'none',
              border: 'none',
              borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
              marginBottom: -1,
              color: active ? token.colorPrimary : token.colorText,
              fontSize: token.fontSizeLG,
              cursor: 'pointer',
              transition: `color ${token.motionDurationMid}, border-color ${token.motionDurationMid}`,
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
