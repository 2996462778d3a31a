import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { T } from '../locale/zh-CN';
import { footerLine, systemSettings } from '../stores/system-settings';

/**
 * Footer lines of the login layout (spec 1, 2.4): the filing number (VITE_FILING_NUMBER) and
 * the copyright with the contact line (VITE_CONTACT); lines whose setting is empty are left out.
 * The copyright line is 系统设置's footer text, else the copyright of the current year.
 * No props; returns the footer.
 */
export function UserLayoutFooter() {
  const s = useSnapshot(systemSettings);
  const filing = import.meta.env?.VITE_FILING_NUMBER;
  const contact = import.meta.env?.VITE_CONTACT;
  return (
    <footer
      className="user-layout-footer"
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        padding: '0 16px 24px',
        textAlign: 'center',
        fontSize: 14,
        color: 'rgba(0,0,0,.45)',
      }}
    >
      {filing && (
        <div className="filing">
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" style={{ color: 'inherit' }}>
            {filing}
          </a>
        </div>
      )}
      <div className="copyright">
        {s.footerText || `${footerLine(s)} ${T.rightsReserved}`}
        {contact ? ` ${contact}` : ''}
      </div>
    </footer>
  );
}

/**
 * The login layout (spec 2.4 "the login layout's filing-number footer and copyright/contact line"):
 * the page, with the footer at the bottom of the viewport. Props: children. Returns the layout.
 */
export default function UserLayout({ children }: { children: ReactNode }) {
  return (
    <div className="user-layout" style={{ position: 'relative', minHeight: '100vh' }}>
      {children}
      <UserLayoutFooter />
    </div>
  );
}
