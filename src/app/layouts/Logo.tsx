import { theme } from 'antd';

/**
 * The logo and the product-variant title beside it (spec 1, 2.4; title from logoTitle).
 * Props: title, collapsed (mark only), width of the box. Returns the logo block.
 */
export default function Logo({ title, collapsed, dark }: { title: string; collapsed?: boolean; dark?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div
      className="logo"
      title={title}
      style={{
        height: 64,
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        padding: collapsed ? 0 : '0 20px',
        gap: 10,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        flex: 'none',
      }}
    >
      <span
        style={{
          width: 32,
          height: 32,
          borderRadius: 6,
          background: token.colorPrimary,
          color: '#fff',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 600,
          flex: 'none',
        }}
      >
        {title.charAt(0)}
      </span>
      {!collapsed && <h1 style={{ margin: 0, fontSize: 18, fontWeight: 600, color: dark ? '#fff' : token.colorTextHeading }}>{title}</h1>}
    </div>
  );
}
