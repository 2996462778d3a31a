import { describe, expect, it } from 'vitest';
import { getPlugin, getPluginsNames } from 'handsontable/plugins/registry';
import { hasCellType } from 'handsontable/cellTypes/registry';
import { getLanguageDictionary } from 'handsontable/i18n/registry';
import { EDITABLE_TABLE_PLUGINS, registerEditableTableModules } from './handsontable-modules';

describe('registerEditableTableModules', () => {
  registerEditableTableModules();
  registerEditableTableModules(); // a second call changes nothing

  it('registers the listed plugins, the checkbox cell type and zh-CN, and no other plugin', () => {
    const names = getPluginsNames();
    expect([...names].sort()).toEqual(EDITABLE_TABLE_PLUGINS.map((p) => p.PLUGIN_KEY.replace(/^./, (c) => c.toUpperCase())).sort());
    for (const name of ['ColumnSorting', 'ManualRowMove', 'ContextMenu', 'CopyPaste', 'UndoRedo', 'Autofill'])
      expect(names).toContain(name);
    expect(names).not.toContain('Filters');
    expect(hasCellType('checkbox')).toBe(true);
    expect(getLanguageDictionary('zh-CN')).toBeTruthy();
  });

  it("registers every plugin each registered plugin needs (handsontable throws at the grid's creation otherwise)", () => {
    for (const plugin of EDITABLE_TABLE_PLUGINS) {
      const deps = (plugin as unknown as { PLUGIN_DEPS?: string[] }).PLUGIN_DEPS ?? [];
      for (const dep of deps) {
        const [kind, name] = dep.split(':');
        if (kind === 'plugin') expect(getPlugin(name), `${plugin.PLUGIN_KEY} needs ${name}`).toBeDefined();
        if (kind === 'cell-type') expect(hasCellType(name), `${plugin.PLUGIN_KEY} needs ${name}`).toBe(true);
      }
    }
  });
});
