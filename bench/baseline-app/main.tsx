// The baseline of the bundle and Lighthouse benchmarks: the least a Vite + React 19 page ships, built with the
// repository's own vite and @vitejs/plugin-react (bench/build.ts). Nothing else: no router, UI kit or data layer.
// Written with createElement rather than JSX: bench/ is type-checked by tsconfig.node.json, which has no JSX setting.
import { createElement as h, StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  const [count, setCount] = useState(0)
  return h(
    'main',
    null,
    h('h1', null, 'Bare Vite + React'),
    h('p', null, 'A page with one component and one piece of state, as a new Vite + React project starts.'),
    h('button', { type: 'button', onClick: () => setCount((n) => n + 1) }, `Clicked ${count} times`),
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(h(StrictMode, null, h(App)))
