import { MantineProvider } from '@mantine/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { RichTextEditor, type InsertedImage } from '@/ui/back-office/rich-text-editor'
import { theme } from '@/ui/theme'

function Harness({ initial, error, onInsertImage, onValue }: { initial: string; error?: string; onInsertImage?: () => Promise<InsertedImage | undefined>; onValue?: (html: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <MantineProvider theme={theme} env="test">
      <RichTextEditor
        label="Description"
        description="What learners do."
        value={value}
        onChange={(html) => {
          setValue(html)
          onValue?.(html)
        }}
        error={error}
        onInsertImage={onInsertImage}
      />
      <button type="button" onClick={() => setValue('<p>Reset from outside</p>')}>
        Reset
      </button>
    </MantineProvider>
  )
}

// jsdom lays nothing out; ProseMirror measures the selection to scroll it into view, so it gets one empty box.
beforeAll(() => {
  const box = () => new DOMRect(0, 0, 0, 0)
  const boxes = () => Object.assign([box()], { item: () => box() }) as unknown as DOMRectList
  Range.prototype.getBoundingClientRect = box
  Range.prototype.getClientRects = boxes
})

describe('RichTextEditor', () => {
  it('names the editable area by its label and describes it by its description and error', async () => {
    render(<Harness initial="<p>Hello</p>" error="Write the description." />)
    const textbox = await screen.findByRole('textbox', { name: 'Description' })
    expect(textbox.getAttribute('aria-multiline')).toBe('true')
    expect(textbox.getAttribute('aria-invalid')).toBe('true')
    expect(textbox.textContent).toBe('Hello')
    const describedBy = (textbox.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(describedBy).toEqual(['Write the description.', 'What learners do.'])
  })

  it('offers the toolbar controls by name, and Insert image only when images can be chosen', async () => {
    const { unmount } = render(<Harness initial="" />)
    await screen.findByRole('textbox', { name: 'Description' })
    for (const name of ['Bold', 'Italic', 'Heading (level 2)', 'Subheading (level 3)', 'Minor heading (level 4)', 'Bullet list', 'Numbered list', 'Quote', 'Link', 'Remove link', 'Undo', 'Redo']) {
      expect(screen.getByRole('button', { name })).toBeTruthy()
    }
    expect(screen.queryByRole('button', { name: 'Insert image' })).toBeNull()
    unmount()
    render(<Harness initial="" onInsertImage={() => Promise.resolve(undefined)} />)
    await screen.findByRole('textbox', { name: 'Description' })
    expect(screen.getByRole('button', { name: 'Insert image' })).toBeTruthy()
  })

  it('inserts the image it is given, with its alt text, and reports the HTML', async () => {
    const onValue = vi.fn()
    const onInsertImage = vi.fn(() => Promise.resolve({ src: '/api/media/abc', alt: 'Pupils at a whiteboard' }))
    render(<Harness initial="<p>Before</p>" onInsertImage={onInsertImage} onValue={onValue} />)
    const textbox = await screen.findByRole('textbox', { name: 'Description' })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Insert image' }))
      await Promise.resolve()
    })
    await waitFor(() => expect(textbox.querySelector('img')?.getAttribute('alt')).toBe('Pupils at a whiteboard'))
    expect(onInsertImage).toHaveBeenCalledOnce()
    expect(onValue).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/api/media/abc" alt="Pupils at a whiteboard"'))
  })

  it('follows a value set from outside', async () => {
    render(<Harness initial="<p>First</p>" />)
    const textbox = await screen.findByRole('textbox', { name: 'Description' })
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
    await waitFor(() => expect(textbox.textContent).toBe('Reset from outside'))
  })
})
