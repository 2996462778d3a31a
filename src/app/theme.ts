import type { ThemeConfig } from 'antd';

/**
 * The app's antd theme for a primary colour (spec 2.4, 9; a #hex string): the only token the
 * settings change. Shared by the client entry and the build-time login styles
 * (scripts/build/login-page.ts), whose extracted CSS only matches the same theme object.
 */
export const themeOf = (primaryColor: string): ThemeConfig => ({ token: { colorPrimary: primaryColor } });
