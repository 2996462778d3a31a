import { useCallback, useState } from 'react';
import { Alert, Drawer, Spin } from 'antd';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { useOnlineScreen } from '../../../../renderers/list/useOnlineScreen';
import SchemaProblems from '../../../../renderers/list/SchemaProblems';
import ScreenList from '../../../../renderers/list/ScreenList';
import { hasPermission } from '../../../shared/permission';
import type { PageProps } from '../../router/componentMap';
import PermissionTreeEditor, { type PermissionTreeNode } from './admin/PermissionTreeEditor';
import RuleChoiceModal from './admin/RuleChoiceModal';
import { ADMIN_T } from './admin/texts';

/**
 * 角色管理 (/isystem/role, component system/RoleList): the generic list of the
 * role screen (schemas/sys/sys_role.json) with a 授权 link per row for holders of
 * `system:role:authorize`, opening the permission tree drawer (queryTreeList,
 * queryRolePermission, saveRolePermission) where menus with data rules offer their rules.
 */
export default function RoleList({ entry }: PageProps) {
  const code = entry?.meta?.componentName || 'sys_role';
  const load = useOnlineScreen(code);
  const { request, auth, allAuth } = useRuntimeContext();
  const [role, setRole] = useState<{ id: string; name: string } | null>(null);
  const [rule, setRule] = useState<{ permissionId: string; title: string } | null>(null);
  const canAuthorize = hasPermission('system:role:authorize', { auth, allAuth });

  const loadTree = useCallback(() => request.get<{ treeList: PermissionTreeNode[]; ids: string[] }>('/sys/role/queryTreeList'), [request]);
  const loadChecked = useCallback(
    () => request.get<string[]>('/sys/permission/queryRolePermission', { roleId: role?.id ?? '' }),
    [request, role],
  );
  const save = useCallback(
    (ids: string[], last: string[]) =>
      request.post('/sys/permission/saveRolePermission', {
        roleId: role?.id,
        permissionIds: ids.join(','),
        lastpermissionIds: last.join(','),
      }),
    [request, role],
  );

  if (load.status === 'loading') return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (load.status === 'error') return <Alert type="warning" showIcon message={load.message} />;
  if (load.status === 'invalid') return <SchemaProblems problems={load.problems} />;
  return (
    <>
      <ScreenList
        key={load.screen.id}
        screen={load.screen}
        hideColumns={load.model.hideColumns ?? []}
        rowExtra={(row) =>
          canAuthorize ? (
            <a
              data-row-action="authorize"
              onClick={() => setRole({ id: String(row.id), name: String(row.role_name ?? row.roleName ?? '') })}
            >
              {ADMIN_T.authorize}
            </a>
          ) : null
        }
      />
      <Drawer
        title={role ? ADMIN_T.roleAuthorizeTitle(role.name) : ''}
        width={650}
        open={!!role}
        onClose={() => setRole(null)}
        destroyOnHidden
      >
        {role && (
          <PermissionTreeEditor
            key={role.id}
            loadTree={loadTree}
            loadChecked={loadChecked}
            save={save}
            closable
            onSaved={(close) => close && setRole(null)}
            onRuleClick={(permissionId, title) => setRule({ permissionId, title })}
          />
        )}
      </Drawer>
      {role && rule && (
        <RuleChoiceModal
          title={rule.title}
          loadUrl={`/sys/role/datarule/${encodeURIComponent(rule.permissionId)}/${encodeURIComponent(role.id)}`}
          saveUrl="/sys/role/datarule"
          saveBody={{ permissionId: rule.permissionId, roleId: role.id }}
          onClose={() => setRule(null)}
        />
      )}
    </>
  );
}
