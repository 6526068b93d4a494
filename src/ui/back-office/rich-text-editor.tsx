import sanitizeHtml from 'sanitize-html'
import { RICH_TEXT_POLICY } from '@shared/rich-text-policy'
import '@mantine/tiptap/styles.css'
import { Input } from '@mantine/core'
import { Link, RichTextEditor as Editor, useRichTextEditorContext, type RichTextEditorLabels } from '@mantine/tiptap'
import { IconPhotoPlus } from '@tabler/icons-react'
import Image from '@tiptap/extension-image'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useMemo, useState } from 'react'
import classes from './rich-text-editor.module.css'

/** An image to put in the text: its address and its alternative text. */
export interface InsertedImage {
  src: string
  alt: string
}

export interface RichTextEditorProps {
  label: string
  description?: string
  /** The text as HTML; empty when there is none. */
  value: string
  onChange: (html: string) => void
  error?: string
  required?: boolean
  /** Asks for an image (a dialog over the media library); the answer goes in at the cursor, nothing when it was cancelled. */
  onInsertImage?: () => Promise<InsertedImage | undefined>
}

/**
 * What the server keeps of rich text (headings 2 to 4, paragraphs, lists, links, emphasis, quotes, rules, images from
 * the media library); code blocks would be dropped on save, so the editor offers none. Mantine's Link adds Mod-K.
 */
const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [2, 3, 4] }, codeBlock: false, link: false }),
  Link,
  Image.configure({ inline: false, allowBase64: false }),
]

const LABELS: Partial<RichTextEditorLabels> = {
  h2ControlLabel: 'Heading (level 2)',
  h3ControlLabel: 'Subheading (level 3)',
  h4ControlLabel: 'Minor heading (level 4)',
  orderedListControlLabel: 'Numbered list',
  blockquoteControlLabel: 'Quote',
  linkEditorInputLabel: 'Link address',
}

const INSERT_IMAGE = 'Insert image'

function InsertImageControl({ onInsertImage }: { onInsertImage: () => Promise<InsertedImage | undefined> }) {
  const { editor } = useRichTextEditorContext()
  const [busy, setBusy] = useState(false)
  const insert = async () => {
    setBusy(true)
    try {
      const image = await onInsertImage()
      if (image && editor && !editor.isDestroyed) editor.chain().focus().setImage({ src: image.src, alt: image.alt }).run()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Editor.Control aria-label={INSERT_IMAGE} title={INSERT_IMAGE} disabled={busy || !editor} onClick={() => void insert()}>
      <IconPhotoPlus size={16} stroke={1.5} aria-hidden />
    </Editor.Control>
  )
}

/**
 * Rich text for the back office (course descriptions, post bodies): a toolbar of the formats the site keeps and an
 * editable area named by its label, described by its description and error. Controlled: `value` in, HTML out
 * (empty text gives ''). Its styles load with it, so only the pages that edit rich text pay for them.
 */
export function RichTextEditor({ label, description, value, onChange, error, required = false, onInsertImage }: RichTextEditorProps) {
  const id = useId()
  const labelId = `${id}-label`
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const [initialContent] = useState(value)

  const describedBy = [error ? errorId : undefined, description ? descriptionId : undefined].filter(Boolean).join(' ')
  const editorProps = useMemo(
    () => ({
      // Pasted HTML is cleaned as text, by the server's own policy, before the editor parses it: any parse by the
      // browser (ProseMirror's detached document, even DOMParser) compiles an `onerror` or `ontoggle`, which the
      // site's CSP then has to refuse. The server sanitises what is saved in any case.
      transformPastedHTML: (html: string) => sanitizeHtml(html, RICH_TEXT_POLICY),
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
      },
    }),
    [labelId, describedBy, error, required],
  )

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    immediatelyRender: false,
    editorProps,
  })

  useEffect(() => {
    if (!editor) return
    const report = () => onChange(editor.isEmpty ? '' : editor.getHTML())
    editor.on('update', report)
    return () => {
      editor.off('update', report)
    }
  }, [editor, onChange])

  // A value set from outside (the form reset, a record reloaded) replaces the text; the editor's own echo does not.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return
    const current = editor.isEmpty ? '' : editor.getHTML()
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={required}
    >
      <Editor editor={editor} labels={LABELS} mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Editor.Toolbar sticky stickyOffset="var(--app-shell-header-offset, 0rem)">
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.H2 />
            <Editor.H3 />
            <Editor.H4 />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.BulletList />
            <Editor.OrderedList />
            <Editor.Blockquote />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Link />
            <Editor.Unlink />
            {onInsertImage && <InsertImageControl onInsertImage={onInsertImage} />}
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content mih={200} className={classes.content} />
      </Editor>
    </Input.Wrapper>
  )
}
