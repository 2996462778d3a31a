/** A permission entry as getUserPermissionByToken returns it (spec 3 "Permission entry"). */
export interface PermissionEntry {
  action: string;
  type?: string;
  status?: string;
  describe?: string;
}

export interface PermissionSources {
  /** Codes granted through the current record or form data (spec 6: first source). */
  formData?: readonly string[];
  /** Buttons the signed-in user holds (`auth`). */
  auth: readonly PermissionEntry[];
  /** Every rule defined in the system (`allAuth`). */
  allAuth: readonly PermissionEntry[];
}

const codesOf = (e: PermissionEntry) => e.action.split(',').map((s) => s.trim());

/**
 * The has-permission check of spec 6 and docs/architecture.md "Permission model": a code is allowed when it is granted by
 * the form data or the user's `auth` list, or when it is not controlled — no `allAuth` entry,
 * or its entry is inactive (status '0'). Show/hide rules only (type '1' or unset).
 */
export function hasPermission(code: string, src: PermissionSources): boolean {
  if (src.formData?.includes(code)) return true;
  if (src.auth.some((e) => (e.type ?? '1') !== '2' && codesOf(e).includes(code))) return true;
  const rule = src.allAuth.find((e) => (e.type ?? '1') !== '2' && codesOf(e).includes(code));
  return !rule || rule.status === '0';
}

/**
 * Actions allowed under a prefix (spec 6 "prefix match returning allowed action suffixes"):
 * for `authPre` 'fin:bank_account' and actions ['add','delete'] returns those the user may use.
 */
export function allowedActions(authPre: string, actions: readonly string[], src: PermissionSources): Set<string> {
  return new Set(actions.filter((a) => hasPermission(`${authPre}:${a}`, src)));
}

// Per permission list (the lists are store snapshots, never changed in place): the codes `auth`
// holds, and the codes of the active type '2' rules of `allAuth`. A form asks on every render;
// walking a few thousand entries each time was a large part of opening a form.
const heldByAuth = new WeakMap<readonly PermissionEntry[], Set<string>>();
const formRulesByAllAuth = new WeakMap<readonly PermissionEntry[], string[]>();

function heldCodes(auth: readonly PermissionEntry[]): Set<string> {
  let held = heldByAuth.get(auth);
  if (!held) heldByAuth.set(auth, (held = new Set(auth.flatMap(codesOf))));
  return held;
}

function activeFormRuleCodes(allAuth: readonly PermissionEntry[]): string[] {
  let codes = formRulesByAllAuth.get(allAuth);
  if (!codes) formRulesByAllAuth.set(allAuth, (codes = allAuth.filter((e) => e.type === '2' && e.status === '1').flatMap(codesOf)));
  return codes;
}

/**
 * Fields disabled by type '2' rules (`{authPre}:form:{field}` active and not held), docs/architecture.md "Permission model".
 * The lists are indexed once per list object (they are treated as immutable).
 */
export function disabledFormFields(authPre: string, src: PermissionSources): Set<string> {
  const prefix = `${authPre}:form:`;
  const held = heldCodes(src.auth);
  const out = new Set<string>();
  for (const code of activeFormRuleCodes(src.allAuth)) if (code.startsWith(prefix) && !held.has(code)) out.add(code.slice(prefix.length));
  return out;
}
