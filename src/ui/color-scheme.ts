import { localStorageColorSchemeManager } from '@mantine/core'

/**
 * Where the visitor's choice (light, dark or auto) is kept. public/color-scheme.js reads the same key to set
 * the scheme before the first paint, so keep the two in step.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'tec.color-scheme'

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY })
