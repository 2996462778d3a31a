const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** A 4-digit group (0–9999) in capitals, with inner zeros as 零 and no trailing zeros. */
function group(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + UNITS[i];
  }
  return out;
}

/**
 * An amount in Chinese capital numerals as written on Chinese vouchers (金额大写, 人民币大写):
 * 12345.67 → 壹万贰仟叁佰肆拾伍元陆角柒分, 100 → 壹佰元整, 0.5 → 伍角整, 1.05 → 壹元零伍分, 0 → 零元整; a negative
 * amount starts with 负. Rounded to fen (2 decimals); amounts up to 9,999,999,999,999,999.99.
 */
export function rmbUpper(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const negative = amount < 0;
  const fen = Math.round(Number((Math.abs(amount) * 100).toPrecision(15)));
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const f = fen % 10;
  let int = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let y = yuan; y > 0; y = Math.floor(y / 10000)) groups.push(y % 10000);
    let zero = false;
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i];
      if (g === 0) {
        zero = true;
        continue;
      }
      if (int && (zero || g < 1000)) int += '零';
      zero = false;
      int += group(g) + GROUPS[i];
    }
    int += '元';
  }
  let dec = '';
  if (jiao === 0 && f === 0) dec = int ? '整' : '零元整';
  else {
    if (jiao > 0) dec += DIGITS[jiao] + '角';
    else if (int) dec += '零';
    if (f > 0) dec += DIGITS[f] + '分';
    else dec += '整';
  }
  return (negative ? '负' : '') + int + dec;
}
