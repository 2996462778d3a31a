import type { Plugin } from 'vite';

/** The browserify prelude's probe for an outer `require` (`"function"==typeof require&&require`). */
const PROBE = '"function"==typeof require&&require';

/**
 * Browserify bundles (exceljs's and jszip's browser builds, loaded lazily by the file preview)
 * probe for an outer CommonJS `require`. A free `require` makes the bundler add its require shim
 * to the shared entry chunk, so the login page would carry it. In a browser the probe is always
 * false: this plugin writes it as `false` in those files, and the shim is not needed.
 */
export function browserifyRequireProbe(): Plugin {
  return {
    name: 'obo-browserify-require-probe',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/](exceljs|jszip)[\\/]dist[\\/].+\.min\.js$/.test(id) || !code.includes(PROBE)) return null;
      return { code: code.replaceAll(PROBE, 'false'), map: null };
    },
  };
}
