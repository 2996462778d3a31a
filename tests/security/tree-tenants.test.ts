import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { StartedServer } from '../../src/server/start.js';
import { account, client, inTenant, leaked, login, menuOf, plant, startSecurityServer, type Client } from './helpers.js';

// Class 2, tenants everywhere, on tree tables: a tenant's nodes, their children and their
// has-child flags are its own. Another tenant cannot list the children of a node it does not
// own (tree list, tree dictionary), hang a node under it (add, edit: same message as a missing
// parent, so ids are no oracle), nor flip its has-child flag.
let server: StartedServer;
let owner: Client; // tenant 1000: the tree's owner
let mallory: Client; // tenant 1001: same screen, same buttons
const api = '/online/cgform/api';
const T1000 = 'T1000-CONFIDENTIAL-NODE';

const rowOf = async (id: string) =>
  (
    await sql<{
      pid: string;
      has_child: string;
      tenant_id: number;
    }>`select pid, has_child, tenant_id from sec_tree where id = ${id}`.execute(server.ctx.db)
  ).rows[0];
const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from sec_tree`.execute(server.ctx.db)).rows[0].n);

beforeAll(async () => {
  server = await startSecurityServer();
  const admin = client(server, await login(server, 'admin'));
  await plant(server, 'sec_tree', { id: 'n-root', pid: '0', has_child: '1', node_name: 'T1000-ROOT', tenant_id: 1000 });
  await plant(server, 'sec_tree', { id: 'n-kid', pid: 'n-root', has_child: '0', node_name: T1000, tenant_id: 1000 });
  await plant(server, 'sec_tree', { id: 'n-leaf', pid: '0', has_child: '0', node_name: 'T1000-LEAF', tenant_id: 1000 });
  await plant(server, 'sec_tree', { id: 'm-root', pid: '0', has_child: '0', node_name: 'T1001-OWN', tenant_id: 1001 });
  const grant = { menus: [menuOf('sec_tree')], buttons: ['sec:tree:add', 'sec:tree:edit', 'sec:tree:delete'] };
  owner = await account(server, admin, 'treeowner', { ...grant, tenants: [1000] });
  mallory = await account(server, admin, 'treemallory', { ...grant, tenants: [1001] });
});
afterAll(async () => server?.close());

describe('reading another tenant’s children', () => {
  it('the node’s children exist and its tenant reads them (the attack has a target)', async () => {
    const kids = await inTenant(owner, 1000).get(`${api}/getTreeData/sec_tree`, { pid: 'n-root' });
    expect(kids.body.result.records.map((r: { node_name: string }) => r.node_name)).toEqual([T1000]);
    const dict = await inTenant(owner, 1000).get('/sys/dict/loadTreeData', {
      tableName: 'sec_tree',
      text: 'node_name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
      pid: 'n-root',
    });
    expect(dict.body.result.map((n: { title: string }) => n.title)).toEqual([T1000]);
  });

  it('the tree list and the tree dictionary give another tenant nothing of them', async () => {
    const m = inTenant(mallory, 1001);
    const kids = await m.get(`${api}/getTreeData/sec_tree`, { pid: 'n-root' });
    expect(kids.body.success).toBe(true);
    expect(kids.body.result.records).toEqual([]);
    const roots = await m.get(`${api}/getTreeData/sec_tree`, { hasQuery: 'false' });
    expect(roots.body.result.records.map((r: { node_name: string }) => r.node_name)).toEqual(['T1001-OWN']);
    for (const pid of ['n-root', '']) {
      const dict = await m.get('/sys/dict/loadTreeData', {
        tableName: 'sec_tree',
        text: 'node_name',
        code: 'id',
        pidField: 'pid',
        hasChildField: 'has_child',
        pid,
      });
      expect(leaked(dict.body, T1000, 'T1000-ROOT', 'T1000-LEAF'), pid).toEqual([]);
    }
  });
});

describe('hanging a node under another tenant’s node', () => {
  it('an add naming another tenant’s node as parent answers as for a missing parent, nothing written', async () => {
    const before = await count();
    const m = inTenant(mallory, 1001);
    const foreign = await m.post(`${api}/form/sec_tree`, { pid: 'n-leaf', node_name: 'INJECTED' });
    const missing = await m.post(`${api}/form/sec_tree`, { pid: 'no-such-node', node_name: 'INJECTED' });
    expect(foreign.body).toMatchObject({ success: false, message: '父节点不存在' });
    expect(missing.body.message).toBe(foreign.body.message);
    expect(await count()).toBe(before);
    expect((await rowOf('n-leaf')).has_child).toBe('0');
  });

  it('an edit moving an own node under another tenant’s node is refused, nothing changed', async () => {
    const res = await inTenant(mallory, 1001).put(`${api}/form/sec_tree`, { id: 'm-root', pid: 'n-leaf', node_name: 'T1001-OWN' });
    expect(res.body).toMatchObject({ success: false, message: '父节点不存在' });
    expect(await rowOf('m-root')).toMatchObject({ pid: '0' });
    expect((await rowOf('n-leaf')).has_child).toBe('0');
  });

  it('the own tree still works: a child under an own node flags it', async () => {
    const res = await inTenant(mallory, 1001).post(`${api}/form/sec_tree`, { pid: 'm-root', node_name: 'T1001-KID' });
    expect(res.body.success).toBe(true);
    expect(await rowOf(res.body.result)).toMatchObject({ pid: 'm-root', tenant_id: 1001 });
    expect((await rowOf('m-root')).has_child).toBe('1');
  });
});

describe('has-child upkeep stays within a tenant', () => {
  it('a row of another tenant naming a node as parent (old data) neither flags it nor goes with it', async () => {
    // old data: a row of tenant 1001 under tenant 1000's leaf, written before parents were scoped
    await plant(server, 'sec_tree', { id: 'm-stray', pid: 'n-leaf', has_child: '0', node_name: 'T1001-STRAY', tenant_id: 1001 });
    const o = inTenant(owner, 1000);
    const kid = await o.post(`${api}/form/sec_tree`, { pid: 'n-leaf', node_name: 'T1000-TEMP' });
    expect(kid.body.success).toBe(true);
    expect((await rowOf('n-leaf')).has_child).toBe('1');
    const gone = await o.del(`${api}/form/sec_tree/${kid.body.result}`);
    expect(gone.body.success).toBe(true);
    // the flag counts tenant 1000's children only: the leaf shows as a leaf again
    expect((await rowOf('n-leaf')).has_child).toBe('0');
    const del = await o.del(`${api}/form/sec_tree/n-leaf`);
    expect(del.body.success).toBe(true);
    expect(await rowOf('m-stray')).toMatchObject({ tenant_id: 1001 });
  });
});
