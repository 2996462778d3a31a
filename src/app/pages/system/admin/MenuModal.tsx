import { useEffect, useMemo, useState } from 'react';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch, TreeSelect, message } from 'antd';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { ADMIN_T } from './texts';
import IconPicker from './IconPicker';
import { innerEscProps } from '../../../../../registry/components/j-modal/index';

/** A node of /sys/permission/list (SysPermissionTree, api-contract §3.2). */
export interface MenuNode {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string | null;
  sortNo: number | null;
  alwaysShow: boolean;
  icon: string | null;
  route: boolean;
  keepAlive: boolean;
  hidden: boolean;
  hideTab: boolean;
  status: string | null;
  internalOrExternal: boolean;
  ruleFlag: number;
  children?: MenuNode[];
}

export interface MenuModalProps {
  /** The whole menu tree (for the parent picker). */
  tree: MenuNode[];
  /** The entry edited, or a template of a new one (parentId / menuType preset). */
  value: Partial<MenuNode> & { id?: string };
  onClose: () => void;
  onSaved: () => void;
}

type FormValues = Omit<MenuNode, 'id' | 'children' | 'ruleFlag'>;
interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

const T = ADMIN_T.field;

/**
 * Add / edit of a menu, sub menu or button (spec 3 "Permission entry", 7.2 permission add/edit):
 * the fields shown follow the type — directories and menus have route, url (with the fixed
 * `{{ … }}` variables), component, icon, order and the route flags; buttons have their code,
 * policy (show/hide or disable) and status. The server normalises and checks every field.
 */
export default function MenuModal({ tree, value, onClose, onSaved }: MenuModalProps) {
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const menuType = Form.useWatch('menuType', form) ?? value.menuType ?? 0;

  useEffect(() => {
    form.setFieldsValue({
      menuType: 0,
      route: true,
      permsType: '1',
      status: '1',
      sortNo: 1,
      internalOrExternal: false,
      ...value,
    } as FormValues);
  }, [form, value]);

  const parents = useMemo(() => {
    const map = (nodes: MenuNode[]): ParentOption[] =>
      nodes
        .filter((n) => n.menuType !== 2)
        .map((n) => ({ value: n.id, title: n.name, disabled: n.id === value.id, children: n.children ? map(n.children) : undefined }));
    return map(tree);
  }, [tree, value.id]);

  const save = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { ...value, ...values, children: undefined };
      const res = value.id ? await request.put('/sys/permission/edit', body) : await request.post('/sys/permission/add', body);
      if (res.success) {
        message.success(res.message);
        onSaved();
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={value.id ? ADMIN_T.edit : ADMIN_T.addMenu}
      width={800}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      {...innerEscProps(onClose)}
    >
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} className="menu-form">
        <Form.Item name="menuType" label={T.menuType}>
          <Radio.Group>
            {[0, 1, 2].map((t) => (
              <Radio key={t} value={t}>
                {ADMIN_T.menuTypes[t]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="name"
          label={menuType === 2 ? T.buttonName : T.name}
          rules={[{ required: true, whitespace: true, message: ADMIN_T.required(T.name) }]}
        >
          <Input />
        </Form.Item>
        {menuType !== 0 && (
          <Form.Item name="parentId" label={T.parentId} rules={[{ required: true, message: ADMIN_T.required(T.parentId) }]}>
            <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
        )}
        {menuType === 2 ? (
          <>
            <Form.Item
              name="perms"
              label={T.perms}
              extra={T.permsHint}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(T.perms) }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="permsType" label={T.permsType}>
              <Radio.Group options={Object.entries(ADMIN_T.permsTypes).map(([v, l]) => ({ value: v, label: l }))} />
            </Form.Item>
            <Form.Item name="status" label={T.status}>
              <Radio.Group options={Object.entries(ADMIN_T.statuses).map(([v, l]) => ({ value: v, label: l }))} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="url"
              label={T.url}
              extra={T.urlHint}
              rules={[{ required: true, whitespace: true, message: ADMIN_T.required(T.url) }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="component" label={T.component}>
              <Input placeholder={menuType === 0 ? 'layouts/RouteView' : 'system/ScreenList'} />
            </Form.Item>
            <Form.Item name="componentName" label={T.componentName}>
              <Input />
            </Form.Item>
            {menuType === 0 && (
              <Form.Item name="redirect" label={T.redirect}>
                <Input />
              </Form.Item>
            )}
            <Form.Item name="icon" label={T.icon}>
              <IconPicker />
            </Form.Item>
            <Form.Item name="route" label={T.route} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="hidden" label={T.hidden} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="keepAlive" label={T.keepAlive} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="alwaysShow" label={T.alwaysShow} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="hideTab" label={T.hideTab} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="internalOrExternal" label={T.internalOrExternal}>
              <Select
                options={[
                  { value: false, label: T.internal },
                  { value: true, label: T.external },
                ]}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="sortNo" label={T.sortNo}>
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
