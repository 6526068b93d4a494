import { ActionIcon, Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core'
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react'
import { useHydrated } from '@tanstack/react-router'

const choices: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Match my device' },
]

const icons = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const

function isColorScheme(value: string): value is MantineColorScheme {
  return value === 'light' || value === 'dark' || value === 'auto'
}

/** Light, dark or the device's setting; the button names the current choice for screen readers. */
export function ColorSchemeMenu() {
  const { colorScheme: chosen, setColorScheme } = useMantineColorScheme()
  // A server-rendered page cannot know the visitor's stored choice: it names the default until it is hydrated.
  const colorScheme = useHydrated() ? chosen : 'auto'
  const Icon = icons[colorScheme]
  const current = choices.find((choice) => choice.value === colorScheme)?.label ?? ''

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={`Colour scheme: ${current}`}>
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Colour scheme</Menu.Label>
        <Menu.RadioGroup value={colorScheme} onChange={(value) => isColorScheme(value) && setColorScheme(value)}>
          {choices.map((choice) => (
            <Menu.RadioItem key={choice.value} value={choice.value} closeMenuOnClick>
              {choice.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  )
}
