import { Anchor, Button, Container, createTheme, defaultVariantColorsResolver, Grid, type CSSVariablesResolver, type MantineColorsTuple, type PasswordInputProps, type VariantColorsResolver } from '@mantine/core'

/** The brand's deep blue (#020065) at shade 6; shades 7–9 darken so hover states never turn lighter. */
const tec: MantineColorsTuple = [
  '#ebebfa',
  '#cfcff2',
  '#a9a9e6',
  '#7f7fd6',
  '#5454c2',
  '#2b2ba3',
  '#020065',
  '#020054',
  '#010044',
  '#010034',
]

/**
 * Filled brand-blue controls take their text colour from the scheme: white on #020065 in the light scheme; in the
 * dark one the fill is a light tint of the brand blue (#020065 itself would sit at about 1.1:1 against the dark
 * page), so its text is the darkest brand shade.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input)
  const brand = input.color === undefined || input.color === 'tec' || input.color === input.theme.primaryColor
  if (input.variant === 'filled' && brand) return { ...colors, background: 'var(--tec-brand-fill)', hover: 'var(--tec-brand-fill-hover)', color: 'var(--tec-on-primary)' }
  return colors
}

export const theme = createTheme({
  variantColorResolver,
  colors: { tec },
  primaryColor: 'tec',
  // The same shade in both schemes, so filled primary buttons are exactly #020065 everywhere.
  primaryShade: { light: 6, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Grid: Grid.extend({ defaultProps: { columns: 24 } }),
    Container: Container.extend({ defaultProps: { size: 'lg' } }),
    // Underlined so links stand apart from body text without relying on colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Named, so the button takes its colours from variantColorResolver (unnamed, Mantine paints the plain primary fill).
    Button: Button.extend({ defaultProps: { variant: 'filled' } }),
    // A plain object, as PasswordInput.extend() would return: importing PasswordInput here would put it in every page's
    // first load, where only the password screens show one.
    PasswordInput: {
      defaultProps: {
        // Reachable by keyboard; aria-pressed (set by Mantine) tells whether the password is shown.
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      } satisfies Partial<PasswordInputProps>,
    },
  },
})

/**
 * The colours that carry a meaning (red for danger and errors, orange and yellow for what needs doing, green and teal
 * for done), in the light scheme: Mantine's shade 6, used for their text, outlines and filled buttons, reads at about
 * 3:1 on white, and shade 9 of orange, green and yellow still below 4.5:1. These inks pass 4.5:1 on white and on the
 * colour's own light background, with white text on them; the second is the hover. In the dark scheme Mantine's own
 * shades pass for text and outlines, and the fills take these inks too; components use the colour's name
 * (`color="red"`), never a fixed shade that suits one scheme only.
 */
const STATUS_COLORS_ON_WHITE: Record<string, readonly [ink: string, hover: string]> = {
  red: ['#c52929', '#a72323'],
  orange: ['#bb3e0d', '#9f350b'],
  yellow: ['#a65600', '#8d4900'],
  green: ['#267937', '#20672f'],
  teal: ['#087756', '#076549'],
}

function statusColorVariables(name: string, ink: string, hover: string): [string, string][] {
  return [
    [`--mantine-color-${name}-text`, ink],
    [`--mantine-color-${name}-filled`, ink],
    [`--mantine-color-${name}-filled-hover`, hover],
    [`--mantine-color-${name}-outline`, ink],
    [`--mantine-color-${name}-light-color`, ink],
  ]
}

/**
 * Mantine's default dimmed text (gray.6) and error text (red.6) fall below the 4.5:1 contrast WCAG asks
 * for small text on white; these darker shades pass. On the dark background dimmed text (dark.2, 4.0:1)
 * moves up to dark.1, and the brand blue's shade 4, which Mantine uses for links and coloured text, is too
 * dark to read; shade 2 passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--tec-brand-fill': 'var(--mantine-color-tec-6)',
    '--tec-brand-fill-hover': 'var(--mantine-color-tec-7)',
    '--tec-on-primary': 'var(--mantine-color-white)',
    ...Object.fromEntries(Object.entries(STATUS_COLORS_ON_WHITE).flatMap(([name, [ink, hover]]) => statusColorVariables(name, ink, hover))),
  },
  dark: {
    // White on Mantine's dark-scheme fill (shade 6) reads at about 3:1; the light scheme's inks pass in both.
    ...Object.fromEntries(
      Object.entries(STATUS_COLORS_ON_WHITE).flatMap(([name, [ink, hover]]) => [
        [`--mantine-color-${name}-filled`, ink],
        [`--mantine-color-${name}-filled-hover`, hover],
      ]),
    ),
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Filled brand buttons (and badges, icons): a light tint with the darkest brand shade on it, 6.9:1 against the
    // page, 9:1 for text. Other fills (a checked chip, the current page number) keep #020065 with white words.
    '--tec-brand-fill': 'var(--mantine-color-tec-2)',
    '--tec-brand-fill-hover': 'var(--mantine-color-tec-1)',
    '--tec-on-primary': 'var(--mantine-color-tec-9)',
    '--mantine-color-anchor': 'var(--mantine-color-tec-2)',
    '--mantine-color-tec-text': 'var(--mantine-color-tec-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
})
