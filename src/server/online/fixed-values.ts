import { sql } from 'kysely';
import { toColumn } from '../../shared/columns.js';
import type { ScreenHookRegistry } from './screen-hooks.js';
import type { ScreenRegistry } from './screen-registry.js';

/**
 * The fixed values of screens (schema `fixedValues`, e.g. the three supplier screens over one
 * table): list, detail, edit, delete and export reach only rows holding them; an added row is
 * written with them and an edit never changes them. Registers one hook per such screen.
 */
export function registerFixedValueHooks(screens: ScreenRegistry, hooks: ScreenHookRegistry): void {
  for (const { screen } of screens.list()) {
    const fixed = Object.entries(screen.fixedValues ?? {}).map(([name, value]) => ({ column: toColumn(name), value }));
    if (!fixed.length) continue;
    hooks.register(screen.id, {
      listScope: () => fixed.map((f) => sql`${sql.ref(f.column)} = ${f.value}`),
      beforeWrite({ row, isNew }) {
        for (const f of fixed) {
          if (isNew) row[f.column] = f.value;
          else delete row[f.column];
        }
      },
    });
  }
}
