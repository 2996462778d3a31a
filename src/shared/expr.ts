/**
 * The small expression language of screen schemas (computed fields `compute.expr`, cross-field
 * `checks`, status-action conditions and `set` values): read by the server when it computes and
 * checks rows and by the form when it shows a formula live, so both give the same answer.
 *
 * Syntax: numbers, 'text', true/false/null, field or aggregate names, + - * / %, == != < <= > >=,
 * && || !, c ? a : b, parentheses and the functions of {@link FUNCTIONS}. Values are numbers,
 * strings, booleans or null. Arithmetic reads numeric text as numbers and gives null when an
 * operand is null (nz(x) turns null into 0); comparisons are numeric when both sides are
 * numbers and textual otherwise (dates YYYY-MM-DD compare as text), and null when a side is
 * null; && || follow three-valued logic; a null condition of ?: takes the else branch.
 * Nothing else is reachable: no property access, no assignment, no calls but the list.
 */
import { rmbUpper } from './rmb.js';

export type ExprValue = number | string | boolean | null;

type Node =
  | { k: 'lit'; v: ExprValue }
  | { k: 'id'; name: string }
  | { k: 'un'; op: '-' | '!'; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'cond'; c: Node; a: Node; b: Node }
  | { k: 'call'; fn: string; args: Node[] };

/** An expression that could not be parsed: the message names the position. */
export class ExprError extends Error {}

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|'((?:[^'\\]|\\.)*)'|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|&&|\|\||[-+*/%<>!?:(),]))/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < src.length) {
    if (/^\s*$/.test(src.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(src);
    if (!m) throw new ExprError(`表达式无法解析（第${at + 1}个字符）：${src}`);
    out.push(m[1] !== undefined ? `#${m[1]}` : m[2] !== undefined ? `'${m[2].replace(/\\(.)/g, '$1')}` : (m[3] ?? m[4]));
    at = TOKEN.lastIndex;
  }
  return out;
}

/** Parses `src` into a tree; throws ExprError on a syntax error or an unknown function. */
function parse(src: string): Node {
  const t = tokenize(src);
  let i = 0;
  const peek = () => t[i];
  const take = (s?: string) => {
    const v = t[i];
    if (s !== undefined && v !== s) throw new ExprError(`表达式缺少 ${s}：${src}`);
    i++;
    return v;
  };
  const primary = (): Node => {
    const v = take();
    if (v === undefined) throw new ExprError(`表达式不完整：${src}`);
    if (v === '(') {
      const e = ternary();
      take(')');
      return e;
    }
    if (v.startsWith('#')) return { k: 'lit', v: Number(v.slice(1)) };
    if (v.startsWith("'")) return { k: 'lit', v: v.slice(1) };
    if (/^[A-Za-z_]/.test(v)) {
      if (v === 'true' || v === 'false') return { k: 'lit', v: v === 'true' };
      if (v === 'null') return { k: 'lit', v: null };
      if (peek() === '(') {
        take('(');
        if (!Object.prototype.hasOwnProperty.call(FUNCTIONS, v)) throw new ExprError(`表达式中的函数 ${v} 不存在：${src}`);
        const args: Node[] = [];
        if (peek() !== ')') {
          args.push(ternary());
          while (peek() === ',') {
            take(',');
            args.push(ternary());
          }
        }
        take(')');
        return { k: 'call', fn: v, args };
      }
      return { k: 'id', name: v };
    }
    throw new ExprError(`表达式无法解析（${v}）：${src}`);
  };
  const unary = (): Node => {
    if (peek() === '-' || peek() === '!') {
      const op = take() as '-' | '!';
      return { k: 'un', op, a: unary() };
    }
    return primary();
  };
  const level = (ops: string[], next: () => Node) => (): Node => {
    let a = next();
    while (ops.includes(peek())) {
      const op = take();
      a = { k: 'bin', op, a, b: next() };
    }
    return a;
  };
  const mul = level(['*', '/', '%'], unary);
  const add = level(['+', '-'], mul);
  const cmp = level(['==', '!=', '<', '<=', '>', '>='], add);
  const and = level(['&&'], cmp);
  const or = level(['||'], and);
  function ternary(): Node {
    const c = or();
    if (peek() !== '?') return c;
    take('?');
    const a = ternary();
    take(':');
    return { k: 'cond', c, a, b: ternary() };
  }
  const root = ternary();
  if (i < t.length) throw new ExprError(`表达式多余的内容（${t[i]}）：${src}`);
  return root;
}

/** A number for arithmetic: numbers as they are, numeric text as a number, everything else null. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/**
 * `x` rounded half away from zero to `digits` decimals, without binary-float surprises
 * (1.005 → 1.01): the scaled value is taken to 15 significant digits before rounding.
 */
export function roundTo(x: number, digits = 0): number {
  const f = 10 ** digits;
  const scaled = Number((Math.abs(x) * f).toPrecision(15));
  const r = (Math.sign(x) * Math.round(scaled)) / f;
  return Object.is(r, -0) ? 0 : r;
}

const isNull = (v: unknown) => v === null || v === undefined || v === '';
const text = (v: ExprValue) => (v === null ? '' : String(v));

/** What an evaluation may read: values by name and the current day (YYYY-MM-DD). */
export interface ExprScope {
  get(name: string): unknown;
  today?: string;
}

type Fn = (args: ExprValue[], scope: ExprScope) => ExprValue;

const num = (args: ExprValue[], fn: (...n: number[]) => number): ExprValue => {
  const ns = args.map(toNumber);
  return ns.some((n) => n === null) ? null : fn(...(ns as number[]));
};

/** The functions an expression may call. */
const FUNCTIONS: Record<string, Fn> = {
  /** round(x, digits = 0): half away from zero. */
  round: (a) => num([a[0], a[1] ?? 0], (x, d) => roundTo(x, d)),
  abs: (a) => num([a[0]], Math.abs),
  /** min / max of the non-null arguments (null when all are null). */
  min: (a) => {
    const ns = a.map(toNumber).filter((n): n is number => n !== null);
    return ns.length ? Math.min(...ns) : null;
  },
  max: (a) => {
    const ns = a.map(toNumber).filter((n): n is number => n !== null);
    return ns.length ? Math.max(...ns) : null;
  },
  /** nz(x, d = 0): x as a number, d when x is null. */
  nz: (a) => toNumber(a[0]) ?? toNumber(a[1] ?? 0),
  /** num(x): x as a number (null when not numeric). */
  num: (a) => toNumber(a[0]),
  /** rmb(x): the amount in Chinese capital numerals (人民币大写). */
  rmb: (a) => {
    const n = toNumber(a[0]);
    return n === null ? null : rmbUpper(n);
  },
  /** today(): the current day, YYYY-MM-DD. */
  today: (_a, scope) => scope.today ?? new Date().toISOString().slice(0, 10),
  /** days(from, to): whole days from one date to the other (to − from). */
  days: (a) => {
    if (isNull(a[0]) || isNull(a[1])) return null;
    const d = (v: ExprValue) => Date.parse(`${String(v).slice(0, 10)}T00:00:00Z`);
    const r = (d(a[1]) - d(a[0])) / 86_400_000;
    return Number.isFinite(r) ? r : null;
  },
  /** items(x): how many items a comma-joined multi value holds (0 when empty). */
  items: (a) =>
    isNull(a[0])
      ? 0
      : String(a[0])
          .split(',')
          .filter((s) => s.trim() !== '').length,
  /** empty(x): true when x is null or ''. */
  empty: (a) => isNull(a[0]),
  /** concat(...): the arguments as text, nulls left out. */
  concat: (a) => a.map(text).join(''),
};

function truth(v: ExprValue): boolean | null {
  if (v === null || v === '') return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return true;
}

function compare(op: string, x: ExprValue, y: ExprValue): ExprValue {
  if (op === '==' || op === '!=') {
    const eq = (() => {
      if (isNull(x) || isNull(y)) return isNull(x) && isNull(y);
      const nx = toNumber(x);
      const ny = toNumber(y);
      return nx !== null && ny !== null && typeof x !== 'boolean' && typeof y !== 'boolean' ? nx === ny : text(x) === text(y);
    })();
    return op === '==' ? eq : !eq;
  }
  if (isNull(x) || isNull(y)) return null;
  const nx = toNumber(x);
  const ny = toNumber(y);
  const c = nx !== null && ny !== null ? nx - ny : text(x) < text(y) ? -1 : text(x) > text(y) ? 1 : 0;
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
}

function evalNode(n: Node, scope: ExprScope): ExprValue {
  switch (n.k) {
    case 'lit':
      return n.v;
    case 'id': {
      const v = scope.get(n.name);
      if (v === undefined || v === null) return null;
      if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
      return String(v);
    }
    case 'un': {
      const a = evalNode(n.a, scope);
      if (n.op === '!') {
        const t = truth(a);
        return t === null ? null : !t;
      }
      const x = toNumber(a);
      return x === null ? null : -x;
    }
    case 'cond':
      return truth(evalNode(n.c, scope)) ? evalNode(n.a, scope) : evalNode(n.b, scope);
    case 'call':
      return FUNCTIONS[n.fn](
        n.args.map((a) => evalNode(a, scope)),
        scope,
      );
    case 'bin': {
      if (n.op === '&&' || n.op === '||') {
        const a = truth(evalNode(n.a, scope));
        if (n.op === '&&' && a === false) return false;
        if (n.op === '||' && a === true) return true;
        const b = truth(evalNode(n.b, scope));
        if (n.op === '&&') return b === false ? false : a === null || b === null ? null : true;
        return b === true ? true : a === null || b === null ? null : false;
      }
      const a = evalNode(n.a, scope);
      const b = evalNode(n.b, scope);
      if (['==', '!=', '<', '<=', '>', '>='].includes(n.op)) return compare(n.op, a, b);
      const x = toNumber(a);
      const y = toNumber(b);
      if (x === null || y === null) return null;
      switch (n.op) {
        case '+':
          return x + y;
        case '-':
          return x - y;
        case '*':
          return x * y;
        case '/':
          return y === 0 ? null : x / y;
        default:
          return y === 0 ? null : x % y;
      }
    }
  }
}

const cache = new Map<string, Node>();

function compiled(src: string): Node {
  let n = cache.get(src);
  if (!n) {
    n = parse(src);
    if (cache.size > 2000) cache.clear();
    cache.set(src, n);
  }
  return n;
}

/**
 * Evaluates `src` with the values `scope.get` gives (field or aggregate names).
 * @throws ExprError when the expression does not parse (the schema check catches this at load)
 */
export function evaluate(src: string, scope: ExprScope): ExprValue {
  return evalNode(compiled(src), scope);
}

/** The names an expression reads (fields and aggregates), without function names. */
export function identifiers(src: string): string[] {
  const out = new Set<string>();
  const walk = (n: Node) => {
    if (n.k === 'id') out.add(n.name);
    else if (n.k === 'un') walk(n.a);
    else if (n.k === 'bin') {
      walk(n.a);
      walk(n.b);
    } else if (n.k === 'cond') {
      walk(n.c);
      walk(n.a);
      walk(n.b);
    } else if (n.k === 'call') n.args.forEach(walk);
  };
  walk(compiled(src));
  return [...out];
}

/** The syntax problem of `src`, or null when it parses. */
export function exprProblem(src: string): string | null {
  try {
    compiled(src);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A scope over a plain object keyed by field name (falling back to snake_case columns). */
export function rowScope(row: Record<string, unknown>, extra: Record<string, unknown> = {}, today?: string): ExprScope {
  return {
    today,
    get: (name) => {
      if (Object.prototype.hasOwnProperty.call(extra, name)) return extra[name];
      if (Object.prototype.hasOwnProperty.call(row, name)) return row[name];
      return row[name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())];
    },
  };
}
