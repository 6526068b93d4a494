import { expect, test } from 'vitest'
import { machineDocument } from '../../scripts/machine-diagram'
import { drawnMachines } from '../../scripts/machines'

const committed = import.meta.glob<string>('../../docs/*-machine.md', { query: '?raw', import: 'default', eager: true })

test.each(drawnMachines)('the picture in $file is the one $source draws (npm run docs:machines redraws it)', ({ title, source, file, machine }) => {
  expect(committed[`../../${file}`]).toBe(machineDocument(title, source, machine))
})
