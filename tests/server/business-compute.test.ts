import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startTestServer } from './harness.js';
import type { StartedServer } from '../../src/server/start.js';

let server: StartedServer;
const base = '/online/cgform/api';
let admin: ReturnType<typeof client>;

const add = async (screen: string, body: Record<string, unknown>): Promise<string> => {
  const res = await admin.post(`${base}/form/${screen}`, body);
  expect(res.body.success, `${screen}: ${res.body.message}`).toBe(true);
  return res.body.result as string;
};
const get = async (screen: string, id: string) => (await admin.get(`${base}/form/${screen}/${id}`)).body.result;
const act = async (screen: string, id: string, ...actions: string[]) => {
  for (const a of actions) {
    const res = await admin.post(`${base}/action/${screen}/${a}`, { id });
    expect(res.body.success, `${screen} ${a}: ${res.body.message}`).toBe(true);
  }
};

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
  admin = client(server, await login(server, 'admin'));
  // admin approves its own documents here: the approval rule "never your own" is the workflow test's
  for (const s of server.ctx.screens.list()) for (const a of s.screen.workflow?.actions ?? []) if (a.actor === 'notOwner') a.actor = 'any';
});
afterAll(async () => {
  await server?.close();
});

const account = (no: string, opening: number) => ({
  account_name: `测试账户${no}`,
  account_no: `62000009${no}`,
  bank_code: 'ICBC',
  branch_name: '中国工商银行北京丰台支行',
  account_type: '2',
  currency: 'CNY',
  open_date: '2026-01-05',
  opening_balance: opening,
  custodian: 'wangfang',
  dept_code: 'A01A02',
  account_status: '1',
});

describe('row formulas (computed on add, edit and import by the server)', () => {
  it('splits tax from a total and keeps two exact decimals', async () => {
    const id = await add('fin_invoicing', {
      invoice_no: '25112000000000000001',
      invoice_date: '2026-03-01',
      invoice_type: '3',
      buyer_name: '京津冀智慧城市投资发展有限公司',
      buyer_tax_no: '91110106MA01C8XK3T',
      goods_name: '*建筑服务*通信工程施工',
      total_amount: 100,
      tax_rate: '9',
      issuer: 'wangfang',
      amount_excl_tax: 1,
    });
    expect(await get('fin_invoicing', id)).toMatchObject({ amount_excl_tax: 91.74, tax_amount: 8.26 });
    await admin.put(`${base}/form/fin_invoicing`, { id, total_amount: 1090.01 });
    expect(await get('fin_invoicing', id)).toMatchObject({ amount_excl_tax: 1000.01, tax_amount: 90 });
  });

  it('grades a supplier evaluation from its scores and checks the score ranges', async () => {
    const bad = await admin.post(`${base}/form/sup_evaluate`, {
      supplier_name: 'x',
      evaluate_period: '1',
      evaluate_term: '2026Q1',
      quality_score: 31,
      delivery_score: 20,
      price_score: 10,
      service_score: 10,
      safety_score: 10,
    });
    expect(bad.body).toMatchObject({ success: false, message: '质量得分应在0–30之间' });
  });
});

describe('totals of sub rows', () => {
  it('computes line amounts and the order total, again when the lines change', async () => {
    const id = await add('wms_purchase_order', {
      supplier_id: 'any',
      warehouse_code: 'WH01',
      expected_date: '2026-04-01',
      wms_purchase_order_line: [
        { material_code: 'WZ2026010001', material_name: '室外光缆', unit: '米', quantity: 1500, unit_price: 2.86 },
        { material_code: 'WZ2026010002', material_name: '光交接箱', unit: '台', quantity: 3, unit_price: 1999.99 },
      ],
    });
    const order = await get('wms_purchase_order', id);
    expect(order.total_amount).toBe(10289.97);
    expect(order.wms_purchase_order_line.map((l: { amount: number }) => l.amount)).toEqual([4290, 5999.97]);
    await admin.put(`${base}/form/wms_purchase_order`, {
      id,
      wms_purchase_order_line: [{ material_code: 'WZ2026010001', material_name: '室外光缆', unit: '米', quantity: 10, unit_price: 3 }],
    });
    expect((await get('wms_purchase_order', id)).total_amount).toBe(30);
  });

  it('refuses a contract whose plan does not add up to its amount (the whole save rolls back)', async () => {
    const body = {
      contract_no: 'ZJZL-T-0001',
      contract_name: '测试施工合同',
      project_name: '测试项目',
      project_id: 'p1',
      contract_type: '1',
      customer_name: '京津冀智慧城市投资发展有限公司',
      customer_tax_no: '91110106MA01C8XK3T',
      contract_amount: 1000000,
      tax_rate: '9',
      sign_date: '2026-01-10',
      start_date: '2026-01-15',
      end_date: '2026-12-31',
      project_manager: 'liuyang',
      contract_file: 'x.pdf',
      pm_contract_plan: [
        { period_no: 1, node_desc: '预付款', funds_nature: '1', plan_date: '2026-02-01', plan_amount: 300000 },
        { period_no: 2, node_desc: '进度款', funds_nature: '2', plan_date: '2026-08-01', plan_amount: 600000 },
      ],
    };
    const res = await admin.post(`${base}/form/pm_contract`, body);
    expect(res.body).toMatchObject({ success: false, message: '收款计划金额合计应等于合同金额' });
    const ok = await admin.post(`${base}/form/pm_contract`, {
      ...body,
      pm_contract_plan: [
        ...body.pm_contract_plan,
        { period_no: 3, node_desc: '结算款', funds_nature: '3', plan_date: '2026-12-31', plan_amount: 100000 },
      ],
    });
    expect(ok.body.success).toBe(true);
  });
});

describe('values read from other screens, kept true when those change', () => {
  it('moves a bank account balance with its collections and payments (add, edit, delete)', async () => {
    const acct = await add('fin_bank_account', account('1001', 1000));
    expect((await get('fin_bank_account', acct)).current_balance).toBe(1000);
    const receipt = await add('fin_collection', {
      receipt_date: '2026-03-01',
      payer_name: '天津滨城水务集团有限公司',
      amount: 500.5,
      bank_account_id: acct,
      funds_nature: '2',
    });
    expect((await get('fin_bank_account', acct)).current_balance).toBe(1500.5);
    await add('fin_payment_detail', {
      source_type: '1',
      payee_name: '北京正衡工程造价咨询有限公司',
      payee_account: '11050163360000001234',
      payee_bank: '中国建设银行',
      amount: 200,
      bank_account_id: acct,
    });
    expect((await get('fin_bank_account', acct)).current_balance).toBe(1300.5);
    await admin.put(`${base}/form/fin_collection`, { id: receipt, amount: 100 });
    expect((await get('fin_bank_account', acct)).current_balance).toBe(900);
    await admin.del(`${base}/form/fin_collection/${receipt}`);
    expect((await get('fin_bank_account', acct)).current_balance).toBe(800);
  });

  it('marks a bank receipt claimed once a project collection cites it', async () => {
    const acct = await add('fin_bank_account', account('1002', 0));
    const id = await add('fin_collection', {
      receipt_date: '2026-03-02',
      payer_name: '甲方',
      amount: 88,
      bank_account_id: acct,
      funds_nature: '2',
    });
    const receipt = await get('fin_collection', id);
    expect(receipt.claim_status).toBe('1');
    const claim = await add('pm_collection', {
      contract_no: 'X',
      contract_id: 'missing',
      receipt_no: receipt.receipt_no,
      collect_date: '2026-03-02',
      amount: 88,
      bank_account_id: acct,
    });
    expect((await get('fin_collection', id)).claim_status).toBe('2');
    await admin.del(`${base}/form/pm_collection/${claim}`);
    expect((await get('fin_collection', id)).claim_status).toBe('1');
  });

  it('counts only approved payments on a service contract; a payment never exceeds what is left', async () => {
    const contract = await add('sp_contract', {
      contract_name: '造价咨询服务合同',
      programme_no: 'FWFA2026010001',
      supplier_id: 's1',
      service_type: '3',
      contract_amount: 10000,
      sign_date: '2026-01-05',
      start_date: '2026-01-05',
      end_date: '2026-06-30',
      contract_file: 'c.pdf',
    });
    await act('sp_contract', contract, 'submit', 'approve');
    const pay = (amount: number) =>
      admin.post(`${base}/form/sp_payment`, {
        contract_no: 'X',
        contract_id: contract,
        funds_nature: '2',
        amount,
        payee_bank: '中国工商银行',
        payee_account: '0200004509200123456',
        plan_pay_date: '2026-03-01',
      });
    const first = (await pay(6000)).body.result;
    // the lookup of the contract fills the payment's supplier, amount and paid so far
    expect(await get('sp_payment', first)).toMatchObject({ supplier_id: 's1', contract_amount: 10000, paid_amount: 0 });
    expect((await get('sp_contract', contract)).paid_amount).toBe(0);
    await act('sp_payment', first, 'submit', 'approve');
    expect((await get('sp_contract', contract)).paid_amount).toBe(6000);
    expect((await get('sp_payment', first)).paid_amount).toBe(6000);
    expect((await pay(5000)).body).toMatchObject({ success: false, message: '本次付款金额不能超过合同未付金额' });
    const second = (await pay(4000)).body.result;
    await act('sp_payment', second, 'void');
    expect((await get('sp_contract', contract)).paid_amount).toBe(6000);
  });

  it('gives a supplier the grade of its latest approved evaluation', async () => {
    const supplier = await add('sup_service', {
      supplier_name: '北京正衡工程造价咨询有限公司',
      credit_code: '91110106MA01C8XK3T',
      legal_person: '王建国',
      taxpayer_type: '1',
      area: '110106',
      contact_name: '李海燕',
      contact_phone: '13911112222',
      bank_code: 'CCB',
      bank_account: '11050163360000001234',
      supplier_status: '2',
      business_license: 'l.png',
      service_types: '3',
    });
    const s = await get('sup_service', supplier);
    expect(s).toMatchObject({ supplier_category: '3', supplier_grade: null });
    expect(s.supplier_code).toMatch(/^GYS\d{10}$/);
    const evaluate = async (quality: number) => {
      const id = await add('sup_evaluate', {
        supplier_name: '北京正衡工程造价咨询有限公司',
        supplier_id: supplier,
        evaluate_period: '1',
        evaluate_term: '2026Q1',
        quality_score: quality,
        delivery_score: 20,
        price_score: 12,
        service_score: 12,
        safety_score: 12,
      });
      await admin.put(`${base}/form/sup_evaluate`, { id });
      const e = await get('sup_evaluate', id);
      expect(e.supplier_category).toBe('3');
      return { id, e };
    };
    const { id: first, e } = await evaluate(30);
    expect(e).toMatchObject({ total_score: 86, evaluate_grade: 'B' });
    await act('sup_evaluate', first, 'submit', 'approve');
    expect((await get('sup_service', supplier)).supplier_grade).toBe('B');
    const { id: second } = await evaluate(10);
    await act('sup_evaluate', second, 'submit', 'approve');
    expect((await get('sup_service', supplier)).supplier_grade).toBe('C');
    // the three supplier screens share one table, each fixed to its category
    const other = await admin.get(`${base}/getData/sup_labor`, { supplier_name: '*正衡*' });
    expect(other.body.result.total).toBe(0);
    await admin.put(`${base}/form/sup_service`, { id: supplier, supplier_category: '1' });
    expect((await get('sup_service', supplier)).supplier_category).toBe('3');
  });

  it('sums a WBS tree upwards: leaves from quantity × price, parents from their children', async () => {
    const root = await add('eng_output', { project_id: 'p1', node_code: '01', node_name: '单位工程', node_level: '1' });
    const part = await add('eng_output', { pid: root, project_id: 'p1', node_code: '01.01', node_name: '管道工程', node_level: '2' });
    const leaf = (code: string, qty: number, price: number, done: number) =>
      add('eng_output', {
        pid: part,
        project_id: 'p1',
        node_code: code,
        node_name: code,
        node_level: '4',
        design_qty: qty,
        unit_price: price,
        completed_qty: done,
      });
    const a = await leaf('01.01.01', 100, 12.5, 50);
    await leaf('01.01.02', 10, 300, 10);
    expect(await get('eng_output', a)).toMatchObject({ contract_amount: 1250, output_amount: 625, completion_rate: 50 });
    expect(await get('eng_output', root)).toMatchObject({ contract_amount: 4250, output_amount: 3625, completion_rate: 85.29 });
    await admin.del(`${base}/form/eng_output/${a}`);
    expect(await get('eng_output', root)).toMatchObject({ contract_amount: 3000, output_amount: 3000, completion_rate: 100 });
  });
});

describe('rules across fields and rows', () => {
  it('refuses a lease ending before it starts and a second construction log of a project on one day', async () => {
    const lease = await admin.post(`${base}/form/wms_lease`, {
      lease_object: '1',
      object_name: '项目部办公用房',
      counterparty: '北京京鼎物业管理有限公司',
      start_date: '2026-05-01',
      end_date: '2026-04-01',
      rent_amount: 8000,
      pay_cycle: '1',
      total_rent: 96000,
    });
    expect(lease.body).toMatchObject({ success: false, message: '到期日期不能早于起租日期' });
    const log = { project_id: 'p9', log_date: '2026-03-05', weather: '1', worker_count: 12, work_content: '光缆敷设' };
    await add('pm_construction_day', log);
    expect((await admin.post(`${base}/form/pm_construction_day`, log)).body).toMatchObject({
      success: false,
      message: '该项目当天的施工日志已填写',
    });
  });

  it('refuses a worker roster with the same ID card twice in one subcontract', async () => {
    const worker = {
      worker_name: '王建国',
      id_card_no: '130623199003151234',
      sex: '1',
      work_type: '1',
      entry_date: '2026-03-01',
      bank_card_no: '6222021234567890',
    };
    const res = await admin.post(`${base}/form/pm_labor_outsource`, {
      project_id: 'p1',
      supplier_id: 's1',
      work_scope: '管道开挖劳务',
      pricing_mode: '1',
      contract_amount: 100000,
      start_date: '2026-03-01',
      end_date: '2026-06-01',
      team_leader: '李志强',
      team_leader_phone: '13912345678',
      contract_file: 'f.pdf',
      pm_labor_worker: [worker, worker],
    });
    expect(res.body).toMatchObject({ success: false, message: '同一分包合同中身份证号不能重复' });
  });

  it('lists only the suppliers of a category in a picker with a fixed condition', async () => {
    const code = encodeURIComponent("sup_supplier,supplier_name,id,supplier_category='3'");
    const res = await admin.get(`/sys/dict/loadDict/${code}`, { keyword: '', pageSize: 50 });
    expect(res.body.success).toBe(true);
    expect(res.body.result.every((r: { text: string }) => r.text.includes('咨询'))).toBe(true);
    const bad = await admin.get(`/sys/dict/loadDict/${encodeURIComponent('sup_supplier,supplier_name,id,1=1 or 1=1')}`, { keyword: '' });
    expect(bad.body).toMatchObject({ success: false, message: '字典Code格式不正确！' });
  });
});
