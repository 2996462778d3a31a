import { useEffect, useState } from 'react';
import { Form, Modal, TreeSelect } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { DESIGNER_UI as T } from './designerTexts';

interface MenuNode {
  value: string;
  title: string;
  menuType: number | null;
  children?: MenuNode[];
}

/** Menu directories and menus only (a screen's or report's menu entry hangs under one of them). */
function menusOnly(nodes: MenuNode[]): MenuNode[] {
  return nodes.filter((n) => n.menuType !== 2).map((n) => ({ ...n, children: n.children ? menusOnly(n.children) : undefined }));
}

/**
 * 添加菜单 dialog of the online designers: picks the parent menu from the menu tree
 * (/sys/permission/queryTreeList) and posts `{id, parentId}` to `url` (the designer's addMenu
 * endpoint). `id` undefined keeps it closed; `onDone(success, message)` gets the server's answer
 * (the dialog stays open on a refusal).
 */
export default function AddMenuModal({
  id,
  url,
  onClose,
  onDone,
}: {
  id?: string;
  url: string;
  onClose: () => void;
  onDone: (res: { success: boolean; message: string }) => boolean;
}) {
  const { request } = useRuntimeContext();
  const [menus, setMenus] = useState<MenuNode[]>([]);
  const [parentId, setParentId] = useState<string>();

  useEffect(() => {
    if (!id) return;
    void request.get<{ treeList: MenuNode[] }>('/sys/permission/queryTreeList').then((res) => {
      if (res.success) setMenus(menusOnly(res.result.treeList));
    });
  }, [id, request]);

  return (
    <Modal
      open={!!id}
      title={T.addMenu}
      onCancel={onClose}
      onOk={async () => {
        if (id && onDone(await request.post(url, { id, parentId }))) onClose();
      }}
      destroyOnHidden
    >
      <Form.Item label={T.parentMenu}>
        <TreeSelect
          data-field="parentMenu"
          treeData={menus}
          value={parentId}
          onChange={setParentId}
          showSearch
          treeNodeFilterProp="title"
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Modal>
  );
}
