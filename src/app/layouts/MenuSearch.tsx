import { SearchOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { JModal } from '../../../registry/components/j-modal/index.js';
import type { MenuEntry } from '../api/types';
import { T } from '../locale/zh-CN';
import { menuMatches, openMenuEntry, searchableMenus } from '../router/menuSearch';

/**
 * Menu search of the header (spec 2.4): a search icon that opens a searchable list of every
 * non-hidden menu entry (flattened, layout containers left out) — inline on desktop, in a modal
 * titled 搜索菜单 on mobile. Choosing an entry navigates to it (external entries open a window).
 * Props: menu tree, mobile flag. Returns the control.
 */
export default function MenuSearch({ menu, mobile }: { menu: readonly MenuEntry[]; mobile: boolean }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const options = useMemo(() => searchableMenus(menu), [menu]);

  const choose = (id: string) => {
    const entry = options.find((o) => o.id === id);
    setOpen(false);
    if (!entry) return;
    // iframe-page entries go to their route, which renders the menu entry's url (the original
    // pushes the whole route object for them, because vue-router needs it; a path is enough here)
    openMenuEntry(entry, { open: (...a) => window.open(...a), navigate });
  };

  const select = (
    <Select
      className="menu-search-input"
      showSearch
      autoFocus
      defaultOpen
      open={mobile ? true : undefined}
      suffixIcon={null}
      placeholder={T.searchMenu}
      style={mobile ? { width: '100%', marginBottom: 50 } : { width: 200 }}
      filterOption={(input, option) => {
        const entry = options.find((o) => o.id === option?.value);
        return !!entry && menuMatches(entry, input);
      }}
      onChange={(v: string) => choose(v)}
      onBlur={() => !mobile && setOpen(false)}
      getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
      options={options.map((o) => ({ value: o.id, label: o.meta?.title ?? o.path }))}
    />
  );

  return (
    <>
      <Button
        type="text"
        aria-label={T.searchMenu}
        data-testid="menu-search"
        icon={<SearchOutlined />}
        onClick={() => setOpen((v) => !v)}
      />
      {open && !mobile && <span className="menu-search-inline">{select}</span>}
      {mobile && (
        <JModal open={open} title={T.searchMenu} footer={null} onClose={() => setOpen(false)}>
          {open && select}
        </JModal>
      )}
    </>
  );
}
