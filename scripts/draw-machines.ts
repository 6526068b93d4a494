// Writes the picture of every machine in scripts/machines.ts into docs/, from the machines themselves.
import { writeFileSync } from 'node:fs'
import { machineDocument } from './machine-diagram.ts'
import { drawnMachines } from './machines.ts'

for (const { title, source, file, machine } of drawnMachines) {
  writeFileSync(file, machineDocument(title, source, machine))
  console.log(`drew ${file}`)
}
