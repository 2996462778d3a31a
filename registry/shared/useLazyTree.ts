import { message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { flattenTree, mergeNodes, type FlatTreeNode, type ServerTreeNode } from './tree.js';

/**
 * A lazily loaded tree for TreeSelect's simple mode: `loadRoot()` once per `key` (the widget's
 * configuration), `loadChildren(id)` when a node is expanded. A failed load shows the server
 * message as an error (spec 8 "Tree load failure") and leaves the tree as it was. `disabled`
 * skips loading (a bad configuration). Returns `{ nodes, loading, loadData, addNodes }`.
 */
export function useLazyTree(
  key: string,
  loadRoot: () => Promise<ServerTreeNode[]>,
  loadChildren: (id: string) => Promise<ServerTreeNode[]>,
  disabled = false,
) {
  const [state, setState] = useState<{ key: string; nodes: FlatTreeNode[]; loading: boolean }>({ key: '', nodes: [], loading: false });
  useEffect(() => {
    if (disabled) return;
    let live = true;
    setState({ key, nodes: [], loading: true });
    loadRoot().then(
      (roots) => live && setState({ key, nodes: flattenTree(roots), loading: false }),
      (e: unknown) => {
        if (!live) return;
        setState({ key, nodes: [], loading: false });
        void message.error(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
    // loadRoot is derived from `key`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, disabled]);
  const addNodes = useCallback((more: FlatTreeNode[]) => setState((s) => ({ ...s, nodes: mergeNodes(s.nodes, more) })), []);
  const loadData = useCallback(
    async (node: { id?: string | number; value?: string | number }) => {
      const id = String(node.id ?? node.value ?? '');
      try {
        const kids = flattenTree(await loadChildren(id), id);
        setState((s) => ({
          ...s,
          nodes: kids.length ? mergeNodes(s.nodes, kids) : s.nodes.map((n) => (n.id === id ? { ...n, isLeaf: true } : n)),
        }));
      } catch (e) {
        void message.error(e instanceof Error ? e.message : String(e));
      }
    },
    [loadChildren],
  );
  return { nodes: state.key === key ? state.nodes : [], loading: !disabled && (state.loading || state.key !== key), loadData, addNodes };
}
